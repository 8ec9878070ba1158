// Proves that after a failed append the writer learns from the ledger's head whether the batch committed and answers accordingly (never twice, never guessed), throws away and re-decides what it decided on top, stops with indeterminate answers when it cannot learn, and reloads after a broken invariant.

import type { SubmitResult } from '@ledger/ledger-client';
import { useTestDatabase } from '@ledger/testing';
import { describe, expect, test } from 'vitest';
import { faultyStore } from './testing/faulty-store.ts';
import {
  answerOf,
  asset,
  coins,
  commandRuns,
  freshId,
  readLedger,
  seedAccounts,
  startTestWriter,
  submission,
  type TestWriter,
  transfer,
} from './testing/writer-fixtures.ts';

const database = useTestDatabase();

async function withFaultyWriter(
  settings: { recoveryTimeoutMs?: number },
  use: (running: TestWriter, faults: ReturnType<typeof faultyStore>) => Promise<void>,
): Promise<void> {
  let faults: ReturnType<typeof faultyStore> | undefined;
  const running = await startTestWriter(database().url, {
    settings,
    wrapStore: (store) => {
      faults = faultyStore(store);
      return faults.store;
    },
  });
  try {
    await use(running, faults as ReturnType<typeof faultyStore>);
  } finally {
    await running.close();
  }
}

async function expectEachCommandOnce(running: TestWriter): Promise<void> {
  const runs = commandRuns(await readLedger(running.store));
  expect([...runs.values()].every((count) => count === 1)).toBe(true);
}

function reasonOf(result: SubmitResult): string {
  return result.kind === 'Unavailable' ? result.reason : result.kind;
}

function transfers(count: number): ReturnType<typeof submission>[] {
  return Array.from({ length: count }, () =>
    submission(transfer(freshId('t'), 'erin', 'frank', coins(1)), { actor: 'member:9' }),
  );
}

describe('a failed append', () => {
  test('that committed (lost COMMIT reply) is answered as committed, once', async () => {
    await withFaultyWriter({}, async (running, faults) => {
      await seedAccounts(running.writer, ['erin', 'frank'], 1_000);
      faults.failNextAppend('lostAfterCommit');
      const batch = transfers(10);
      const results = await Promise.all(batch.map((each) => running.writer.submit(each)));
      for (const result of results) expect(answerOf(result).kind).toBe('accepted');
      const after = await Promise.all(transfers(3).map((each) => running.writer.submit(each)));
      for (const result of after) expect(answerOf(result).kind).toBe('accepted');
      const retries = await Promise.all(batch.map((each) => running.writer.submit(each)));
      for (const retry of retries)
        expect(retry).toMatchObject({ kind: 'answered', replayed: true });
      await expectEachCommandOnce(running);
    });
  });

  test('that did not commit is appended once more, identically, and answered', async () => {
    await withFaultyWriter({}, async (running, faults) => {
      faults.failNextAppend('lostBeforeCommit');
      const results = await Promise.all(transfers(10).map((each) => running.writer.submit(each)));
      for (const result of results) expect(answerOf(result).kind).toBe('accepted');
      expect(running.writer.status()).toBe('running');
      await expectEachCommandOnce(running);
    });
  });

  test('throws away the batch decided on top of it and decides those commands again', async () => {
    await withFaultyWriter({}, async (running, faults) => {
      faults.setAppendDelayMs(30);
      faults.failNextAppend('lostAfterCommit');
      const first = running.writer.submit(transfers(1)[0] as ReturnType<typeof submission>);
      // These arrive while the first append is in flight: they are decided on top of it.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const onTop = await Promise.all(transfers(20).map((each) => running.writer.submit(each)));
      expect(answerOf(await first).kind).toBe('accepted');
      for (const result of onTop) expect(answerOf(result).kind).toBe('accepted');
      expect(running.writer.stats().reloads).toBeGreaterThan(0);
      faults.setAppendDelayMs(0);
      await expectEachCommandOnce(running);
    });
  });

  test('that cannot be resolved before the deadline answers indeterminate and stops; a retry after restart gets the truth', async () => {
    const batch = transfers(5);
    let results: SubmitResult[] = [];
    await withFaultyWriter({ recoveryTimeoutMs: 300 }, async (running, faults) => {
      faults.failNextAppend('lostAfterCommitThenUnreachable');
      const pending = batch.map((each) => running.writer.submit(each));
      results = await Promise.all(pending);
      // The failed batch is indeterminate; what was decided on top of it was never appended.
      expect(results.map(reasonOf)).toContain('indeterminate');
      for (const reason of results.map(reasonOf))
        expect(['indeterminate', 'stopped']).toContain(reason);
      expect(await running.writer.stopped).toBe('indeterminate');
      const refused = await running.writer.submit(transfers(1)[0] as ReturnType<typeof submission>);
      expect(refused).toMatchObject({ kind: 'Unavailable', reason: 'stopped' });
      faults.setUnreachable(false);
    });
    const restarted = await startTestWriter(database().url);
    const retries = await Promise.all(batch.map((each) => restarted.writer.submit(each)));
    // The failed append had committed: its retries get the original answer; the rest is new.
    retries.forEach((retry, index) => {
      const committed = reasonOf(results[index] as SubmitResult) === 'indeterminate';
      expect(retry).toMatchObject({ kind: 'answered', replayed: committed });
    });
    await expectEachCommandOnce(restarted);
    await restarted.close();
  });
});

describe('a failed append that never committed, with the database gone', () => {
  test('answers indeterminate; after restart each retry is decided and applied once', async () => {
    const batch = transfers(5);
    await withFaultyWriter({ recoveryTimeoutMs: 300 }, async (running, faults) => {
      faults.failNextAppend('lostBeforeCommitThenUnreachable');
      const results = await Promise.all(batch.map((each) => running.writer.submit(each)));
      expect(results.map(reasonOf)).toContain('indeterminate');
      for (const reason of results.map(reasonOf))
        expect(['indeterminate', 'stopped']).toContain(reason);
      faults.setUnreachable(false);
    });
    const restarted = await startTestWriter(database().url);
    const retries = await Promise.all(batch.map((each) => restarted.writer.submit(each)));
    for (const retry of retries) expect(retry).toMatchObject({ kind: 'answered', replayed: false });
    const again = await Promise.all(batch.map((each) => restarted.writer.submit(each)));
    for (const retry of again) expect(retry).toMatchObject({ kind: 'answered', replayed: true });
    await expectEachCommandOnce(restarted);
    await restarted.close();
  });
});

describe('a broken invariant', () => {
  test('answers WriterFault to the command that hit it, reloads, and goes on', async () => {
    const running = await startTestWriter(database().url);
    const btc = running.writer.state().assets.get(asset);
    if (btc === undefined) throw new Error('no asset');
    // Corrupt the in-memory running total: the next evolve of a BTC movement asserts.
    btc.balanceTotal += 1n;
    const hit = await running.writer.submit(
      submission(transfer(freshId(), 'erin', 'frank', coins(1))),
    );
    expect(hit.kind).toBe('WriterFault');
    const next = await running.writer.submit(
      submission(transfer(freshId(), 'erin', 'frank', coins(1))),
    );
    expect(answerOf(next).kind).toBe('accepted');
    expect(running.writer.stats()).toMatchObject({ faults: 1, reloads: 1 });
    await running.close();
  });
});

// Proves at the writer's API that concurrent holds of one full balance place exactly one hold (T2), and that concurrent captures, releases and expiries of one hold, including the expiry worker's, resolve it exactly once (T3).

import type { LedgerCommandInput, SubmitResult } from '@ledger/ledger-client';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createExpiryWorker } from './expiry-worker.ts';
import {
  answerOf,
  asset,
  coins,
  commandRuns,
  freshId,
  manualClock,
  openMember,
  readLedger,
  seedAccounts,
  seededRandom,
  startTestWriter,
  submission,
  type TestWriter,
} from './testing/writer-fixtures.ts';

const database = useTestDatabase();
const clock = manualClock();
let running: TestWriter;

beforeAll(async () => {
  running = await startTestWriter(database().url, { nowMs: clock.nowMs });
  await seedAccounts(running.writer, ['seller', 'buyer'], 1_000);
});
afterAll(async () => {
  await running.close();
});

function placeHold(
  holdId: string,
  account: string,
  units: number,
  expiresInMs?: number,
): LedgerCommandInput {
  const data: Extract<LedgerCommandInput, { type: 'PlaceHold' }>['data'] = {
    holdId,
    account,
    amount: coins(units),
    reason: 'c2cEscrow',
  };
  if (expiresInMs !== undefined)
    data.expiresAt = new Date(clock.nowMs() + expiresInMs).toISOString();
  return { type: 'PlaceHold', data };
}

function capture(holdId: string, units: number): LedgerCommandInput {
  return {
    type: 'CaptureHolds',
    data: {
      transferId: freshId('capture'),
      cause: 'c2cRelease',
      captures: [
        { holdId, legs: [{ debit: 'seller', credit: 'buyer', asset, amount: coins(units) }] },
      ],
    },
  };
}

const resolutionTypes = new Set(['HoldCaptured', 'HoldReleased', 'HoldExpired']);

async function resolutionsOf(holdId: string): Promise<string[]> {
  const events = await readLedger(running.store);
  return events
    .filter(
      (event) =>
        resolutionTypes.has(event.type) && (event.data as { holdId: string }).holdId === holdId,
    )
    .map((event) => event.type);
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

describe('T2: concurrent holds of the full balance', () => {
  test('exactly one HoldPlaced; the rest InsufficientFunds or the replay of that one', async () => {
    await running.writer.submit(submission(openMember('holder')));
    await running.writer.submit(
      submission({
        type: 'PostTransfer',
        data: {
          transferId: freshId(),
          cause: 'deposit',
          legs: [{ debit: 'seller', credit: 'holder', asset, amount: coins(10) }],
        },
      }),
    );
    const sameKey = submission(placeHold('hold-same-key', 'holder', 10), { actor: 'member:7' });
    const distinct = Array.from({ length: 40 }, (_, index) =>
      submission(placeHold(`hold-distinct-${index}`, 'holder', 10), { actor: 'member:7' }),
    );
    const all = shuffled(
      [...distinct, ...Array.from({ length: 10 }, () => sameKey)],
      seededRandom(2),
    );
    const results = await Promise.all(all.map((each) => running.writer.submit(each)));
    const answers = results.map(answerOf);
    const firstAnswers = results.filter((result) => result.kind === 'answered' && !result.replayed);
    const accepted = firstAnswers.map(answerOf).filter((answer) => answer.kind === 'accepted');
    expect(accepted).toHaveLength(1);
    for (const answer of answers) {
      if (answer.kind === 'rejected') expect(answer.rejection.type).toBe('InsufficientFunds');
    }
    const events = await readLedger(running.store);
    const placed = events.filter(
      (event) =>
        event.type === 'HoldPlaced' && (event.data as { account: string }).account === 'holder',
    );
    expect(placed).toHaveLength(1);
    const holder = running.writer.state().accounts.get('holder');
    expect(holder?.kind !== 'limit' && holder?.balance === holder?.held).toBe(true);
  });
});

describe('T3: one hold, concurrent resolutions', () => {
  test('capture, release and expiry race: exactly one resolution event per hold', async () => {
    const random = seededRandom(3);
    for (let round = 0; round < 8; round += 1) {
      const holdId = freshId('t3-hold');
      answerOf(await running.writer.submit(submission(placeHold(holdId, 'seller', 5, 1_000))));
      clock.advance(2_000);
      const attempts: LedgerCommandInput[] = [
        capture(holdId, 5),
        capture(holdId, 3),
        { type: 'ReleaseHold', data: { holdId } },
        { type: 'ExpireHold', data: { holdId } },
      ];
      const results = await Promise.all(
        shuffled(attempts, random).map((command) => running.writer.submit(submission(command))),
      );
      const answers = results.map(answerOf);
      expect(answers.filter((answer) => answer.kind === 'accepted')).toHaveLength(1);
      for (const answer of answers) {
        if (answer.kind === 'rejected') expect(answer.rejection.type).toBe('HoldAlreadyResolved');
      }
      expect(await resolutionsOf(holdId)).toHaveLength(1);
    }
  });
});

describe('expiry worker', () => {
  test('a hold past expiresAt is expired exactly once, by however many ticks', async () => {
    const holdId = freshId('expiring');
    answerOf(await running.writer.submit(submission(placeHold(holdId, 'seller', 2, 1_000))));
    const worker = createExpiryWorker({
      writer: running.writer,
      logger: silentLogger,
      autoStart: false,
    });
    await worker.tick();
    expect(await resolutionsOf(holdId)).toEqual([]);
    clock.advance(1_000);
    await Promise.all([worker.tick(), worker.tick(), worker.tick()]);
    await worker.tick();
    expect(await resolutionsOf(holdId)).toEqual(['HoldExpired']);
    const runs = commandRuns(await readLedger(running.store));
    expect(runs.get(`system:hold-expiry\u0000expire-hold:${holdId}`)).toBe(1);
    await worker.stop();
  });

  test('an expiry racing a capture resolves the hold once', async () => {
    const worker = createExpiryWorker({
      writer: running.writer,
      logger: silentLogger,
      autoStart: false,
    });
    for (let round = 0; round < 6; round += 1) {
      const holdId = freshId('race');
      answerOf(await running.writer.submit(submission(placeHold(holdId, 'seller', 1, 500))));
      clock.advance(500);
      const captured: Promise<SubmitResult> =
        round % 2 === 0
          ? running.writer.submit(submission(capture(holdId, 1)))
          : worker.tick().then(() => running.writer.submit(submission(capture(holdId, 1))));
      await Promise.all([captured, worker.tick()]);
      expect(await resolutionsOf(holdId)).toHaveLength(1);
    }
    await worker.stop();
  });
});

// Proves that a writer process SIGKILLed under load at each fault hook in turn loses nothing it acknowledged and half-applies nothing: after a restart every acknowledged command is in the log exactly once, retries with the same keys get the original answers (or are applied exactly once if they never committed), and the replayed ledger balances per asset and matches the acknowledged transfers.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LedgerState, parseAmount } from '@ledger/ledger';
import { balancesAfterAccepted, moneyBalances } from '@ledger/ledger/testing';
import type { LedgerAnswer, LedgerSubmission, SubmitResult } from '@ledger/ledger-client';
import { createSocketClient } from '@ledger/ledger-client';
import { silentLogger } from '@ledger/runtime';
import { createTestDatabase, type TestDatabase } from '@ledger/testing';
import { describe, expect, test } from 'vitest';
import { type FaultPoint, faultPoints } from './faults.ts';
import { loadLedger } from './ledger-loader.ts';
import { OutcomeWindow } from './outcome-window.ts';
import {
  answerOf,
  asset,
  chainClearing,
  coins,
  commandRuns,
  decimalPoint,
  feeRevenue,
  readLedger,
  seedAccounts,
  seededRandom,
  startTestWriter,
  type TestWriter,
} from './testing/writer-fixtures.ts';

const members = Array.from({ length: 16 }, (_, index) => `crash-${index}`);
const fundedUnits = 1_000;
const workers = 32;
const crashProcess = join(import.meta.dirname, 'testing', 'crash-writer-process.ts');

/** How many times a hook is passed before the kill: late enough that batches have committed. */
const faultAt: Record<FaultPoint, number> = {
  'command-queued': 150,
  'batch-decided': 6,
  'before-append': 6,
  'during-append': 6,
  'after-commit-before-answer': 6,
  'after-answer': 6,
};

type Sent = { submission: LedgerSubmission; result: SubmitResult };

describe('T7: SIGKILL at every fault hook', () => {
  for (const point of faultPoints) {
    test(`killed at ${point}`, async () => {
      const database = await createTestDatabase();
      try {
        await crashAndRecover(database, point);
      } finally {
        await database.drop();
      }
    });
  }
});

async function crashAndRecover(database: TestDatabase, point: FaultPoint): Promise<void> {
  const seeding = await startTestWriter(database.url);
  await seedAccounts(seeding.writer, members, fundedUnits);
  await seeding.close();

  const socketPath = join(tmpdir(), `crash-${process.pid}-${point}.sock`);
  const child = spawn(process.execPath, [crashProcess], {
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      SOCKET_PATH: socketPath,
      FAULT_POINT: point,
      FAULT_AT: String(faultAt[point]),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  await readyLine(child);
  const sent = await driveUntilDeath(socketPath, point);
  const [code, signal] = await exited;
  expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' });

  const restarted = await startTestWriter(database.url);
  try {
    const settled = await checkRecovery(restarted, sent);
    // Where the kill fell decides whether the unanswered batch had committed: check the test
    // really exercised that case.
    // (Answers of earlier batches may also have been lost on their way out.)
    const answered = settled.filter((result) => result.kind === 'answered');
    const committedBefore = answered.filter((result) => result.replayed);
    const neverCommitted = answered.filter((result) => !result.replayed);
    if (point === 'after-commit-before-answer') expect(committedBefore.length).toBeGreaterThan(0);
    if (point === 'batch-decided' || point === 'before-append') {
      expect(neverCommitted.length).toBeGreaterThan(0);
    }
  } finally {
    await restarted.close();
  }
}

async function readyLine(child: ChildProcess): Promise<void> {
  let output = '';
  for await (const chunk of child.stdout as NodeJS.ReadableStream) {
    output += String(chunk);
    if (output.includes('ready\n')) return;
  }
  throw new Error('the writer process ended before it was ready');
}

/** Closed-loop load over the socket until the writer dies; every submission and its result. */
async function driveUntilDeath(socketPath: string, point: FaultPoint): Promise<Sent[]> {
  const client = createSocketClient({ address: { path: socketPath }, timeoutMs: 5_000 });
  const random = seededRandom(faultPoints.indexOf(point) + 11);
  const sent: Sent[] = [];
  let next = 0;
  let dead = false;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!dead && next < 20_000) {
        next += 1;
        const submission = randomTransfer(random, `${point}-${next}`);
        const result = await client.submit(submission);
        sent.push({ submission, result });
        if (result.kind === 'Unavailable') dead = true;
      }
    }),
  );
  await client.close();
  return sent;
}

function randomTransfer(random: () => number, id: string): LedgerSubmission {
  const from = members[Math.floor(random() * members.length)] as string;
  let to = members[Math.floor(random() * members.length)] as string;
  if (to === from) to = members[(members.indexOf(from) + 1) % members.length] as string;
  const legs = [{ debit: from, credit: to, asset, amount: coins(1) }];
  if (random() < 0.3) legs.push({ debit: from, credit: feeRevenue, asset, amount: coins(1) });
  return {
    commandId: `key-${id}`,
    actor: `member:${members.indexOf(from)}`,
    command: {
      type: 'PostTransfer',
      data: { transferId: `transfer-${id}`, legs, cause: 'internalTransfer' },
    },
  };
}

async function checkRecovery(restarted: TestWriter, sent: Sent[]): Promise<SubmitResult[]> {
  const acknowledged = sent.filter((each) => each.result.kind === 'answered');
  const indeterminate = sent.filter((each) => each.result.kind !== 'answered');
  expect(acknowledged.length).toBeGreaterThan(0);
  for (const each of indeterminate) {
    expect(each.result).toMatchObject({ kind: 'Unavailable', reason: 'indeterminate' });
  }
  // Every acknowledged command is in the log, and its retry gets the very same answer.
  const retries = await Promise.all(
    acknowledged.map((each) => restarted.writer.submit(each.submission)),
  );
  retries.forEach((retry, index) => {
    expect(retry).toMatchObject({ kind: 'answered', replayed: true });
    expect(answerOf(retry)).toEqual(answerOf((acknowledged[index] as Sent).result));
  });
  // Unacknowledged ones committed whole or not at all; a retry settles them, once.
  const settled = await Promise.all(
    indeterminate.map((each) => restarted.writer.submit(each.submission)),
  );
  const again = await Promise.all(
    indeterminate.map((each) => restarted.writer.submit(each.submission)),
  );
  again.forEach((retry, index) => {
    expect(retry).toMatchObject({ kind: 'answered', replayed: true });
    expect(answerOf(retry)).toEqual(answerOf(settled[index] as SubmitResult));
  });
  const events = await readLedger(restarted.store);
  const runs = commandRuns(events);
  expect([...runs.values()].every((count) => count === 1)).toBe(true);
  for (const each of sent)
    expect(runs.get(`${each.submission.actor}\u0000${each.submission.commandId}`)).toBe(1);

  const answers = [...retries, ...settled].map(answerOf);
  const replayed = await fullFold(restarted);
  expect(moneyBalances(replayed)).toEqual(expectedBalances(answers, sent));
  return settled;
}

async function fullFold(running: TestWriter): Promise<LedgerState> {
  const window = new OutcomeWindow({ sizeMax: 1_000_000, answersMax: 1 });
  const loaded = await loadLedger({
    store: running.store,
    pool: running.pool,
    stream: 'ledger',
    window,
    logger: silentLogger,
    ignoreSnapshots: true,
  });
  return loaded.state;
}

/** The model: the funding, then every accepted transfer's legs. */
function expectedBalances(answers: LedgerAnswer[], sent: Sent[]): Map<string, bigint> {
  const funded = parseAmount(coins(fundedUnits), decimalPoint, 'positive');
  const opening = new Map<string, bigint>([
    [chainClearing, -funded * BigInt(members.length)],
    [feeRevenue, 0n],
    ...members.map((member) => [member, funded] as const),
  ]);
  const commands = new Map(
    sent.map((each) => [each.submission.commandId, each.submission.command]),
  );
  return balancesAfterAccepted(opening, answers, commands, decimalPoint);
}

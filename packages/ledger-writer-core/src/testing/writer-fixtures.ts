import { createPool } from '@ledger/db';
import type { EventStore, RecordedEvent } from '@ledger/event-store';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { formatAmount, type SystemRole, systemAccountId } from '@ledger/ledger';
import type {
  LedgerAnswer,
  LedgerCommandInput,
  LedgerSubmission,
  SubmitResult,
} from '@ledger/ledger-client';
import { silentLogger } from '@ledger/runtime';
import type pg from 'pg';
import { acquireLeadership, type Leadership } from '../leadership.ts';
import { ledgerStream } from '../ledger-stream.ts';
import {
  createLedgerWriter,
  type LedgerWriter,
  type LedgerWriterOptions,
} from '../ledger-writer.ts';

/** Helpers for the writer's integration tests (not shipped). */
export const asset = 'BTC';
export const decimalPoint = 8;
export const chainClearing = systemAccountId('chainClearing', asset);
export const feeRevenue = systemAccountId('feeRevenue', asset);

export type TestWriter = {
  writer: LedgerWriter;
  store: EventStore;
  pool: pg.Pool;
  leadership: Leadership;
  close(): Promise<void>;
};

export type TestWriterOptions = Partial<Omit<LedgerWriterOptions, 'store' | 'pool' | 'logger'>> & {
  /** Wraps the store the writer appends through (fault injection). */
  wrapStore?: (store: EventStore) => EventStore;
};

/** A writer on `url` holding the real leader lock (or the given leadership). */
export async function startTestWriter(
  url: string,
  options: TestWriterOptions = {},
): Promise<TestWriter> {
  const pool = createPool({ url, poolSizeMax: 6, applicationName: 'ledger-writer-test' });
  const store = createPostgresEventStore({ pool });
  const leadership =
    options.leadership ??
    (await acquireLeadership({
      url,
      lockName: `ledger-writer:${ledgerStream}`,
      logger: silentLogger,
      signal: AbortSignal.timeout(20_000),
      retryMs: 50,
      heartbeatMs: 500,
    }));
  if (leadership === undefined) throw new Error('no leadership within 20 s');
  const { wrapStore, ...writerOptions } = options;
  const writer = await createLedgerWriter({
    ...writerOptions,
    store: wrapStore ? wrapStore(store) : store,
    pool,
    leadership,
    logger: silentLogger,
  });
  return {
    writer,
    store,
    pool,
    leadership,
    async close() {
      await writer.stop();
      await leadership.release();
      await store.close();
      await pool.end();
    },
  };
}

/** Resolves once the writer's command-outcome rows are written up to its committed revision. */
export async function outcomesWritten(writer: LedgerWriter, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const stats = writer.stats();
    if (stats.outcomesRevision >= stats.revision && stats.outcomeBacklog === 0) return;
    if (performance.now() > deadline) throw new Error('command outcomes not written in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** `units` whole coins as an amount string of the test asset. */
export function coins(units: number): string {
  return formatAmount(BigInt(units) * 10n ** BigInt(decimalPoint), decimalPoint);
}

export function openMember(account: string, memberId = `member-of-${account}`): LedgerCommandInput {
  return { type: 'OpenAccount', data: { account, asset, decimalPoint, kind: 'member', memberId } };
}

export function openSystem(systemRole: SystemRole): LedgerCommandInput {
  return {
    type: 'OpenAccount',
    data: {
      account: systemAccountId(systemRole, asset),
      asset,
      decimalPoint,
      kind: 'system',
      systemRole,
    },
  };
}

export function transfer(
  transferId: string,
  debit: string,
  credit: string,
  amount: string,
): LedgerCommandInput {
  return {
    type: 'PostTransfer',
    data: { transferId, legs: [{ debit, credit, asset, amount }], cause: 'internalTransfer' },
  };
}

let sequence = 0;

/** A fresh command id for tests that do not care about it. */
export function freshId(prefix = 'cmd'): string {
  sequence += 1;
  return `${prefix}-${process.pid}-${sequence}`;
}

export function submission(
  command: LedgerCommandInput,
  overrides: Partial<LedgerSubmission> = {},
): LedgerSubmission {
  return { commandId: freshId(), actor: 'system:test', command, ...overrides };
}

/** The answer of an answered result; fails the test otherwise. */
export function answerOf(result: SubmitResult): LedgerAnswer {
  if (result.kind !== 'answered')
    throw new Error(`expected an answer, got ${JSON.stringify(result)}`);
  return result.answer;
}

/** Opens chain clearing, fee revenue and the given member accounts, each funded with `units`. */
export async function seedAccounts(
  writer: Pick<LedgerWriter, 'submit'>,
  accounts: readonly string[],
  units: number,
): Promise<void> {
  const opened = await Promise.all([
    writer.submit(submission(openSystem('chainClearing'))),
    writer.submit(submission(openSystem('feeRevenue'))),
    ...accounts.map((account) => writer.submit(submission(openMember(account)))),
  ]);
  for (const result of opened) expectAccepted(result);
  if (units === 0) return;
  const funded = await Promise.all(
    accounts.map((account) =>
      writer.submit(submission(transfer(freshId('fund'), chainClearing, account, coins(units)))),
    ),
  );
  for (const result of funded) expectAccepted(result);
}

export function expectAccepted(result: SubmitResult): void {
  const answer = answerOf(result);
  if (answer.kind !== 'accepted')
    throw new Error(`expected accepted, got ${JSON.stringify(answer)}`);
}

/** Every event of the ledger stream, in revision order. */
export async function readLedger(store: EventStore): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  try {
    for await (const event of store.readStream(ledgerStream)) events.push(event);
  } catch (error) {
    if ((error as Error).name !== 'StreamNotFoundError') throw error;
  }
  return events;
}

/** Command keys in the log, with how many separate runs of events each has (1 = appended once). */
export function commandRuns(events: readonly RecordedEvent[]): Map<string, number> {
  const runs = new Map<string, number>();
  let previous: string | undefined;
  for (const event of events) {
    const key = `${String(event.metadata.actor)}\u0000${String(event.metadata.commandId)}`;
    if (key !== previous) runs.set(key, (runs.get(key) ?? 0) + 1);
    previous = key;
  }
  return runs;
}

/** mulberry32: a seeded PRNG, so a failing run replays. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A clock tests move by hand. */
export function manualClock(startIso = '2025-01-15T03:00:00.000Z'): {
  nowMs: () => number;
  advance(ms: number): void;
} {
  let now = Date.parse(startIso);
  return {
    nowMs: () => now,
    advance: (ms) => {
      now += ms;
    },
  };
}

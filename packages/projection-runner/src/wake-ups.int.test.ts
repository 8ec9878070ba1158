// Proves the wake-up hints: the Postgres store's NOTIFY and the store's own subscription both wake
// an idle runner, so a new event is projected long before its idle poll would have found it, and a
// hint given while the runner is busy with a batch is not lost.
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { clientLockSessions, LeaderLocks } from './leader-locks.ts';
import { createProjectionRunner } from './projection-runner.ts';
import {
  amountEvents,
  eventually,
  postgresStore,
  readTotals,
  startRunner,
  totalsProjection,
} from './test-support.ts';
import {
  eventStoreWakeUps,
  manualWakeUps,
  nextWakeUp,
  postgresNotifyWakeUps,
  type WakeUps,
} from './wake-ups.ts';

const database = useTestDatabase();
let store: ReturnType<typeof postgresStore>;
const stopping = new AbortController();
beforeAll(() => {
  store = postgresStore(database().url);
});
afterAll(async () => {
  stopping.abort();
  await store.close();
});

async function wokenByAppend(wakeUps: WakeUps, stream: string): Promise<number> {
  // Let the listener or subscription settle, and swallow the hint it gives on start.
  await nextWakeUp(wakeUps, 200, stopping.signal);
  const started = performance.now();
  const woken = nextWakeUp(wakeUps, 10_000, stopping.signal);
  await store.append(stream, amountEvents([1]), { expected: { kind: 'any' } });
  await woken;
  return performance.now() - started;
}

test('NOTIFY from the Postgres event store wakes a waiting runner', async () => {
  const wakeUps = postgresNotifyWakeUps({
    connectionString: database().url,
    signal: stopping.signal,
    logger: silentLogger,
  });
  expect(await wokenByAppend(wakeUps, 'wake-notify')).toBeLessThan(5_000);
});

test("the store's live subscription wakes a waiting runner", async () => {
  const wakeUps = eventStoreWakeUps(store, { signal: stopping.signal, logger: silentLogger });
  expect(await wokenByAppend(wakeUps, 'wake-subscription')).toBeLessThan(5_000);
});

test('an idle runner with wake-ups projects a new event without waiting for its slow poll', async () => {
  const { db, url } = database();
  const locks = new LeaderLocks(clientLockSessions(url));
  const wakeUps = postgresNotifyWakeUps({
    connectionString: url,
    signal: stopping.signal,
    logger: silentLogger,
  });
  const runner = createProjectionRunner({
    db,
    eventStore: store,
    projection: totalsProjection({
      name: 'woken_totals',
      filter: { streamPrefixes: ['wake-runner'] },
    }),
    locks,
    logger: silentLogger,
    wakeUps,
    idleDelayMs: { min: 30_000, max: 30_000 },
  });
  const handle = startRunner(runner);
  try {
    expect(await eventually(async () => runner.status().caughtUp)).toBe(true);
    const started = performance.now();
    await store.append('wake-runner', amountEvents([7]), { expected: { kind: 'no_stream' } });
    expect(
      await eventually(async () => (await readTotals(db, 'woken_totals')).events === 1, 5_000),
    ).toBe(true);
    expect(performance.now() - started).toBeLessThan(5_000);
  } finally {
    await handle.stop();
    await locks.close();
  }
});

test('a hint given while the runner applies a batch sends it back to reading at once', async () => {
  const { db, url } = database();
  const locks = new LeaderLocks(clientLockSessions(url));
  const hints = manualWakeUps();
  let appendedWhileBusy = false;
  const runner = createProjectionRunner({
    db,
    eventStore: store,
    projection: totalsProjection({
      name: 'busy_totals',
      filter: { streamPrefixes: ['wake-busy'] },
      async onApply() {
        if (appendedWhileBusy) return;
        appendedWhileBusy = true;
        // Committed while this batch is still open, and announced before the runner waits.
        await store.append('wake-busy', amountEvents([2]), { expected: { kind: 'any' } });
        hints.notify();
      },
    }),
    locks,
    logger: silentLogger,
    wakeUps: hints,
    idleDelayMs: { min: 30_000, max: 30_000 },
  });
  const handle = startRunner(runner);
  try {
    expect(await eventually(async () => runner.status().caughtUp)).toBe(true);
    await store.append('wake-busy', amountEvents([1]), { expected: { kind: 'any' } });
    hints.notify();
    expect(
      await eventually(async () => (await readTotals(db, 'busy_totals')).events === 2, 5_000),
    ).toBe(true);
  } finally {
    await handle.stop();
    await locks.close();
  }
});

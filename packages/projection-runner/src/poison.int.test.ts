// Proves that an event a projection cannot apply stops it with a clear report: the events before
// it are applied, nothing at or after it is, the failure is recorded and logged, the stopped state
// is visible, and after an operator resolves the failure the same event is retried.
import { useTestDatabase } from '@ledger/testing';
import { expect, test } from 'vitest';
import { readCheckpoint } from './checkpoint-store.ts';
import { openFailure, resolveFailure } from './failures.ts';
import { clientLockSessions, LeaderLocks } from './leader-locks.ts';
import { keyOf } from './projection.ts';
import { createProjectionRunner } from './projection-runner.ts';
import {
  amountEvents,
  capturingLogger,
  eventually,
  postgresStore,
  readTotals,
  startRunner,
  totalsProjection,
} from './test-support.ts';

const database = useTestDatabase();

/** The projection's own invariant: a balance never goes below zero. */
class NegativeAmountError extends Error {
  constructor(amount: string) {
    super(`negative amount ${amount}`);
    this.name = 'NegativeAmountError';
  }
}

test('a poison event stops the projection, is reported, and is retried once resolved', async () => {
  const { db, url } = database();
  const store = postgresStore(url);
  const locks = new LeaderLocks(clientLockSessions(url));
  const { logger, lines } = capturingLogger();
  let acceptNegative = false;
  const projection = totalsProjection({
    name: 'poison_totals',
    onApply: (events) => {
      for (const event of events) {
        const { amount } = event.data as { amount: string };
        if (!acceptNegative && amount.startsWith('-')) throw new NegativeAmountError(amount);
      }
    },
  });
  const events = amountEvents([1, 2, 3, -4, 5, 6]);
  const appended = await store.append('poison-1', events, { expected: { kind: 'no_stream' } });
  const runner = createProjectionRunner({
    db,
    eventStore: store,
    projection,
    locks,
    logger,
    stoppedRecheckMs: 50,
  });
  const handle = startRunner(runner);
  try {
    expect(await eventually(async () => runner.status().state === 'stopped')).toBe(true);

    // Everything before the poison event is applied; nothing at or after it.
    expect(await readTotals(db, 'poison_totals')).toEqual({ events: 3, sum: 6n });
    const checkpoint = (await readCheckpoint(db, keyOf(projection))).position;
    const failure = await openFailure(db, keyOf(projection));
    expect(failure?.event?.id).toBe(events[3]?.id);
    expect(failure?.event?.revision).toBe(3n);
    expect(failure?.event?.position).toBeDefined();
    expect(checkpoint).toBeDefined();
    expect((checkpoint ?? '') < (failure?.event?.position ?? '')).toBe(true);
    expect(failure?.checkpoint).toBe(checkpoint);
    expect(failure?.errorName).toBe('NegativeAmountError');
    expect(runner.status().failure?.id).toBe(failure?.id);
    expect(lines.find((line) => line.level === 'error')).toMatchObject({
      projection: 'poison_totals',
      eventId: events[3]?.id,
      stream: 'poison-1',
    });

    // Fixed (new code, in real life), then resolved by an operator: the same event is retried.
    acceptNegative = true;
    expect(await resolveFailure(db, keyOf(projection), 'negative amounts are refunds')).toBe(true);
    expect(await eventually(async () => runner.status().checkpoint === appended.position)).toBe(
      true,
    );
    expect(await readTotals(db, 'poison_totals')).toEqual({ events: 6, sum: 13n });
    expect(runner.status().state).toBe('running');
    expect(await openFailure(db, keyOf(projection))).toBeUndefined();
  } finally {
    await handle.stop();
    await locks.close();
    await store.close();
  }
});

test('a projection that is stopped stays stopped across restarts until resolved', async () => {
  const { db, url } = database();
  const store = postgresStore(url);
  const locks = new LeaderLocks(clientLockSessions(url));
  const projection = totalsProjection({
    name: 'poison_restart',
    onApply: () => {
      throw new NegativeAmountError('-1');
    },
  });
  await store.append('poison-2', amountEvents([1]), { expected: { kind: 'no_stream' } });
  const options = {
    db,
    eventStore: store,
    projection,
    locks,
    logger: capturingLogger().logger,
    stoppedRecheckMs: 50,
  };
  try {
    const first = createProjectionRunner(options);
    const firstRun = startRunner(first);
    expect(await eventually(async () => first.status().state === 'stopped')).toBe(true);
    await firstRun.stop();

    const second = createProjectionRunner(options);
    const secondRun = startRunner(second);
    expect(await eventually(async () => second.status().state === 'stopped')).toBe(true);
    expect(second.status().failure?.errorName).toBe('NegativeAmountError');
    expect(await readTotals(db, 'poison_restart')).toEqual({ events: 0, sum: 0n });
    await secondRun.stop();
  } finally {
    await locks.close();
    await store.close();
  }
});

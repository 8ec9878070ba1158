// Proves the read-your-writes awaiter (returns once every named projection reached a position,
// false after a bounded wait) and the lag metric (time behind the head, and caught up).
import type { GlobalPosition } from '@ledger/event-store';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCheckpointAwaiter, waitForPosition } from './awaiter.ts';
import { measureLag } from './lag.ts';
import { clientLockSessions, LeaderLocks } from './leader-locks.ts';
import { keyOf, type Projection } from './projection.ts';
import { createProjectionRunner } from './projection-runner.ts';
import { registerProjection } from './registry.ts';
import { amountEvents, postgresStore, startRunner, totalsProjection } from './test-support.ts';

const database = useTestDatabase();
let store: ReturnType<typeof postgresStore>;
let locks: LeaderLocks;
beforeAll(() => {
  store = postgresStore(database().url);
  locks = new LeaderLocks(clientLockSessions(database().url));
});
afterAll(async () => {
  await locks.close();
  await store.close();
});

function runnerFor(projection: Projection) {
  return createProjectionRunner({
    db: database().db,
    eventStore: store,
    projection,
    locks,
    logger: silentLogger,
    idleDelayMs: { min: 5, max: 20 },
  });
}

describe('waitForPosition', () => {
  test('times out with false while no runner moves the checkpoint, then returns true once reached', async () => {
    const { db } = database();
    const projection = totalsProjection({ name: 'await_basic' });
    await registerProjection(db, projection);
    const { position } = await store.append('await-1', amountEvents([1, 2]), {
      expected: { kind: 'no_stream' },
    });

    const started = performance.now();
    expect(
      await waitForPosition(db, { projections: 'await_basic', position, timeoutMs: 150 }),
    ).toBe(false);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(2_000);

    const handle = startRunner(runnerFor(projection));
    try {
      expect(
        await waitForPosition(db, { projections: ['await_basic'], position, timeoutMs: 10_000 }),
      ).toBe(true);
    } finally {
      await handle.stop();
    }
  });

  test('a filtered projection reaches positions of events it does not want', async () => {
    const { db } = database();
    const projection = totalsProjection({
      name: 'await_filtered',
      filter: { eventTypePrefixes: ['Wanted.'] },
    });
    const handle = startRunner(runnerFor(projection));
    try {
      const { position } = await store.append('await-2', amountEvents([5], 'Unwanted.Thing'), {
        expected: { kind: 'no_stream' },
      });
      expect(
        await waitForPosition(db, { projections: 'await_filtered', position, timeoutMs: 10_000 }),
      ).toBe(true);
    } finally {
      await handle.stop();
    }
  });
});

describe('shared awaiter', () => {
  test('serves many waits with one poll, each bounded; unknown projections time out', async () => {
    const { db } = database();
    const awaiter = createCheckpointAwaiter(db, { pollIntervalMs: 5 });
    const projection = totalsProjection({ name: 'await_shared' });
    await registerProjection(db, projection);
    const positions: GlobalPosition[] = [];
    for (let index = 0; index < 3; index += 1) {
      positions.push(
        (
          await store.append(`await-3-${index}`, amountEvents([index + 1]), {
            expected: { kind: 'any' },
          })
        ).position,
      );
    }
    const waits = positions.map((position) =>
      awaiter.waitForPosition('await_shared', position, 10_000),
    );
    const unknown = awaiter.waitForPosition(
      ['await_shared', 'no_such_projection'],
      positions[0] as GlobalPosition,
      100,
    );
    const handle = startRunner(runnerFor(projection));
    try {
      expect(await Promise.all(waits)).toEqual([true, true, true]);
      expect(await unknown).toBe(false);
      const pending = awaiter.waitForPosition(
        'await_shared',
        `${'9'.repeat(20)}:${'0'.repeat(20)}` as GlobalPosition,
        60_000,
      );
      awaiter.close();
      expect(await pending).toBe(false);
    } finally {
      await handle.stop();
    }
  });

  test('rejects a timeout that is not a finite, non-negative number', () => {
    const awaiter = createCheckpointAwaiter(database().db);
    expect(() =>
      awaiter.waitForPosition('x', '' as GlobalPosition, Number.POSITIVE_INFINITY),
    ).toThrow(RangeError);
    expect(() => awaiter.waitForPosition('x', '' as GlobalPosition, -1)).toThrow(RangeError);
  });
});

describe('lag', () => {
  test('reports how old the oldest unprojected event is, and zero once caught up', async () => {
    const { db } = database();
    const projection = totalsProjection({ name: 'lag_totals' });
    await registerProjection(db, projection);
    const { position } = await store.append('lag-1', amountEvents([1, 2, 3]), {
      expected: { kind: 'no_stream' },
    });
    await new Promise((resolve) => setTimeout(resolve, 30));

    const behind = await measureLag(db, store, keyOf(projection));
    expect(behind.caughtUp).toBe(false);
    expect(behind.checkpoint).toBeUndefined();
    expect(behind.oldestPendingAgeMs).toBeGreaterThanOrEqual(25);
    expect((behind.head ?? '') >= position).toBe(true);

    const runner = runnerFor(projection);
    const handle = startRunner(runner);
    try {
      expect(
        await waitForPosition(db, { projections: 'lag_totals', position, timeoutMs: 10_000 }),
      ).toBe(true);
      const lag = await runner.lag();
      expect(lag).toMatchObject({ caughtUp: true, oldestPendingAgeMs: 0 });
      expect((lag.checkpoint ?? '') >= position).toBe(true);
    } finally {
      await handle.stop();
    }
  });
});

// Proves one leader per projection: a session advisory lock has one holder, is released on close
// and when its connection drops, and a standby runner takes over the projection then.

import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import { clientLockSessions, LeaderLocks, pooledLockSessions } from './leader-locks.ts';
import { createProjectionRunner } from './projection-runner.ts';
import {
  amountEvents,
  eventually,
  postgresStore,
  readTotals,
  startRunner,
  totalsProjection,
} from './test-support.ts';

const database = useTestDatabase();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function locks(heartbeatMs = 100): LeaderLocks {
  const created = new LeaderLocks(clientLockSessions(database().url), { heartbeatMs });
  cleanups.push(() => created.close());
  return created;
}

/** Terminates the backend holding the advisory lock named `key` (a crashed or partitioned leader). */
async function killHolder(): Promise<number> {
  const { rows } = await sql<{ killed: boolean }>`
    SELECT pg_terminate_backend(pid) AS killed FROM pg_locks
     WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(
    database().db,
  );
  return rows.filter((row) => row.killed).length;
}

describe('leader locks', () => {
  test('many runners asking at once share the session one statement at a time', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    cleanups.push(async () => {
      process.off('warning', onWarning);
    });
    for (const factory of [clientLockSessions(database().url), pooledLockSessions(database().db)]) {
      const shared = new LeaderLocks(factory, { heartbeatMs: 100 });
      cleanups.push(() => shared.close());
      const keys = Array.from({ length: 8 }, (_, index) => `lock_many_${index}@1`);
      const leaderships = await Promise.all(keys.map((key) => shared.tryAcquire(key)));
      expect(leaderships.every((leadership) => leadership !== undefined)).toBe(true);
      await Promise.all(leaderships.map((leadership) => leadership?.release()));
    }
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
  });

  test('one holder at a time; release hands it over', async () => {
    const [first, second] = [locks(), locks()];
    const leader = await first.tryAcquire('lock_one@1');
    expect(leader).toBeDefined();
    expect(await second.tryAcquire('lock_one@1')).toBeUndefined();
    expect(await second.tryAcquire('lock_other@1')).toBeDefined();
    await leader?.release();
    expect(await second.tryAcquire('lock_one@1')).toBeDefined();
  });

  test('a dropped connection ends the leadership and lets another session take over', async () => {
    const [first, second] = [locks(), locks()];
    const leader = await first.tryAcquire('lock_drop@1');
    expect(leader?.lost.aborted).toBe(false);
    expect(await killHolder()).toBe(1);
    expect(await eventually(async () => leader?.lost.aborted === true, 5_000)).toBe(true);
    expect(await second.tryAcquire('lock_drop@1')).toBeDefined();
    // The first process reconnects on its next attempt and now stands by.
    expect(await first.tryAcquire('lock_drop@1')).toBeUndefined();
  });

  test('a connection pinned from the pool releases its locks on close', async () => {
    const pooled = new LeaderLocks(pooledLockSessions(database().db));
    const other = locks();
    expect(await pooled.tryAcquire('lock_pool@1')).toBeDefined();
    expect(await other.tryAcquire('lock_pool@1')).toBeUndefined();
    await pooled.close();
    expect(await other.tryAcquire('lock_pool@1')).toBeDefined();
  });
});

describe('one leader per projection', () => {
  test('two runners: one projects, the other stands by and takes over when the leader drops', async () => {
    const { db, url } = database();
    const store = postgresStore(url);
    cleanups.push(() => store.close());
    const options = {
      db,
      eventStore: store,
      logger: silentLogger,
      leaderRetryMs: 50,
      idleDelayMs: { min: 5, max: 20 },
    };
    // The first runner's host is cut off once its connection drops: it cannot reconnect.
    let partitioned = false;
    const real = clientLockSessions(url);
    const cutOff = new LeaderLocks(
      async () => {
        if (partitioned) throw new Error('network unreachable');
        return real();
      },
      { heartbeatMs: 100 },
    );
    cleanups.push(() => cutOff.close());
    const first = createProjectionRunner({
      ...options,
      projection: totalsProjection({ name: 'leader_totals' }),
      locks: cutOff,
    });
    const second = createProjectionRunner({
      ...options,
      projection: totalsProjection({ name: 'leader_totals' }),
      locks: locks(),
    });
    const handles = [startRunner(first)];
    cleanups.push(async () => {
      await Promise.all(handles.map((handle) => handle.stop()));
    });
    await store.append('leader-1', amountEvents([1, 2, 3]), { expected: { kind: 'no_stream' } });
    expect(await eventually(async () => (await readTotals(db, 'leader_totals')).events === 3)).toBe(
      true,
    );
    handles.push(startRunner(second));
    expect(await eventually(async () => second.status().state === 'standby')).toBe(true);
    expect(first.status().state).toBe('running');

    partitioned = true;
    expect(await killHolder()).toBe(1);
    expect(await eventually(async () => second.status().state === 'running')).toBe(true);
    expect(first.status().state).not.toBe('running');
    await store.append('leader-1', amountEvents([10]), {
      expected: { kind: 'exact', revision: 2n },
    });
    expect(await eventually(async () => (await readTotals(db, 'leader_totals')).events === 4)).toBe(
      true,
    );
    expect(await readTotals(db, 'leader_totals')).toEqual({ events: 4, sum: 16n });
    expect(second.status().eventsApplied).toBe(1);
  });
});

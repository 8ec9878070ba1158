// Proves rebuild-and-swap: a new version projects into its own tables from the start while the
// old one keeps serving (and advancing) through the view, then is swapped in when caught up.
import type { Database } from '@ledger/db';
import type { EventStore } from '@ledger/event-store';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { waitForPosition } from './awaiter.ts';
import { projectionTables } from './checkpoint-store.ts';
import { clientLockSessions, LeaderLocks } from './leader-locks.ts';
import { createProjectionRunner, type ProjectionRunnerOptions } from './projection-runner.ts';
import { dropRetiredVersion } from './registry.ts';
import {
  amountEvents,
  eventually,
  postgresStore,
  readTotals,
  startRunner,
  totalsProjection,
} from './test-support.ts';

const database = useTestDatabase();

async function viewTarget(): Promise<string | undefined> {
  const { rows } = await sql<{ definition: string }>`
    SELECT definition FROM pg_views WHERE viewname = 'rebuilt'`.execute(database().db);
  return /rebuilt_v\d+/.exec(rows[0]?.definition ?? '')?.[0];
}

/**
 * A store whose reads wait until released: a slow rebuild, held back before each read and never
 * inside its transaction (an open transaction with an xid would hold back every subscriber, the
 * serving version included: guide §4.3).
 */
function gated(store: EventStore): { store: EventStore; release(): void } {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    store: { ...store, readAll: async (options) => gate.then(() => store.readAll(options)) },
    release,
  };
}

async function registry() {
  return projectionTables(database().db)
    .selectFrom('projection_registry')
    .select(['version', 'status'])
    .where('projection', '=', 'rebuilt')
    .orderBy('version')
    .execute();
}

async function appendAndAwait(
  store: EventStore,
  amounts: number[],
  revision: bigint,
): Promise<boolean> {
  const { position } = await store.append('rebuild-1', amountEvents(amounts), {
    expected: { kind: 'exact', revision },
  });
  return waitForPosition(database().db, { projections: 'rebuilt', position, timeoutMs: 10_000 });
}

test('a new version rebuilds while the old one serves, then is swapped in', async () => {
  const { db, url } = database();
  const store = postgresStore(url);
  const locks = new LeaderLocks(clientLockSessions(url));
  const common: Omit<ProjectionRunnerOptions<Database>, 'projection'> = {
    db,
    eventStore: store,
    locks,
    logger: silentLogger,
    idleDelayMs: { min: 5, max: 20 },
  };
  try {
    await store.append('rebuild-1', amountEvents(Array.from({ length: 60 }, (_, i) => i + 1)), {
      expected: { kind: 'no_stream' },
    });
    const v1 = createProjectionRunner({
      ...common,
      projection: totalsProjection({ name: 'rebuilt', version: 1 }),
    });
    const v1Run = startRunner(v1);
    expect(await eventually(async () => (await readTotals(db, 'rebuilt')).events === 60)).toBe(
      true,
    );
    expect(await viewTarget()).toBe('rebuilt_v1');

    const slow = gated(store);
    const v2 = createProjectionRunner({
      ...common,
      eventStore: slow.store,
      projection: totalsProjection({ name: 'rebuilt', version: 2 }),
      batchSize: 7,
    });
    const v2Run = startRunner(v2);
    expect(await eventually(async () => v2.status().registration === 'building')).toBe(true);

    // While v2 builds, reads go to v1, which keeps projecting new events.
    expect(await appendAndAwait(store, [100, 200], 59n)).toBe(true);
    expect(await readTotals(db, 'rebuilt')).toEqual({ events: 62, sum: 2_130n });
    expect(await viewTarget()).toBe('rebuilt_v1');
    expect(await readTotals(db, 'rebuilt_v2')).toEqual({ events: 0, sum: 0n });

    slow.release();
    expect(await eventually(async () => v2.status().registration === 'live')).toBe(true);
    expect(await viewTarget()).toBe('rebuilt_v2');
    expect(await readTotals(db, 'rebuilt')).toEqual({ events: 62, sum: 2_130n });
    expect(await eventually(async () => v1.status().state === 'retired')).toBe(true);
    await v1Run.done;
    expect(await registry()).toEqual([
      { version: 1, status: 'retired' },
      { version: 2, status: 'live' },
    ]);

    // After the swap, read-your-writes follows the new live version.
    expect(await appendAndAwait(store, [1_000], 61n)).toBe(true);
    expect(await readTotals(db, 'rebuilt')).toEqual({ events: 63, sum: 3_130n });
    await v2Run.stop();
  } finally {
    await locks.close();
    await store.close();
  }
});

test('old code refuses to run a retired version, whose tables can then be dropped', async () => {
  const { db, url } = database();
  const store = postgresStore(url);
  const locks = new LeaderLocks(clientLockSessions(url));
  try {
    const stale = createProjectionRunner({
      db,
      eventStore: store,
      locks,
      logger: silentLogger,
      projection: totalsProjection({ name: 'rebuilt', version: 1 }),
    });
    await stale.run(new AbortController().signal);
    expect(stale.status().state).toBe('retired');
    await dropRetiredVersion(db, 'rebuilt', 1);
    const { rows } = await sql<{ count: string }>`
      SELECT count(*)::text AS count FROM pg_tables WHERE tablename = 'rebuilt_v1'`.execute(db);
    expect(rows[0]?.count).toBe('0');
    expect(await registry()).toEqual([{ version: 2, status: 'live' }]);
    await expect(dropRetiredVersion(db, 'rebuilt', 2)).rejects.toBeInstanceOf(RangeError);
  } finally {
    await locks.close();
    await store.close();
  }
});

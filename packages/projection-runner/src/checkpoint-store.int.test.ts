// Proves the checkpoint compare-and-set: it stores, advances, refuses a moved or replayed
// checkpoint (rolling the read-model change back with it), and a crash before commit has no effect.

import type { Database } from '@ledger/db';
import type { GlobalPosition } from '@ledger/event-store';
import { useTestDatabase } from '@ledger/testing';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { advanceCheckpoint, readCheckpoint } from './checkpoint-store.ts';
import { CheckpointConflictError, CheckpointRegressionError } from './errors.ts';
import { projectBatch } from './project-batch.ts';
import { keyOf } from './projection.ts';
import { registerProjection } from './registry.ts';
import { amountEvents, postgresStore, readTotals, totalsProjection } from './test-support.ts';

const database = useTestDatabase();
const p = (n: number) => `${String(n).padStart(20, '0')}:${'0'.repeat(20)}` as GlobalPosition;

async function registered(name: string) {
  const projection = totalsProjection({ name });
  await registerProjection(database().db, projection);
  return keyOf(projection);
}

describe('checkpoint compare-and-set', () => {
  test('first store, then advance from the expected previous position', async () => {
    const key = await registered('cas_first');
    const { db } = database();
    expect((await readCheckpoint(db, key)).position).toBeUndefined();
    await advanceCheckpoint(db, key, undefined, p(10));
    expect((await readCheckpoint(db, key)).position).toBe(p(10));
    await advanceCheckpoint(db, key, p(10), p(20));
    expect((await readCheckpoint(db, key)).position).toBe(p(20));
  });

  test('a mismatch (stale or ahead) throws CheckpointConflictError and changes nothing', async () => {
    const key = await registered('cas_mismatch');
    const { db } = database();
    await advanceCheckpoint(db, key, undefined, p(20));
    await expect(advanceCheckpoint(db, key, undefined, p(30))).rejects.toBeInstanceOf(
      CheckpointConflictError,
    );
    await expect(advanceCheckpoint(db, key, p(10), p(30))).rejects.toBeInstanceOf(
      CheckpointConflictError,
    );
    // The stored checkpoint is ahead of what this caller read.
    await expect(advanceCheckpoint(db, key, p(25), p(30))).rejects.toBeInstanceOf(
      CheckpointConflictError,
    );
    expect((await readCheckpoint(db, key)).position).toBe(p(20));
  });

  test('re-storing the stored position is idempotent; replaying an advance is a conflict', async () => {
    const key = await registered('cas_idempotent');
    const { db } = database();
    await advanceCheckpoint(db, key, undefined, p(5));
    await advanceCheckpoint(db, key, p(5), p(5));
    expect((await readCheckpoint(db, key)).position).toBe(p(5));
    // A second instance repeating the undefined → 5 advance would apply its batch twice.
    await expect(advanceCheckpoint(db, key, undefined, p(5))).rejects.toBeInstanceOf(
      CheckpointConflictError,
    );
  });

  test('refuses to move backwards', async () => {
    const key = await registered('cas_backwards');
    const { db } = database();
    await advanceCheckpoint(db, key, undefined, p(50));
    await expect(advanceCheckpoint(db, key, p(50), p(40))).rejects.toBeInstanceOf(
      CheckpointRegressionError,
    );
  });

  test('asked to, the compare-and-set turns synchronous_commit off for its transaction only', async () => {
    const key = await registered('cas_async');
    const { db } = database();
    const inside = await db.transaction().execute(async (trx) => {
      await advanceCheckpoint(trx, key, undefined, p(3), { synchronousCommit: false });
      return (
        await sql<{
          setting: string;
        }>`SELECT current_setting('synchronous_commit') AS setting`.execute(trx)
      ).rows[0]?.setting;
    });
    expect(inside).toBe('off');
    expect((await readCheckpoint(db, key)).position).toBe(p(3));
    const after = await sql<{
      setting: string;
    }>`SELECT current_setting('synchronous_commit') AS setting`.execute(db);
    expect(after.rows[0]?.setting).toBe('on');
    await expect(
      advanceCheckpoint(db, key, undefined, p(4), { synchronousCommit: false }),
    ).rejects.toBeInstanceOf(CheckpointConflictError);
  });

  test('a conflict inside the batch transaction rolls the read-model change back', async () => {
    const key = await registered('cas_rollback');
    const { db } = database();
    await advanceCheckpoint(db, key, undefined, p(7));
    const attempt = db.transaction().execute(async (trx) => {
      await sql`UPDATE cas_rollback_v1 SET events = events + 100`.execute(trx);
      await advanceCheckpoint(trx, key, undefined, p(9));
    });
    await expect(attempt).rejects.toBeInstanceOf(CheckpointConflictError);
    expect(await readTotals(db, 'cas_rollback')).toEqual({ events: 0, sum: 0n });
    expect((await readCheckpoint(db, key)).position).toBe(p(7));
  });

  test('a crash after apply, before commit, has no effect', async () => {
    const { url } = database();
    const store = postgresStore(url);
    const db = crashTolerantDb(url);
    try {
      await store.append('crash-1', amountEvents([5, 7]), { expected: { kind: 'no_stream' } });
      // The connection dies inside the transaction, after the read-model update ran.
      const projection = totalsProjection({ name: 'cas_crash' });
      const crashing = { ...projection, apply: crashInsideTransaction(projection.apply) };
      await registerProjection(db, crashing);
      await expect(
        projectBatch({ db, eventStore: store, projection: crashing, maxCount: 100 }),
      ).rejects.toThrow();
      expect(await readTotals(db, 'cas_crash')).toEqual({ events: 0, sum: 0n });
      expect((await readCheckpoint(db, keyOf(crashing))).position).toBeUndefined();

      // After the crash a healthy run applies the batch exactly once.
      await projectBatch({
        db,
        eventStore: store,
        projection: totalsProjection({ name: 'cas_crash' }),
        maxCount: 100,
      });
      expect(await readTotals(db, 'cas_crash')).toEqual({ events: 2, sum: 12n });
    } finally {
      await store.close();
      await db.destroy();
    }
  });
});

/**
 * A pool whose checked-out clients may lose their connection: the shared createPool puts no
 * 'error' listener on them, and the terminated backend's 'error' event would end the test process.
 */
function crashTolerantDb(url: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('connect', (client) => client.on('error', () => {}));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Runs the real apply, then kills the transaction's own connection before the commit can run. */
function crashInsideTransaction<T extends (trx: never, ...rest: never[]) => Promise<void>>(
  apply: T,
): T {
  return (async (trx: Parameters<T>[0], ...rest: never[]) => {
    await apply(trx, ...rest);
    await sql`SELECT pg_terminate_backend(pg_backend_pid())`.execute(trx as never);
  }) as unknown as T;
}

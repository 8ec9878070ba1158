// Proves the startup guard: after a logical restore (stored transaction ids ahead of the
// database's counter) the adapter refuses to append, so new events cannot sort before old ones.
import { createTestDatabase, type TestDatabase } from '@ledger/testing';
import pg from 'pg';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { makeEvents, uniqueStream } from '../contract/index.ts';
import { LogicalRestoreDetectedError } from '../errors.ts';
import { checkTransactionIdHorizon, createPostgresEventStore } from './index.ts';
import { categoryOf } from './prepare-append.ts';

let database: TestDatabase;
let pool: pg.Pool;

beforeEach(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 3 });
});
afterEach(async () => {
  await pool.end();
  await database.drop();
});

/** What pg_dump + restore into a younger cluster leaves: rows stamped ahead of the counter. */
async function restoreFromTheFuture(): Promise<void> {
  const stream = uniqueStream();
  await pool.query(
    'INSERT INTO es_streams (stream_id, category, revision, last_link_hash) VALUES ($1, $2, 0, $3)',
    [stream, categoryOf(stream), Buffer.alloc(32)],
  );
  await pool.query(
    `INSERT INTO es_events (transaction_id, stream_id, stream_revision, event_id, event_type, data,
                            content_hash, link_hash)
     VALUES ((pg_current_xact_id()::text::bigint + 1000000)::text::xid8, $1, 0, gen_random_uuid(),
             'Restored', '{}', $2, $2)`,
    [stream, Buffer.alloc(32)],
  );
}

test('appends are refused when the newest stored transaction id is not below the next one', async () => {
  const before = createPostgresEventStore({ pool });
  await before.append(uniqueStream(), makeEvents(1), { expected: { kind: 'any' } });
  await before.close();
  await restoreFromTheFuture();
  await expect(checkTransactionIdHorizon(pool)).rejects.toBeInstanceOf(LogicalRestoreDetectedError);
  const store = createPostgresEventStore({ pool });
  try {
    const attempt = store.append(uniqueStream(), makeEvents(1), { expected: { kind: 'any' } });
    await expect(attempt).rejects.toBeInstanceOf(LogicalRestoreDetectedError);
  } finally {
    await store.close();
  }
});

test('an empty store and a store written by this cluster pass the guard', async () => {
  await expect(checkTransactionIdHorizon(pool)).resolves.toBeUndefined();
  const store = createPostgresEventStore({ pool });
  await store.append(uniqueStream(), makeEvents(3), { expected: { kind: 'no_stream' } });
  await store.close();
  await expect(checkTransactionIdHorizon(pool)).resolves.toBeUndefined();
});

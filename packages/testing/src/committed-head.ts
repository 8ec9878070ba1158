import type { Db } from '@ledger/db';
import { sql } from 'kysely';

/**
 * The position of the newest committed event, for a test's "wait until projected" barrier;
 * `encodePosition` is the event store adapter's (`@ledger/event-store/postgres`), passed in because
 * this package sits below the event store (whose own tests use it).
 *
 * Not `eventStore.headPosition()`: that is the newest event a subscriber can already see, below
 * the oldest transaction still running anywhere in the PostgreSQL cluster (every test database
 * shares one cluster). Under load another test's open transaction holds it back, so a barrier on
 * it returns before the test's own write was projected. The projections reach this position only
 * once it is safe, so waiting for it waits for every write the test has made.
 */
export async function committedHead<Position>(
  db: Db,
  encodePosition: (transactionId: string, sequence: string) => Position,
): Promise<Position | undefined> {
  const { rows } = await sql<{ tx: string; seq: string }>`
    SELECT transaction_id::text AS tx, global_seq::text AS seq FROM es_events
    ORDER BY transaction_id DESC, global_seq DESC LIMIT 1`.execute(db);
  const row = rows[0];
  return row === undefined ? undefined : encodePosition(row.tx, row.seq);
}

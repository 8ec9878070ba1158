// Proves the request-metadata table's contract after its recorded_at index became a BRIN index:
// rows are recorded once per request id, the retention purge removes exactly the rows older than
// its cutoff (also rows in block ranges that earlier purges emptied and new rows refilled) and can
// use the index, and a member's rows are found by member for erasure.
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { purgeRequestMetadata, recordRequestMetadata } from './request-metadata-store.ts';
import { identityDb } from './tables.ts';

const database = useTestDatabase();
const day = 86_400_000;
const start = new Date('2026-01-01T00:00:00.000Z').getTime();

/** `count` rows recorded `dayOffset` days after the start, in one statement. */
async function seed(prefix: string, count: number, dayOffset: number, members = 7) {
  await sql`INSERT INTO identity_request_metadata
      (request_id, member_seq, ip_address, user_agent, recorded_at)
    SELECT ${prefix} || n, n % ${members}, '203.0.113.9', 'agent', ${new Date(start + dayOffset * day)}::timestamptz
      FROM generate_series(1, ${count}) AS n`.execute(database().db);
}

test('a request id is recorded once; the first row stays', async () => {
  const db = identityDb(database().db);
  const row = { requestId: 'r-1', memberSeq: 3, ipAddress: '198.51.100.1', userAgent: 'first' };
  await recordRequestMetadata(db, row);
  await recordRequestMetadata(db, { ...row, userAgent: 'second' });
  const rows = await db
    .selectFrom('identity_request_metadata')
    .select(['member_seq', 'ip_address', 'user_agent'])
    .where('request_id', '=', 'r-1')
    .execute();
  expect(rows).toEqual([{ member_seq: '3', ip_address: '198.51.100.1', user_agent: 'first' }]);
});

test('the purge removes exactly the rows older than its cutoff, also in refilled block ranges', async () => {
  const db = identityDb(database().db);
  // Enough rows for several BRIN block ranges (128 pages each), in time order.
  await seed('a', 30_000, 0);
  await seed('b', 30_000, 10);
  await sql`VACUUM ANALYZE identity_request_metadata`.execute(database().db);
  const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN DELETE FROM identity_request_metadata
    WHERE recorded_at < ${new Date(start + 5 * day)}::timestamptz`.execute(database().db);
  const planText = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
  expect(planText).toContain('Bitmap Index Scan on identity_request_metadata_recorded');
  const index = await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes
    WHERE indexname = 'identity_request_metadata_recorded'`.execute(database().db);
  expect(index.rows[0]?.indexdef).toContain('USING brin (recorded_at)');
  expect(await purgeRequestMetadata(db, new Date(start + 5 * day))).toBe(30_000);
  // The freed pages take new rows: their ranges now span old and new times.
  await sql`VACUUM identity_request_metadata`.execute(database().db);
  await seed('c', 20_000, 20);
  await seed('d', 1_000, 30);
  expect(await purgeRequestMetadata(db, new Date(start + 15 * day))).toBe(30_000);
  expect(await purgeRequestMetadata(db, new Date(start + 25 * day))).toBe(20_000);
  const left = await sql<{ prefix: string; rows: string }>`SELECT left(request_id, 1) AS prefix,
      count(*)::text AS rows FROM identity_request_metadata WHERE request_id <> 'r-1'
      GROUP BY 1`.execute(database().db);
  expect(left.rows).toEqual([{ prefix: 'd', rows: '1000' }]);
});

test("a member's rows are found by member (erasure) through its index", async () => {
  await seed('e', 20_000, 40, 5_000);
  await sql`ANALYZE identity_request_metadata`.execute(database().db);
  const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN DELETE FROM identity_request_metadata
    WHERE member_seq = 3`.execute(database().db);
  expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain(
    'identity_request_metadata_member',
  );
});

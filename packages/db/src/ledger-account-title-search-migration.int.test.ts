// Proves migration 0035: the administrator's search by title (a substring, ILIKE '%…%', as the
// account list asks it) is answered from the trigram index on the wallet account profiles' titles,
// not by reading every profile, and finds the same rows as reading them.
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { migrateToLatest } from './migrate.ts';
import { useScratchDatabase } from './testing/scratch-database.ts';

const database = useScratchDatabase('account_title_search_migration');

test('0035 answers a title substring search from the trigram index', async () => {
  const db = database();
  expect(await migrateToLatest(db)).toContain('0035-ledger-account-title-search');
  await sql`INSERT INTO ledger_account_profiles_v1 (seq, account, member_seq, title, titled_at,
      last_position)
    SELECT s, 'wallet:' || s, s / 3, CASE WHEN s % 500 = 0 THEN 'Rainy-day Savings ' || s
      ELSE 'Account ' || s END, now(), ''
      FROM generate_series(1, 5000) AS s`.execute(db);
  await sql`VACUUM ANALYZE ledger_account_profiles_v1`.execute(db);
  const search = sql`title ILIKE ${'%day savINGS%'}`;
  const { rows: found } = await sql<{ seq: string }>`SELECT seq::text FROM ledger_account_profiles
    WHERE ${search}`.execute(db);
  expect(found.map((row) => Number(row.seq)).sort((a, b) => a - b)).toEqual(
    Array.from({ length: 10 }, (_, index) => (index + 1) * 500),
  );
  const { rows: plan } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT seq
    FROM ledger_account_profiles WHERE ${search}`.execute(db);
  const text = plan.map((row) => row['QUERY PLAN']).join('\n');
  expect(text).toMatch(/Bitmap Index Scan on ledger_account_profiles_v1_title_trigram/);
  expect(text).not.toMatch(/Seq Scan/);
});

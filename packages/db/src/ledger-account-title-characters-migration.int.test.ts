// Proves migration 0037: a title search of one or two characters (no trigram in it) is answered
// from the index of the characters of the wallet account profiles' titles, not by reading every profile, and
// finds exactly the rows that reading every profile with the same ILIKE finds, for Korean, mixed
// case, Vietnamese, the LIKE wildcards taken literally, and a character outside the BMP.
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { migrateToLatest } from './migrate.ts';
import { useScratchDatabase } from './testing/scratch-database.ts';

const database = useScratchDatabase('account_title_characters_migration');

const titles = [
  '비상금',
  '비상 저축',
  '저축 계좌',
  'KRW savings',
  'Savings %',
  '50% off_fund',
  'back\\slash',
  'Tiết kiệm',
  'TIẾT KIỆM',
  '💰 pot',
  'İstanbul',
];

test('0037 answers a one- or two-character title search from the index of title characters, with the rows of a full read', async () => {
  const db = database();
  expect(await migrateToLatest(db)).toContain('0037-ledger-account-title-characters');
  // 5,000 ordinary titles, then the ones above, each repeated so the index is worth using.
  await sql`INSERT INTO ledger_account_profiles_v1 (seq, account, member_seq, title, titled_at,
      last_position)
    SELECT s, 'wallet:' || s, s / 3, CASE WHEN s % 250 = 0
      THEN (${titles}::text[])[1 + (s / 250) % ${titles.length}] ELSE 'Account ' || s END, now(), ''
      FROM generate_series(1, 5000) AS s`.execute(db);
  await sql`VACUUM ANALYZE ledger_account_profiles_v1`.execute(db);

  // As account-queries.ts asks it: the characters narrow, the ILIKE decides.
  const escaped = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byCharacters = (search: string) =>
    sql`string_to_array(lower(title), NULL) @> string_to_array(lower(${search}), NULL)
      AND title ILIKE ${escaped(search)}`;
  const seqs = async (where: ReturnType<typeof sql>) => {
    const { rows } = await sql<{ seq: string }>`SELECT seq::text FROM ledger_account_profiles_v1
      WHERE ${where} ORDER BY seq`.execute(db);
    return rows.map((row) => row.seq);
  };
  const searches = [
    '비상',
    '저',
    '축 ',
    'sa',
    'SA',
    'ệ',
    'IỆ',
    '%',
    '_f',
    '\\',
    '💰',
    'ta',
    'i',
    'x',
  ];
  for (const search of searches) {
    const everyProfile = await seqs(sql`title ILIKE ${escaped(search)}`);
    expect(await seqs(byCharacters(search)), search).toEqual(everyProfile);
  }
  // The wildcards are literal: '%' finds the two titles with a percent sign (each twice in the
  // 20 special rows), not every title.
  expect((await seqs(byCharacters('%'))).length).toBe(4);
  expect(await seqs(byCharacters('비상'))).not.toEqual([]);

  const { rows: plan } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT seq
    FROM ledger_account_profiles_v1 WHERE ${byCharacters('비상')}`.execute(db);
  const text = plan.map((row) => row['QUERY PLAN']).join('\n');
  expect(text).toMatch(/Bitmap Index Scan on ledger_account_profiles_v1_title_characters/);
  expect(text).not.toMatch(/Seq Scan/);
});

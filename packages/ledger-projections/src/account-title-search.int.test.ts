// Proves the administrator's account search by title on a real database with 6,000 accounts:
// patterns of one or two characters, whether their characters are rare (narrowed by the index of
// title characters, migration 0037) or in thousands of titles (the ILIKE alone), and longer ones
// (the trigram index), each give the page and total that filtering the titles by hand gives, in
// any case, with `%`, `_` and `\` literal.
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { beforeAll, expect, test } from 'vitest';
import { listAccounts } from './account-queries.ts';

const database = useTestDatabase();
const accounts = 6_000;
const titleOf = (seq: number) =>
  seq % 1_000 === 0 ? `비상금 ${seq}` : seq % 700 === 0 ? `50%_off\\${seq}` : `Account ${seq}`;

beforeAll(async () => {
  const { db } = database();
  const seqs = Array.from({ length: accounts }, (_, index) => index + 1);
  await sql`INSERT INTO ledger_accounts_v1 (account, seq, account_number, kind, member_id,
      member_seq, asset, decimal_point, status, balance, held, is_negative_allowed, opened_at,
      last_revision, last_position, log_rows, log_times_ordered)
    SELECT 'wallet:' || s, s, lpad(s::text, 12, '0'), 'member', 'member:' || (s / 3), s / 3,
      'KRW', 0, 'normal', 0, 0, false, timestamptz '2025-01-01' + s * interval '1 minute', 0, '',
      0, true
      FROM unnest(${seqs}::int[]) AS s`.execute(db);
  await sql`INSERT INTO ledger_account_profiles_v1 (seq, account, member_seq, title, titled_at,
      last_position)
    SELECT s, 'wallet:' || s, s / 3, title, now(), ''
      FROM unnest(${seqs}::int[], ${seqs.map(titleOf)}::text[]) AS t(s, title)`.execute(db);
  await sql`VACUUM ANALYZE ledger_accounts_v1, ledger_account_profiles_v1`.execute(db);
});

test.each([
  ['비상', 'two rare characters'],
  ['상', 'one rare character'],
  ['x', 'a character in no title'],
  ['OF', 'two characters in a few titles, another case'],
  ['nt', 'two characters in every title'],
  ['AC', 'two characters in every title, another case'],
  ['%', 'a literal percent sign'],
  ['_o', 'a literal underscore'],
  ['\\', 'a literal backslash'],
  ['unt 59', 'a trigram pattern'],
])('the search %s (%s) lists what filtering every title by hand lists', async (search) => {
  const expected = Array.from({ length: accounts }, (_, index) => accounts - index).filter((seq) =>
    titleOf(seq).toLowerCase().includes(search.toLowerCase()),
  );
  for (const offset of [0, 20]) {
    const page = await listAccounts(
      database().db,
      { search },
      { key: 'regdate', order: 'desc' },
      { limit: 20, offset },
    );
    expect(page.total, search).toBe(expected.length);
    expect(
      page.rows.map((row) => row.seq),
      search,
    ).toEqual(expected.slice(offset, offset + 20));
  }
});

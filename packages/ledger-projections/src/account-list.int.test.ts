// Proves the administrator's account list on a real writer and projection: every page, for every
// filter (none, asset, status, member, opening dates, combined), sort key and order, at offsets
// up to past the end (pages past the middle are read from the other end), holds the rows and the
// total that sorting and counting the matching member accounts by hand gives (the total without a
// narrowing filter comes from the books' per-asset count); and a first page of the whole list is
// read in index order, without sorting the table, and frozen accounts from their own index.
import { systemAccountId } from '@ledger/ledger';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { walletAccountId } from './account-identity.ts';
import {
  type AccountFilter,
  type AccountSortKey,
  accountSortKeys,
  listAccounts,
} from './account-queries.ts';
import { ledgerBalancesProjection } from './ledger-balances-projection.ts';
import {
  type LedgerFixture,
  openAsset,
  openWalletAccount,
  projectAll,
  startLedgerFixture,
  transfer,
} from './testing/ledger-fixture.ts';

const database = useTestDatabase();
let fixture: LedgerFixture;
const start = Date.parse('2025-03-01T00:00:00.000Z');
const minute = 60_000;
const accounts = 36;

beforeAll(async () => {
  fixture = await startLedgerFixture(database().url);
  await openAsset(fixture, 'KRW', 0);
  await openAsset(fixture, 'BTC', 8);
  fixture.clock.nowMs = start;
  for (let seq = 1; seq <= accounts; seq += 1) {
    // Some accounts opened in the same millisecond; members own one to three accounts.
    if (seq % 3 !== 0) fixture.clock.nowMs += minute;
    const asset = seq % 4 === 0 ? 'BTC' : 'KRW';
    await fixture.accept(
      openWalletAccount(seq, 100 + Math.floor(seq / 3), asset, asset === 'BTC' ? 8 : 0),
    );
    if (asset === 'KRW') {
      const clearing = systemAccountId('chainClearing', 'KRW');
      const amount = String((seq * 7919) % 1000);
      await fixture.accept(
        transfer(
          [{ debit: clearing, credit: walletAccountId(seq), asset: 'KRW', amount }],
          'deposit',
        ),
      );
    }
    if (seq % 5 === 0) {
      await fixture.accept({
        type: 'ChangeAccountStatus',
        data: { account: walletAccountId(seq), status: 'fraud' },
      });
    }
  }
  await projectAll(database().db, fixture.store, [ledgerBalancesProjection], 11);
});
afterAll(async () => {
  await fixture.close();
});

type Row = { seq: number; opened_at: Date; balance: string; asset: string };

/** The matching member accounts sorted by hand, as the list promises to order them. */
async function byHand(filter: AccountFilter, key: AccountSortKey, order: 'asc' | 'desc') {
  const { rows } = await sql<Row>`SELECT seq::int AS seq, opened_at, balance::text AS balance,
      asset, member_seq::int AS member_seq, status FROM ledger_accounts WHERE kind = 'member'`.execute(
    database().db,
  );
  const matching = (rows as (Row & { member_seq: number; status: string })[]).filter(
    (row) =>
      (filter.asset === undefined || row.asset === filter.asset) &&
      (filter.status === undefined || row.status === filter.status) &&
      (filter.memberSeq === undefined || row.member_seq === filter.memberSeq) &&
      (filter.openedFrom === undefined || row.opened_at >= filter.openedFrom) &&
      (filter.openedTo === undefined || row.opened_at < filter.openedTo),
  );
  const value = (row: Row): number | string =>
    key === 'regdate'
      ? row.opened_at.getTime()
      : key === 'seq'
        ? row.seq
        : key === 'balance'
          ? Number(row.balance)
          : row.asset;
  const sign = order === 'asc' ? 1 : -1;
  matching.sort((left, right) => {
    const [a, b] = [value(left), value(right)];
    if (a !== b) return (a < b ? -1 : 1) * sign;
    return (left.seq - right.seq) * sign;
  });
  return matching.map((row) => row.seq);
}

describe('the administrator’s account list', () => {
  test('every page holds the rows and total that sorting and counting by hand give', async () => {
    const filters: AccountFilter[] = [
      {},
      { asset: 'BTC' },
      { asset: 'KRW' },
      { status: 'fraud' },
      { memberSeq: 105 },
      { openedFrom: new Date(start + 5 * minute), openedTo: new Date(start + 17 * minute) },
      { asset: 'KRW', status: 'normal', openedFrom: new Date(start + 3 * minute) },
      { asset: 'ETH' },
    ];
    let compared = 0;
    for (const filter of filters) {
      for (const key of accountSortKeys) {
        for (const order of ['asc', 'desc'] as const) {
          const expected = await byHand(filter, key, order);
          for (const [offset, limit] of [
            [0, 10],
            [7, 10],
            [16, 4],
            [19, 4],
            [30, 10],
            [0, 100],
            [40, 5],
          ] as const) {
            const page = await listAccounts(
              database().db,
              filter,
              { key, order },
              { limit, offset },
            );
            const where = { filter, key, order, offset, limit };
            expect({ where, total: page.total, seqs: page.rows.map((row) => row.seq) }).toEqual({
              where,
              total: expected.length,
              seqs: expected.slice(offset, offset + limit),
            });
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBe(filters.length * accountSortKeys.length * 2 * 7);
    expect((await byHand({}, 'seq', 'asc')).length).toBe(accounts);
  });

  test('a first page of the whole list newest first is read in index order, not sorted', async () => {
    const { db } = database();
    await sql`ANALYZE`.execute(db);
    // On a table this small Postgres may prefer a scan and a top-N sort; with sequential scans
    // priced out, only an index in the list's order avoids the sort.
    const { rows } = await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT a.seq, p.title FROM ledger_accounts a
        LEFT JOIN ledger_account_profiles p ON p.seq = a.seq WHERE a.kind = 'member'
        ORDER BY a.opened_at DESC, a.seq DESC LIMIT 20`.execute(trx);
    });
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index (Only )?Scan Backward using ledger_accounts_v1_member_opened/);
    expect(plan).not.toMatch(/Sort/);
  });

  test('frozen accounts newest first come from their own partial index, not a walk of all', async () => {
    const { db } = database();
    await sql`ANALYZE`.execute(db);
    const { rows } = await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT a.seq FROM ledger_accounts a
        WHERE a.kind = 'member' AND a.status = 'fraud'
        ORDER BY a.opened_at DESC, a.seq DESC LIMIT 20`.execute(trx);
    });
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index (Only )?Scan Backward using ledger_accounts_v1_member_frozen/);
    expect(plan).not.toMatch(/Sort/);
  });
});

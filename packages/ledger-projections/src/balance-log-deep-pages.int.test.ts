// Proves a deep balance-log page read from the nearest bookmark (every 256th row of an account, in
// two partial indexes) is the page an offset would give, on a real writer and database: newest and
// oldest first, with and without a date range, at offsets around every bookmark, at the last page
// and past the end, for pages of 1 to 100 rows, with the totals; the bookmark indexes are what it
// reads; and once an account's rows came out of time order, its deep pages are read by offset and
// are still exact.
import { systemAccountId } from '@ledger/ledger';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { walletAccountId } from './account-identity.ts';
import { logBookmarkEvery, readBalanceLog } from './balance-log-queries.ts';
import { ledgerBalancesProjection } from './ledger-balances-projection.ts';
import {
  appendTransferBehindWriter,
  btcLeg,
  type LedgerFixture,
  openAsset,
  openWalletAccount,
  projectAll,
  startLedgerFixture,
  transfer,
} from './testing/ledger-fixture.ts';

const database = useTestDatabase();
let fixture: LedgerFixture;
const clearing = systemAccountId('chainClearing', 'BTC');
const fees = systemAccountId('feeRevenue', 'BTC');
const alice = walletAccountId(1);
const bob = walletAccountId(2);
const start = Date.parse('2025-03-01T00:00:00.000Z');
const instants: number[] = [];
const transfers = 700;

beforeAll(async () => {
  fixture = await startLedgerFixture(database().url);
  await openAsset(fixture, 'BTC', 8);
  for (const seq of [1, 2]) await fixture.accept(openWalletAccount(seq, seq * 10, 'BTC', 8));
  fixture.clock.nowMs = start;
  await fixture.accept(transfer([btcLeg(clearing, alice, '100.00000000')], 'deposit'));
  // Alice pays Bob and a fee each time: two rows on her account per transfer (1,401 rows with the
  // deposit, five bookmarks), one on the fee account; some transfers share a millisecond.
  for (let index = 0; index < transfers; index += 64) {
    const group = [];
    for (let n = index; n < Math.min(index + 64, transfers); n += 1) {
      group.push(transfer([btcLeg(alice, bob, '0.00100000'), btcLeg(alice, fees, '0.00001000')]));
    }
    fixture.clock.nowMs += (index % 3) + 1;
    instants.push(fixture.clock.nowMs);
    await Promise.all(group.map((command) => fixture.accept(command)));
  }
  await projectAll(database().db, fixture.store, [ledgerBalancesProjection], 500);
}, 120_000);
afterAll(async () => {
  await fixture.close();
});

type Query = {
  account: string;
  order: 'asc' | 'desc';
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
};

/** The page an offset gives, straight from the table: entry, side and balance after. */
async function byOffset(query: Query) {
  const { db } = database();
  const direction = sql.raw(query.order === 'asc' ? 'ASC' : 'DESC');
  const range = sql.join(
    [
      sql`${query.account} IN (l.debit_account, l.credit_account)`,
      ...(query.from === undefined ? [] : [sql`l.occurred_at >= ${query.from}`]),
      ...(query.to === undefined ? [] : [sql`l.occurred_at < ${query.to}`]),
    ],
    sql` AND `,
  );
  // Ordered by the table's columns (l.entry): `entry` alone would name the output's text column.
  const { rows } = await sql<{ entry: string; balance_after: string }>`
    SELECT l.entry::text AS entry,
      (CASE WHEN l.debit_account = ${query.account} THEN l.debit_balance_after
            ELSE l.credit_balance_after END)::text AS balance_after
      FROM ledger_balance_log l WHERE ${range}
     ORDER BY l.occurred_at ${direction}, l.entry ${direction}`.execute(db);
  return {
    total: rows.length,
    rows: rows
      .slice(query.offset, query.offset + query.limit)
      .map((row) => ({ entry: row.entry, balance_after: row.balance_after })),
  };
}

async function page(query: Query) {
  const { rows, total } = await readBalanceLog(database().db, query);
  return {
    total,
    rows: rows.map((row) => ({
      entry: row.entry,
      balance_after: row.balance_after.replace(/\.?0+$/, ''),
    })),
  };
}

/** numeric text as the table gives it, trimmed like the page's formatted amounts. */
function trimmed(result: Awaited<ReturnType<typeof byOffset>>) {
  return {
    total: result.total,
    rows: result.rows.map((row) => ({
      ...row,
      balance_after: row.balance_after.replace(/\.?0+$/, ''),
    })),
  };
}

function offsetsFor(total: number): number[] {
  const around = (at: number) => [at - 21, at - 20, at - 1, at, at + 1];
  const offsets = new Set([
    ...around(logBookmarkEvery),
    ...around(2 * logBookmarkEvery),
    ...around(total - logBookmarkEvery),
    total - 100,
    total - 20,
    total - 1,
    total,
    total + 5,
  ]);
  return [...offsets].filter((offset) => offset >= logBookmarkEvery).sort((a, b) => a - b);
}

async function expectEveryDeepPage(account: string, ranges: { from?: Date; to?: Date }[]) {
  let compared = 0;
  for (const range of ranges) {
    for (const order of ['desc', 'asc'] as const) {
      const { total } = await byOffset({ account, order, ...range, limit: 1, offset: 0 });
      for (const offset of offsetsFor(total)) {
        for (const limit of [1, 20, 100]) {
          const query = { account, order, ...range, limit, offset };
          expect({ query, ...(await page(query)) }).toEqual({
            query,
            ...trimmed(await byOffset(query)),
          });
          compared += 1;
        }
      }
    }
  }
  return compared;
}

async function bookmarkScans(): Promise<number> {
  const { rows } = await sql<{ scans: string }>`SELECT coalesce(sum(idx_scan), 0)::text AS scans
    FROM pg_stat_user_indexes WHERE indexrelname LIKE '%bookmark'`.execute(database().db);
  return Number(rows[0]?.scans ?? 0);
}

describe('a deep balance-log page', () => {
  test('read from the nearest bookmark, is the page an offset gives', async () => {
    const ranges = [
      {},
      { from: new Date(instants[3] as number) },
      { to: new Date(instants.at(-3) as number) },
      { from: new Date(instants[2] as number), to: new Date(instants.at(-2) as number) },
    ];
    const compared = await expectEveryDeepPage(alice, ranges);
    expect(compared).toBeGreaterThan(200);
    // The deposit, then two rows per transfer.
    expect((await byOffset({ account: alice, order: 'desc', limit: 1, offset: 0 })).total).toBe(
      1 + 2 * transfers,
    );
  }, 120_000);

  test('reads the bookmark indexes', async () => {
    const { db } = database();
    await sql`SELECT pg_stat_force_next_flush()`.execute(db);
    const before = await bookmarkScans();
    for (let n = 0; n < 5; n += 1) {
      await readBalanceLog(db, { account: alice, order: 'desc', limit: 20, offset: 1_000 });
    }
    // The pool's backends report their counters when idle (at most a second later).
    let after = before;
    for (let tries = 0; tries < 40 && after === before; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await sql`SELECT pg_stat_clear_snapshot()`.execute(db);
      after = await bookmarkScans();
    }
    expect(after).toBeGreaterThan(before);
  });

  test('after a transfer stamped before the newest row, deep pages are read by offset, still exact', async () => {
    const { db } = database();
    await appendTransferBehindWriter(
      fixture,
      [btcLeg(alice, bob, '0.50000000')],
      new Date((instants[5] as number) - 1).toISOString(),
    );
    await projectAll(db, fixture.store, [ledgerBalancesProjection], 500);
    const { rows } = await sql<{ ordered: boolean }>`SELECT log_times_ordered AS ordered
      FROM ledger_accounts WHERE account = ${alice}`.execute(db);
    expect(rows[0]?.ordered).toBe(false);
    await expectEveryDeepPage(alice, [{}, { from: new Date(instants[3] as number) }]);
  }, 120_000);
});

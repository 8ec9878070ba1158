// Proves the administrator's account-transfer list on a real writer and projection: every page, for
// every filter (none, an asset, a date range, both, an asset with none), order and offset up to
// past the end (pages past the middle are read from the other end), holds the rows and total that
// filtering and sorting the whole balance log by hand gives, fee legs included and deposits, other
// causes and hold captures left out; the books' count per asset is the log's; and a page's entries,
// of all assets or of one, are read from the partial index alone in the list's order, without
// sorting.
import { systemAccountId } from '@ledger/ledger';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { walletAccountId } from './account-identity.ts';
import { type AccountTransferFilter, listAccountTransfers } from './account-transfer-queries.ts';
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
const start = Date.parse('2025-06-01T00:00:00.000Z');
const minute = 60_000;
const fees = {
  KRW: systemAccountId('feeRevenue', 'KRW'),
  BTC: systemAccountId('feeRevenue', 'BTC'),
};

beforeAll(async () => {
  fixture = await startLedgerFixture(database().url);
  await openAsset(fixture, 'KRW', 0);
  await openAsset(fixture, 'BTC', 8);
  fixture.clock.nowMs = start;
  // Members 1–3 hold KRW accounts 1–6, BTC accounts 7–9.
  for (let seq = 1; seq <= 9; seq += 1) {
    const asset = seq <= 6 ? 'KRW' : 'BTC';
    const decimals = asset === 'BTC' ? 8 : 0;
    await fixture.accept(openWalletAccount(seq, 100 + (seq % 3), asset, decimals));
    await fixture.accept(
      transfer(
        [
          {
            debit: systemAccountId('chainClearing', asset),
            credit: walletAccountId(seq),
            asset,
            amount: asset === 'BTC' ? '10.00000000' : '1000000',
          },
        ],
        'deposit',
      ),
    );
  }
  for (let index = 0; index < 40; index += 1) {
    // Several transfers share a millisecond; time moves on between most.
    if (index % 3 !== 0) fixture.clock.nowMs += minute;
    const btc = index % 4 === 3;
    const asset = btc ? 'BTC' : 'KRW';
    const from = btc ? 7 + (index % 3) : 1 + (index % 6);
    const to = btc ? 7 + ((index + 1) % 3) : 1 + ((index + 2) % 6);
    const amount = btc ? `0.0000${index + 10}00` : String(100 + index);
    const legs = [{ debit: walletAccountId(from), credit: walletAccountId(to), asset, amount }];
    // Every third transfer to another member pays a fee: its own leg, listed too.
    if (index % 3 === 1) {
      legs.push({
        debit: walletAccountId(from),
        credit: fees[asset],
        asset,
        amount: btc ? '0.00000001' : '1',
      });
    }
    const cause =
      index % 5 === 0 ? 'internalTransfer' : index % 7 === 0 ? 'trade' : 'memberTransfer';
    await fixture.accept(transfer(legs, cause));
  }
  // A hold captured with an account-transfer cause is not a posted transfer: not listed.
  await fixture.accept({
    type: 'PlaceHold',
    data: { holdId: 'hold-1', account: walletAccountId(2), amount: '50', reason: 'withdrawal' },
  });
  await fixture.accept({
    type: 'CaptureHolds',
    data: {
      transferId: 'capture-1',
      cause: 'memberTransfer',
      captures: [
        {
          holdId: 'hold-1',
          legs: [
            { debit: walletAccountId(2), credit: walletAccountId(3), asset: 'KRW', amount: '50' },
          ],
        },
      ],
    },
  });
  await projectAll(database().db, fixture.store, [ledgerBalancesProjection], 7);
});
afterAll(async () => {
  await fixture.close();
});

type LogRow = {
  entry: string;
  event_type: string;
  cause: string;
  asset: string;
  occurred_at: Date;
};

/** The list's rows by hand: the whole log, filtered and sorted here. */
async function byHand(filter: AccountTransferFilter, order: 'asc' | 'desc'): Promise<number[]> {
  const { rows } = await sql<LogRow>`SELECT entry::text, event_type, cause, asset, occurred_at
    FROM ledger_balance_log`.execute(database().db);
  const matching = rows.filter(
    (row) =>
      row.event_type === 'TransferPosted' &&
      (row.cause === 'internalTransfer' || row.cause === 'memberTransfer') &&
      (filter.asset === undefined || row.asset === filter.asset) &&
      (filter.from === undefined || row.occurred_at >= filter.from) &&
      (filter.to === undefined || row.occurred_at < filter.to),
  );
  const sign = order === 'asc' ? 1 : -1;
  matching.sort((left, right) => {
    const [a, b] = [left.occurred_at.getTime(), right.occurred_at.getTime()];
    if (a !== b) return (a - b) * sign;
    return Number(BigInt(left.entry) - BigInt(right.entry)) * sign;
  });
  return matching.map((row) => Number(row.entry));
}

describe('the administrator’s account-transfer list', () => {
  test('every page holds the rows and total that filtering and sorting the log by hand give', async () => {
    const filters: AccountTransferFilter[] = [
      {},
      { asset: 'KRW' },
      { asset: 'BTC' },
      { from: new Date(start + 5 * minute), to: new Date(start + 19 * minute) },
      { asset: 'KRW', from: new Date(start + 11 * minute) },
      { to: new Date(start + 8 * minute) },
      { asset: 'ETH' },
    ];
    let compared = 0;
    for (const filter of filters) {
      for (const order of ['asc', 'desc'] as const) {
        const expected = await byHand(filter, order);
        for (const [offset, limit] of [
          [0, 10],
          [7, 10],
          [13, 4],
          [20, 7],
          [27, 5],
          [36, 10],
          [0, 100],
          [60, 5],
        ] as const) {
          const page = await listAccountTransfers(database().db, filter, { limit, offset, order });
          const where = { filter, order, offset, limit };
          expect({ where, total: page.total, entries: page.rows.map((row) => row.entry) }).toEqual({
            where,
            total: expected.length,
            entries: expected.slice(offset, offset + limit),
          });
          compared += 1;
        }
      }
    }
    expect(compared).toBe(filters.length * 2 * 8);
    // 40 transfers, 4 of them trades; 11 of the other 36 with a fee leg.
    expect((await byHand({}, 'asc')).length).toBe(36 + 11);
  });

  test('a row names both wallet accounts and its asset’s scale; a fee leg the fee account’s role', async () => {
    const { rows } = await listAccountTransfers(
      database().db,
      { asset: 'KRW' },
      { limit: 100, offset: 0, order: 'asc' },
    );
    const first = rows[0];
    expect(first).toMatchObject({
      cause: 'internalTransfer',
      asset: 'KRW',
      decimal_point: 0,
      amount: '100',
      from_account_seq: 1,
      to_account_seq: 3,
      to_system_role: null,
      actor: expect.any(String),
      regdate: new Date(start).toISOString(),
    });
    const fee = rows.find((row) => row.to_account_seq === null);
    expect(fee).toMatchObject({
      amount: '1',
      cause: 'memberTransfer',
      to_system_role: 'feeRevenue',
    });
    const btc = await listAccountTransfers(
      database().db,
      { asset: 'BTC' },
      { limit: 1, offset: 0, order: 'asc' },
    );
    expect(btc.rows[0]).toMatchObject({ decimal_point: 8, amount: '0.00001300' });
    expect(rows.filter((row) => row.transfer_id === fee?.transfer_id)).toHaveLength(2);
  });

  test('the books count each asset’s account-transfer rows as the log has them', async () => {
    const { rows } = await sql<{ asset: string; kept: string; counted: string }>`
      SELECT t.asset, t.account_transfer_rows::text AS kept, count(l.entry)::text AS counted
        FROM ledger_asset_totals t LEFT JOIN ledger_balance_log l ON l.asset = t.asset
         AND l.event_type = 'TransferPosted' AND l.cause IN ('internalTransfer', 'memberTransfer')
       GROUP BY t.asset, t.account_transfer_rows ORDER BY t.asset`.execute(database().db);
    expect(rows).toEqual([
      { asset: 'BTC', kept: rows[0]?.counted, counted: expect.any(String) },
      { asset: 'KRW', kept: rows[1]?.counted, counted: expect.any(String) },
    ]);
    expect(Number(rows[0]?.counted) + Number(rows[1]?.counted)).toBe(47);
  });

  test('a page’s entries, of all assets or of one, come from the partial index alone, in order', async () => {
    const { db } = database();
    // As autovacuum leaves an insert-only table: statistics, and pages marked all-visible.
    await sql`VACUUM ANALYZE ledger_balance_log_v1`.execute(db);
    const plans: string[] = [];
    for (const asset of [sql`TRUE`, sql`asset = 'BTC'`]) {
      // On a table this small Postgres may prefer a scan (or a bitmap) and a top-N sort; with
      // both priced out, only an index in the list's order avoids the sort.
      const { rows } = await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
        return sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT entry FROM ledger_balance_log
          WHERE event_type = 'TransferPosted' AND cause IN ('internalTransfer', 'memberTransfer')
            AND ${asset} ORDER BY occurred_at DESC, entry DESC LIMIT 20 OFFSET 20`.execute(trx);
      });
      plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
    for (const plan of plans) {
      expect(plan).toMatch(
        /Index Only Scan Backward using ledger_balance_log_v1_account_transfer /,
      );
      expect(plan).not.toMatch(/Sort/);
    }
  });
});

// Proves a balance-log page's total over a date range, on a real writer and database: read from two
// rows' ordinals while an account's rows came in time order, it equals the rows counted in the
// range for every range tried (bounds on a row's instant, one side open, empty, before and after
// everything); after a transfer stamped an hour before the newest row (history a writer wrote
// before writers floored their clocks at the ledger's newest instant, appended here directly), the
// accounts it logs are marked out of time order and their totals are counted instead, still exact;
// the books' checks agree with what the projector kept.
import { systemAccountId } from '@ledger/ledger';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { walletAccountId } from './account-identity.ts';
import { checkLiveBooks } from './audit/book-checks.ts';
import { readBalanceLog } from './balance-log-queries.ts';
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
const carol = walletAccountId(3);
const start = Date.parse('2025-03-01T00:00:00.000Z');
const minute = 60_000;
/** The instants rows were logged at (every transfer's time), for ranges bounded on them. */
const instants: number[] = [];

beforeAll(async () => {
  fixture = await startLedgerFixture(database().url);
  await openAsset(fixture, 'BTC', 8);
  for (const seq of [1, 2, 3]) await fixture.accept(openWalletAccount(seq, seq * 10, 'BTC', 8));
  fixture.clock.nowMs = start;
  await fixture.accept(transfer([btcLeg(clearing, alice, '100.00000000')], 'deposit'));
  await fixture.accept(transfer([btcLeg(clearing, bob, '100.00000000')], 'deposit'));
  instants.push(start);
  // 60 transfers over five hours, some in the same millisecond, 30 % paying a fee.
  for (let index = 0; index < 60; index += 1) {
    if (index % 4 !== 0) fixture.clock.nowMs += (index % 7) * 5 * minute + 1;
    instants.push(fixture.clock.nowMs);
    const [from, to] = index % 3 === 0 ? [bob, alice] : [alice, bob];
    const legs = [btcLeg(from, to, '0.10000000')];
    if (index % 10 < 3) legs.push(btcLeg(from, fees, '0.00100000'));
    await fixture.accept(transfer(legs));
  }
  await projectAll(database().db, fixture.store, [ledgerBalancesProjection], 7);
});
afterAll(async () => {
  await fixture.close();
});

async function counted(account: string, from?: number, to?: number): Promise<number> {
  const { db } = database();
  const range = sql.join(
    [
      ...(from === undefined ? [] : [sql`occurred_at >= ${new Date(from)}`]),
      ...(to === undefined ? [] : [sql`occurred_at < ${new Date(to)}`]),
      sql`${account} IN (debit_account, credit_account)`,
    ],
    sql` AND `,
  );
  const { rows } = await sql<{ count: string }>`SELECT count(*)::text AS count
    FROM ledger_balance_log WHERE ${range}`.execute(db);
  return Number(rows[0]?.count);
}

async function total(account: string, from?: number, to?: number): Promise<number> {
  const page = await readBalanceLog(database().db, {
    account,
    ...(from === undefined ? {} : { from: new Date(from) }),
    ...(to === undefined ? {} : { to: new Date(to) }),
    order: 'desc',
    limit: 5,
    offset: 0,
  });
  return page.total;
}

/** Ranges bounded on logged instants, a millisecond either side, open on one side, and empty. */
function ranges(): [number | undefined, number | undefined][] {
  const picked = [
    instants[1],
    instants[9],
    instants[20],
    instants[33],
    instants[47],
    instants.at(-1),
  ];
  const bounds = picked.flatMap((at) => [(at as number) - 1, at as number, (at as number) + 1]);
  const result: [number | undefined, number | undefined][] = [
    [undefined, undefined],
    [start - 60 * minute, start],
    [(instants.at(-1) as number) + 1, (instants.at(-1) as number) + 60 * minute],
    [instants[20], instants[20]],
  ];
  for (const from of bounds) {
    result.push([from, undefined], [undefined, from]);
    for (const to of bounds) if (to > from) result.push([from, to]);
  }
  return result;
}

async function ordered(account: string): Promise<boolean> {
  const { rows } = await sql<{ ordered: boolean }>`SELECT log_times_ordered AS ordered
    FROM ledger_accounts WHERE account = ${account}`.execute(database().db);
  return rows[0]?.ordered as boolean;
}

describe('a date range’s total', () => {
  test('equals the rows in the range, read from ordinals while times came in order', async () => {
    for (const account of [alice, bob, carol, fees, clearing]) {
      expect(await ordered(account)).toBe(true);
      for (const [from, to] of ranges()) {
        expect({ account, from, to, total: await total(account, from, to) }).toEqual({
          account,
          from,
          to,
          total: await counted(account, from, to),
        });
      }
    }
    expect(await counted(alice, instants[9], instants[47])).toBeGreaterThan(20);
    expect((await checkLiveBooks(database().db)).problems).toEqual([]);
  });

  test('after a transfer stamped an hour before the newest row, the totals are still exact', async () => {
    const { db } = database();
    const behind = (instants.at(-1) as number) - 60 * minute;
    await appendTransferBehindWriter(
      fixture,
      [btcLeg(alice, bob, '0.50000000')],
      new Date(behind).toISOString(),
    );
    await projectAll(db, fixture.store, [ledgerBalancesProjection], 7);
    expect(await ordered(alice)).toBe(false);
    expect(await ordered(bob)).toBe(false);
    expect(await ordered(fees)).toBe(true);
    instants.push(behind);
    // The back-dated row lies inside ranges that end after it, with rows logged after its instant.
    expect(await counted(alice, behind - 1, behind + 1)).toBe(1);
    for (const account of [alice, bob, fees]) {
      for (const [from, to] of [...ranges(), [behind - 1, behind + 1] as const]) {
        expect({ account, from, to, total: await total(account, from, to) }).toEqual({
          account,
          from,
          to,
          total: await counted(account, from, to),
        });
      }
    }
    expect((await checkLiveBooks(db)).problems).toEqual([]);
  });
});

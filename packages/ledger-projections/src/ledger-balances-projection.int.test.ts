// Proves the ledger-balances projection on a real writer and database: balances, held amounts,
// holds and per-asset books follow the ledger; every leg is one log row carrying both balances
// after it, so an account's balance at any instant is one read; and an impossible event (money
// leaving an empty account) stops the projection, names the event, and writes nothing of it.
import { randomUUID } from 'node:crypto';
import { systemAccountId } from '@ledger/ledger';
import {
  clientLockSessions,
  createProjectionRunner,
  LeaderLocks,
  openFailure,
} from '@ledger/projection-runner';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { walletAccountId } from './account-identity.ts';
import { findAccount } from './account-queries.ts';
import { balanceAt, readBalanceLog } from './balance-log-queries.ts';
import { readBooks } from './book-queries.ts';
import { ledgerBalancesProjection } from './ledger-balances-projection.ts';
import {
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

beforeAll(async () => {
  fixture = await startLedgerFixture(database().url);
  await openAsset(fixture, 'BTC', 8);
  await fixture.accept(openWalletAccount(1, 10, 'BTC', 8));
  await fixture.accept(openWalletAccount(2, 20, 'BTC', 8));
});
afterAll(async () => {
  await fixture.close();
});

describe('balances, holds, books and the log follow the ledger', () => {
  test('a deposit, a transfer with a fee, a hold captured in part and one released', async () => {
    const { db } = database();
    fixture.clock.nowMs = Date.parse('2025-03-01T01:00:00.000Z');
    await fixture.accept(transfer([btcLeg(clearing, alice, '5.00000000')], 'deposit'));
    fixture.clock.nowMs = Date.parse('2025-03-01T02:00:00.000Z');
    await fixture.accept(
      transfer([btcLeg(alice, bob, '1.50000000'), btcLeg(alice, fees, '0.01000000')]),
    );
    fixture.clock.nowMs = Date.parse('2025-03-01T03:00:00.000Z');
    await fixture.accept({
      type: 'PlaceHold',
      data: { holdId: 'hold-1', account: alice, amount: '2.00000000', reason: 'withdrawal' },
    });
    await fixture.accept({
      type: 'PlaceHold',
      data: { holdId: 'hold-2', account: bob, amount: '0.50000000', reason: 'c2cEscrow' },
    });
    await fixture.accept({
      type: 'CaptureHolds',
      data: {
        transferId: randomUUID(),
        cause: 'withdrawal',
        captures: [{ holdId: 'hold-1', legs: [btcLeg(alice, clearing, '1.25000000')] }],
      },
    });
    await fixture.accept({ type: 'ReleaseHold', data: { holdId: 'hold-2' } });
    await fixture.accept({
      type: 'PlaceHold',
      data: { holdId: 'hold-3', account: bob, amount: '0.25000000', reason: 'withdrawal' },
    });
    await projectAll(db, fixture.store, [ledgerBalancesProjection], 3);

    expect(await findAccount(db, 1)).toMatchObject({
      member_seq: 10,
      account_number: '1000-0000-0016',
      balance: '2.24000000',
      holding_balance: '0.00000000',
      available_balance: '2.24000000',
      status: 'normal',
    });
    expect(await findAccount(db, 2)).toMatchObject({
      balance: '1.50000000',
      holding_balance: '0.25000000',
      available_balance: '1.25000000',
    });
    const { rows: holds } = await sql<{ hold_id: string; status: string }>`
      SELECT hold_id, status, amount_captured::text, amount_released::text FROM ledger_holds
       ORDER BY hold_id`.execute(db);
    expect(holds).toEqual([
      {
        hold_id: 'hold-1',
        status: 'captured',
        amount_captured: '1.25000000',
        amount_released: '0.75000000',
      },
      {
        hold_id: 'hold-2',
        status: 'released',
        amount_captured: null,
        amount_released: '0.50000000',
      },
      { hold_id: 'hold-3', status: 'open', amount_captured: null, amount_released: null },
    ]);
    const { books } = await readBooks(db);
    expect(books).toHaveLength(1);
    expect(books[0]).toMatchObject({
      asset: 'BTC',
      member_accounts: 2,
      member_balance_total: '3.74000000',
      member_holding_total: '0.25000000',
      sum: '0.00000000',
    });
    expect(books[0]?.system_accounts).toHaveLength(7);
    expect(books[0]?.system_accounts.find((row) => row.account === fees)?.balance).toBe(
      '0.01000000',
    );
  });

  test('each leg is one log row; seen from each account with its balance after', async () => {
    const { db } = database();
    const { rows, total } = await readBalanceLog(db, {
      account: alice,
      order: 'asc',
      limit: 20,
      offset: 0,
    });
    expect(total).toBe(5);
    expect(rows.map((row) => [row.type, row.side, row.balance_change, row.balance_after])).toEqual([
      ['TransferPosted', 'credit', '5.00000000', '5.00000000'],
      ['TransferPosted', 'debit', '-1.50000000', '3.50000000'],
      ['TransferPosted', 'debit', '-0.01000000', '3.49000000'],
      ['HoldPlaced', 'hold', '0.00000000', '3.49000000'],
      ['HoldCaptured', 'debit', '-1.25000000', '2.24000000'],
    ]);
    expect(rows[3]?.holding_balance_after).toBe('2.00000000');
    expect(rows[4]?.holding_balance_after).toBe('0.00000000');
    expect(rows[1]?.counter_account_number).toBe('1000-0000-0024');
    const { rows: logRows } = await sql<{ count: string }>`SELECT count(*)::text AS count
      FROM ledger_balance_log WHERE event_type = 'TransferPosted'`.execute(db);
    expect(logRows[0]?.count).toBe('3');
  });

  test('the balance at an instant is the balance after the last change at or before it', async () => {
    const { db } = database();
    const account = { account: alice, decimal_point: 8 };
    const at = (iso: string) => balanceAt(db, account, new Date(iso));
    expect((await at('2025-03-01T00:30:00.000Z')).balance).toBe('0.00000000');
    expect((await at('2025-03-01T00:30:00.000Z')).entry).toBeNull();
    expect((await at('2025-03-01T01:00:00.000Z')).balance).toBe('5.00000000');
    expect((await at('2025-03-01T01:59:59.999Z')).balance).toBe('5.00000000');
    expect(await at('2025-03-01T02:30:00.000Z')).toMatchObject({
      balance: '3.49000000',
      holding_balance: '0.00000000',
    });
    expect(await at('2025-03-01T04:00:00.000Z')).toMatchObject({
      balance: '2.24000000',
      available_balance: '2.24000000',
    });
  });
});

describe('a broken invariant stops the projection', () => {
  test('money leaving an account that has none: stopped, the event named, nothing written', async () => {
    const { db, url } = database();
    await projectAll(db, fixture.store, [ledgerBalancesProjection]);
    const before = await findAccount(db, 2);
    // Appended behind the writer's back: the decider would never produce it.
    const eventId = randomUUID();
    await fixture.store.append(
      'ledger',
      [
        {
          id: eventId,
          type: 'TransferPosted',
          data: {
            transferId: 'impossible',
            legs: [btcLeg(bob, alice, '100.00000000')],
            cause: 'internalTransfer',
            postedAt: '2025-03-01T05:00:00.000Z',
          },
          metadata: { commandId: 'impossible', actor: 'system:tamper', bodyHash: 'x' },
        },
      ],
      { expected: { kind: 'any' } },
    );
    const locks = new LeaderLocks(clientLockSessions(url));
    const runner = createProjectionRunner({
      db,
      eventStore: fixture.store,
      projection: ledgerBalancesProjection,
      locks,
      logger: silentLogger,
      idleDelayMs: { min: 5, max: 20 },
    });
    const stopping = new AbortController();
    const running = runner.run(stopping.signal);
    const deadline = Date.now() + 20_000;
    while (runner.status().state !== 'stopped' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    stopping.abort();
    await running;
    await locks.close();
    expect(runner.status().state).toBe('closed');
    const failure = await openFailure(db, {
      projection: ledgerBalancesProjection.name,
      version: 1,
    });
    expect(failure?.event?.id).toBe(eventId);
    expect(failure?.errorName).toBe('ProjectionInvariantError');
    expect(await findAccount(db, 2)).toEqual(before);
    const { books, projections } = await readBooks(db);
    expect(books[0]?.sum).toBe('0.00000000');
    expect(projections.find((p) => p.projection === 'ledger-balances')?.failure?.event_id).toBe(
      eventId,
    );
  });
});

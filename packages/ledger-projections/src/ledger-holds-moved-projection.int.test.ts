// Proves the ledger-balances projection shows moves of held funds and captures that keep the rest held truthfully, on a real writer and database, in batches of one event and of many: each hold's row holds what the ledger's hold holds (a new hold placed by a move, an open hold grown by one, an emptied hold resolved as moved), captured amounts add up across partial captures, the account's held total never changes on a move, and the balance log has one hold row per hold a move touches and one debit row per captured leg.
import { randomUUID } from 'node:crypto';
import { systemAccountId } from '@ledger/ledger';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { walletAccountId } from './account-identity.ts';
import { findAccount } from './account-queries.ts';
import { readBalanceLog } from './balance-log-queries.ts';
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
const seller = walletAccountId(1);
const buyer = walletAccountId(2);

const move = (fromHoldId: string, toHoldId: string, amount: string) => ({
  type: 'MoveHeld' as const,
  data: { fromHoldId, toHoldId, amount, reason: 'c2cEscrow' },
});
const captureKeeping = (holdId: string, amount: string) => ({
  type: 'CaptureHolds' as const,
  data: {
    transferId: randomUUID(),
    cause: 'c2c',
    captures: [{ holdId, legs: [btcLeg(seller, buyer, amount)], rest: 'keep' as const }],
  },
});

type HoldView = { hold_id: string; status: string; amount: string; captured: string | null };
async function holds(): Promise<HoldView[]> {
  const { rows } = await sql<HoldView>`SELECT hold_id, status, amount::text,
      amount_captured::text AS captured FROM ledger_holds ORDER BY hold_id`.execute(database().db);
  return rows;
}

beforeAll(async () => {
  fixture = await startLedgerFixture(database().url);
  await openAsset(fixture, 'BTC', 8);
  await fixture.accept(openWalletAccount(1, 10, 'BTC', 8));
  await fixture.accept(openWalletAccount(2, 20, 'BTC', 8));
  await fixture.accept(transfer([btcLeg(clearing, seller, '3.00000000')], 'deposit'));
});
afterAll(async () => {
  await fixture.close();
});

describe('moved and partly captured holds in the read models', () => {
  test('a move into a new hold, a partial capture, a move back, a whole move', async () => {
    const { db } = database();
    await fixture.accept({
      type: 'PlaceHold',
      data: { holdId: 'deal', account: seller, amount: '2.00000000', reason: 'c2cEscrow' },
    });
    await fixture.accept(move('deal', 'app', '0.80000000'));
    await projectAll(db, fixture.store, [ledgerBalancesProjection], 1);
    expect(await holds()).toEqual([
      { hold_id: 'app', status: 'open', amount: '0.80000000', captured: null },
      { hold_id: 'deal', status: 'open', amount: '1.20000000', captured: null },
    ]);
    expect(await findAccount(db, 1)).toMatchObject({
      balance: '3.00000000',
      holding_balance: '2.00000000',
    });

    await fixture.accept(captureKeeping('app', '0.30000000'));
    await projectAll(db, fixture.store, [ledgerBalancesProjection], 1);
    await fixture.accept(captureKeeping('app', '0.10000000'));
    await fixture.accept(move('app', 'deal', '0.40000000'));
    await fixture.accept(move('deal', 'rest', '1.60000000'));
    await projectAll(db, fixture.store, [ledgerBalancesProjection], 50);
    expect(await holds()).toEqual([
      { hold_id: 'app', status: 'moved', amount: '0.40000000', captured: '0.40000000' },
      { hold_id: 'deal', status: 'moved', amount: '1.60000000', captured: null },
      { hold_id: 'rest', status: 'open', amount: '1.60000000', captured: null },
    ]);
    expect(await findAccount(db, 1)).toMatchObject({
      balance: '2.60000000',
      holding_balance: '1.60000000',
      available_balance: '1.00000000',
    });
    expect(await findAccount(db, 2)).toMatchObject({ balance: '0.40000000' });
  });

  test('the log: two hold rows per move, a debit row per partly captured leg', async () => {
    const { db } = database();
    const { rows } = await readBalanceLog(db, {
      account: seller,
      order: 'asc',
      limit: 20,
      offset: 0,
    });
    expect(
      rows.map((row) => [row.type, row.side, row.hold_id, row.amount, row.holding_balance_after]),
    ).toEqual([
      ['TransferPosted', 'credit', null, '3.00000000', '0.00000000'],
      ['HoldPlaced', 'hold', 'deal', '2.00000000', '2.00000000'],
      ['HeldMoved', 'hold', 'deal', '0.80000000', '2.00000000'],
      ['HeldMoved', 'hold', 'app', '0.80000000', '2.00000000'],
      ['HoldPartlyCaptured', 'debit', 'app', '0.30000000', '1.70000000'],
      ['HoldPartlyCaptured', 'debit', 'app', '0.10000000', '1.60000000'],
      ['HeldMoved', 'hold', 'app', '0.40000000', '1.60000000'],
      ['HeldMoved', 'hold', 'deal', '0.40000000', '1.60000000'],
      ['HeldMoved', 'hold', 'deal', '1.60000000', '1.60000000'],
      ['HeldMoved', 'hold', 'rest', '1.60000000', '1.60000000'],
    ]);
    expect(rows[4]?.balance_change).toBe('-0.30000000');
    expect(rows[2]?.balance_change).toBe('0.00000000');
  });
});

// Proves MoveHeld moves part or all of an open hold into a new hold or an open one on the same account in one event (the account's held total unchanged, an emptied hold resolved as moved), and names every refusal: unknown, resolved or limit-drawing holds, an amount above what is left, another account or asset, malformed fields.
import { describe, expect, it } from 'vitest';
import { decide, evolve } from './ledger-decider.ts';
import { initialState } from './ledger-state.ts';
import {
  accountStatusChanged,
  aliceBtc,
  aliceBtcLimit,
  aliceBtcSavings,
  aliceKrw,
  bobBtc,
  btc,
  btcClearing,
  command,
  dailyLimitSet,
  deposited,
  exampleLedgerOpened,
  given,
  heldMoved,
  holdCaptured,
  holdPlaced,
  krw,
  leg,
  testDay,
} from './testing/index.ts';

const escrow = holdPlaced({
  holdId: 'deal',
  account: aliceBtc,
  asset: btc,
  amount: '1.00000000',
  reason: 'c2cEscrow',
});
const funded = [
  ...exampleLedgerOpened,
  deposited('d1', aliceBtc, '2.00000000', btc),
  deposited('d2', aliceBtcSavings, '1.00000000', btc),
  deposited('d3', bobBtc, '1.00000000', btc),
  deposited('d4', aliceKrw, '1000', krw),
  escrow,
];
const move = (fromHoldId: string, toHoldId: string, amount: string) =>
  command('MoveHeld', { fromHoldId, toHoldId, amount, reason: 'c2cEscrow' });
const moved = (
  fromHoldId: string,
  toHoldId: string,
  amount: string,
  amountLeft: string,
  toHoldAmount: string,
  toHoldPlaced: boolean,
) =>
  heldMoved({
    fromHoldId,
    toHoldId,
    account: aliceBtc,
    asset: btc,
    amount,
    amountLeft,
    toHoldAmount,
    toHoldPlaced,
    reason: 'c2cEscrow',
  });
const toApplication = moved('deal', 'app', '0.30000000', '0.70000000', '0.30000000', true);

describe('MoveHeld', () => {
  it('moves part of a hold into a new hold on the same account', () => {
    given(funded)
      .when(move('deal', 'app', '0.30000000'))
      .then([toApplication]);
  });

  it('moves a hold back into an open hold, and a whole hold resolves as moved', () => {
    const back = moved('app', 'deal', '0.30000000', '0.00000000', '1.00000000', false);
    given([...funded, toApplication])
      .when(move('app', 'deal', '0.30000000'))
      .then([back]);
    given([...funded, toApplication, back])
      .when(move('app', 'other', '0.10000000'))
      .thenRejects('HoldAlreadyResolved', { holdId: 'app', resolution: 'moved' });
  });

  it('keeps the account held total and available balance as they were', () => {
    const state = initialState();
    for (const event of [...funded, toApplication]) evolve(state, event);
    const account = state.accounts.get(aliceBtc);
    expect(account?.kind !== 'limit' && [account?.balance, account?.held]).toEqual([
      200000000n,
      100000000n,
    ]);
    expect([state.holdsOpen.get('deal')?.amount, state.holdsOpen.get('app')?.amount]).toEqual([
      70000000n,
      30000000n,
    ]);
  });

  it('moves the holds of a fraud account, which refuses new holds', () => {
    given([...funded, accountStatusChanged(aliceBtc, 'fraud')])
      .when(move('deal', 'app', '0.30000000'))
      .then([toApplication]);
  });

  it('refuses an unknown or resolved from hold', () => {
    given(funded)
      .when(move('nope', 'app', '0.10000000'))
      .thenRejects('HoldNotFound');
    const captured = holdCaptured({
      holdId: 'deal',
      transferId: 'c1',
      account: aliceBtc,
      asset: btc,
      amount: '1.00000000',
      amountReleased: '0.00000000',
      legs: [leg(aliceBtc, btcClearing, '1.00000000', btc)],
      cause: 'withdrawal',
    });
    given([...funded, captured])
      .when(move('deal', 'app', '0.10000000'))
      .thenRejects('HoldAlreadyResolved', { resolution: 'captured' });
  });

  it('refuses an amount above what the hold has left, or not of the asset scale', () => {
    given([...funded, toApplication])
      .when(move('deal', 'app2', '0.70000001'))
      .thenRejects('MoveExceedsHold', {
        holdId: 'deal',
        held: '0.70000000',
        requested: '0.70000001',
      });
    given(funded)
      .when(move('deal', 'app', '0.3'))
      .thenRejects('InvalidAmount');
    given(funded)
      .when(move('deal', 'app', '0.00000000'))
      .thenRejects('InvalidAmount');
  });

  it('refuses an open to hold on another account or of another asset', () => {
    const savings = holdPlaced({
      holdId: 'hs',
      account: aliceBtcSavings,
      asset: btc,
      amount: '0.10000000',
    });
    given([...funded, savings])
      .when(move('deal', 'hs', '0.10000000'))
      .thenRejects('HoldAccountMismatch', {
        holdId: 'hs',
        account: aliceBtcSavings,
        accountExpected: aliceBtc,
      });
    const won = holdPlaced({ holdId: 'hk', account: aliceKrw, asset: krw, amount: '100' });
    given([...funded, won])
      .when(move('deal', 'hk', '0.10000000'))
      .thenRejects('AssetMismatch', { account: aliceKrw, asset: krw, assetRequested: btc });
  });

  it('refuses a to hold id already resolved, a hold that draws on a limit, and bad fields', () => {
    const back = moved('app', 'deal', '0.30000000', '0.00000000', '1.00000000', false);
    given([...funded, toApplication, back])
      .when(move('deal', 'app', '0.10000000'))
      .thenRejects('HoldAlreadyResolved', { holdId: 'app', resolution: 'moved' });
    const limit = { account: aliceBtcLimit, day: testDay };
    const withdrawal = holdPlaced({
      holdId: 'hw',
      account: aliceBtc,
      asset: btc,
      amount: '0.10000000',
      limit,
    });
    const limited = [
      ...funded,
      dailyLimitSet(aliceBtcLimit, '1.00000000', '0.00000000'),
      withdrawal,
    ];
    given(limited)
      .when(move('hw', 'x', '0.10000000'))
      .thenRejects('HoldDrawsOnLimit', { holdId: 'hw' });
    given(limited)
      .when(move('deal', 'hw', '0.10000000'))
      .thenRejects('HoldDrawsOnLimit', { holdId: 'hw' });
    given(funded)
      .when(move('deal', 'deal', '0.10000000'))
      .thenRejects('InvalidField', { field: 'toHoldId' });
    given(funded)
      .when(move('deal', '', '0.10000000'))
      .thenRejects('InvalidField', { field: 'toHoldId' });
    given(funded)
      .when(
        command('MoveHeld', {
          fromHoldId: 'deal',
          toHoldId: 'app',
          amount: '0.10000000',
          reason: 'not a label!',
        }),
      )
      .thenRejects('InvalidField', { field: 'reason' });
  });

  it('asserts on an event that does not fit the state', () => {
    const state = initialState();
    for (const event of funded) evolve(state, event);
    const wrong = moved('deal', 'app', '0.30000000', '0.60000000', '0.30000000', true);
    expect(() => evolve(state, wrong)).toThrow();
    expect(decide(move('deal', 'app', '0.30000000'), state).kind).toBe('accepted');
  });
});

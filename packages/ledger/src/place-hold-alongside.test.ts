// Proves PlaceHold places a withdrawal's fee holds alongside its main hold in one decision (all or none, funds checked per account together), checks the one-time limit, and draws the daily limit for the main hold only.
import { describe, it } from 'vitest';
import type { PlaceHold } from './ledger-commands.ts';
import {
  aliceBtc,
  aliceBtcLimit,
  aliceKrw,
  btc,
  command,
  dailyLimitSet,
  deposited,
  exampleLedgerOpened,
  given,
  holdPlaced,
  krw,
  testDay,
} from './testing/index.ts';

const funded = [
  ...exampleLedgerOpened,
  deposited('d1', aliceBtc, '2.00000000', btc),
  deposited('d2', aliceKrw, '5000', krw),
  dailyLimitSet(aliceBtcLimit, '1.00000000', '0.00000000'),
];
const limit = { account: aliceBtcLimit, day: testDay };

function placeHold(data: Partial<PlaceHold['data']>) {
  const base = {
    holdId: 'w1:amount',
    account: aliceBtc,
    amount: '0.50000000',
    reason: 'withdrawal',
    limit,
  };
  return command('PlaceHold', { ...base, ...data });
}

describe('PlaceHold with holds alongside accepts', () => {
  it('a fee on the same account, drawing the daily limit for the amount only', () => {
    given(funded)
      .when(
        placeHold({
          amount: '1.00000000',
          alongside: [
            { holdId: 'w1:fee', account: aliceBtc, amount: '1.00000000', reason: 'withdrawalFee' },
          ],
        }),
      )
      .then([
        holdPlaced({
          holdId: 'w1:amount',
          account: aliceBtc,
          asset: btc,
          amount: '1.00000000',
          limit,
        }),
        holdPlaced({
          holdId: 'w1:fee',
          account: aliceBtc,
          asset: btc,
          amount: '1.00000000',
          reason: 'withdrawalFee',
        }),
      ]);
  });

  it('a fee in another asset, on the fee payment account', () => {
    given(funded)
      .when(
        placeHold({
          alongside: [
            { holdId: 'w1:fee', account: aliceKrw, amount: '1000', reason: 'withdrawalFee' },
          ],
        }),
      )
      .then([
        holdPlaced({
          holdId: 'w1:amount',
          account: aliceBtc,
          asset: btc,
          amount: '0.50000000',
          limit,
        }),
        holdPlaced({
          holdId: 'w1:fee',
          account: aliceKrw,
          asset: krw,
          amount: '1000',
          reason: 'withdrawalFee',
        }),
      ]);
  });

  it('an amount equal to the one-time limit', () => {
    given(funded)
      .when(placeHold({ oneTimeMax: '0.50000000' }))
      .then([
        holdPlaced({
          holdId: 'w1:amount',
          account: aliceBtc,
          asset: btc,
          amount: '0.50000000',
          limit,
        }),
      ]);
  });
});

describe('PlaceHold with holds alongside refuses, placing nothing', () => {
  it('holds on one account that fit only one by one', () => {
    given(funded)
      .when(
        placeHold({
          amount: '1.00000000',
          alongside: [
            { holdId: 'w1:fee', account: aliceBtc, amount: '1.00000001', reason: 'withdrawalFee' },
          ],
        }),
      )
      .thenRejects('InsufficientFunds', {
        account: aliceBtc,
        available: '2.00000000',
        requested: '2.00000001',
      });
  });

  it('a fee the fee account cannot pay', () => {
    given(funded)
      .when(
        placeHold({
          alongside: [
            { holdId: 'w1:fee', account: aliceKrw, amount: '5001', reason: 'withdrawalFee' },
          ],
        }),
      )
      .thenRejects('InsufficientFunds', {
        account: aliceKrw,
        available: '5000',
        requested: '5001',
      });
  });

  it('an amount above the one-time limit', () => {
    given(funded)
      .when(placeHold({ oneTimeMax: '0.49999999' }))
      .thenRejects('OneTimeLimitExceeded', {
        account: aliceBtc,
        limit: '0.49999999',
        requested: '0.50000000',
      });
  });

  it('a malformed one-time limit', () => {
    given(funded)
      .when(placeHold({ oneTimeMax: '1' }))
      .thenRejects('InvalidAmount', { amount: '1', decimalPoint: 8 });
  });

  it('an amount above the daily limit, whatever the fee', () => {
    given(funded)
      .when(
        placeHold({
          amount: '1.00000001',
          alongside: [
            { holdId: 'w1:fee', account: aliceKrw, amount: '1', reason: 'withdrawalFee' },
          ],
        }),
      )
      .thenRejects('LimitExceeded', { used: '0.00000000', requested: '1.00000001' });
  });

  it('the same hold id twice in one command', () => {
    given(funded)
      .when(
        placeHold({
          alongside: [
            { holdId: 'w1:amount', account: aliceKrw, amount: '1', reason: 'withdrawalFee' },
          ],
        }),
      )
      .thenRejects('HoldAlreadyExists', { holdId: 'w1:amount' });
  });

  it('a malformed hold alongside', () => {
    given(funded)
      .when(
        placeHold({
          alongside: [
            { holdId: 'w1:fee', account: aliceKrw, amount: '1.5', reason: 'withdrawalFee' },
          ],
        }),
      )
      .thenRejects('InvalidAmount', { asset: krw, amount: '1.5', decimalPoint: 0 });
  });

  it('too many holds alongside', () => {
    const alongside = Array.from({ length: 8 }, (_, index) => ({
      holdId: `w1:fee${index}`,
      account: aliceKrw,
      amount: '1',
      reason: 'withdrawalFee',
    }));
    given(funded)
      .when(placeHold({ alongside }))
      .thenRejects('InvalidField', { field: 'alongside' });
  });
});

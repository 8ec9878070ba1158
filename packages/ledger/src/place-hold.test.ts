// Proves PlaceHold reserves available funds, draws a withdrawal on the member's daily limit for the given day in the same decision, and names every refusal (funds, fraud, expiry, limit).
import { describe, it } from 'vitest';
import type { PlaceHold } from './ledger-commands.ts';
import {
  aliceBtc,
  aliceBtcLimit,
  aliceKrw,
  bobBtc,
  bobBtcLimit,
  btc,
  btcClearing,
  command,
  dailyLimitSet,
  deposited,
  exampleLedgerOpened,
  given,
  holdPlaced,
  testDay,
} from './testing/index.ts';

const funded = [
  ...exampleLedgerOpened,
  deposited('d1', aliceBtc, '2.00000000', btc),
  dailyLimitSet(aliceBtcLimit, '1.00000000', '0.00000000'),
];

function placeHold(data: Partial<PlaceHold['data']>, now?: string) {
  const base = { holdId: 'h1', account: aliceBtc, amount: '0.50000000', reason: 'withdrawal' };
  return command('PlaceHold', { ...base, ...data }, now);
}

const withdrawalHold = holdPlaced({
  holdId: 'h0',
  account: aliceBtc,
  asset: btc,
  amount: '0.70000000',
  limit: { account: aliceBtcLimit, day: testDay },
});

describe('PlaceHold accepts', () => {
  it('a hold within the available balance', () => {
    given(funded)
      .when(placeHold({}))
      .then([holdPlaced({ holdId: 'h1', account: aliceBtc, asset: btc, amount: '0.50000000' })]);
  });

  it('a hold of exactly the available balance, with an expiry', () => {
    const expiresAt = '2025-01-15T03:30:00.000Z';
    given(funded)
      .when(placeHold({ amount: '2.00000000', reason: 'c2cEscrow', expiresAt }))
      .then([
        holdPlaced({
          holdId: 'h1',
          account: aliceBtc,
          asset: btc,
          amount: '2.00000000',
          reason: 'c2cEscrow',
          expiresAt,
        }),
      ]);
  });

  it('a withdrawal hold drawing on the daily limit up to the limit', () => {
    const limit = { account: aliceBtcLimit, day: testDay };
    given([...funded, withdrawalHold])
      .when(placeHold({ amount: '0.30000000', limit }))
      .then([
        holdPlaced({ holdId: 'h1', account: aliceBtc, asset: btc, amount: '0.30000000', limit }),
      ]);
  });

  it('a draw on another day, whose allowance is untouched', () => {
    const limit = { account: aliceBtcLimit, day: '2025-01-16' };
    given([...funded, withdrawalHold])
      .when(placeHold({ amount: '1.00000000', limit }))
      .then([
        holdPlaced({ holdId: 'h1', account: aliceBtc, asset: btc, amount: '1.00000000', limit }),
      ]);
  });

  it('a hold on chain clearing, which may go negative', () => {
    given(funded)
      .when(placeHold({ account: btcClearing, reason: 'settlement' }))
      .then([
        holdPlaced({
          holdId: 'h1',
          account: btcClearing,
          asset: btc,
          amount: '0.50000000',
          reason: 'settlement',
        }),
      ]);
  });
});

describe('PlaceHold refuses', () => {
  it('more than the available balance', () => {
    given([...funded, withdrawalHold])
      .when(placeHold({ amount: '1.30000001' }))
      .thenRejects('InsufficientFunds', {
        account: aliceBtc,
        available: '1.30000000',
        requested: '1.30000001',
      });
  });

  it('a hold on a fraud account', () => {
    const fraud = {
      type: 'AccountStatusChanged',
      data: {
        account: aliceBtc,
        status: 'fraud',
        statusPrevious: 'normal',
        changedAt: '2025-01-15T03:00:00.000Z',
      },
    } as const;
    given([...funded, fraud])
      .when(placeHold({}))
      .thenRejects('AccountFrozen', { account: aliceBtc });
  });

  it('an unknown account', () => {
    given(funded)
      .when(placeHold({ account: 'nobody' }))
      .thenRejects('AccountNotFound', { account: 'nobody' });
  });

  it('a hold on a limit account', () => {
    given(funded)
      .when(placeHold({ account: aliceBtcLimit }))
      .thenRejects('AccountKindNotAllowed', { account: aliceBtcLimit, kind: 'limit' });
  });

  it.each(['0.00000000', '0.5', '-0.50000000'])('the amount "%s"', (amount) => {
    given(funded)
      .when(placeHold({ amount }))
      .thenRejects('InvalidAmount', { amount, decimalPoint: 8 });
  });

  it('an amount with the wrong scale for a 0-decimal asset', () => {
    given(funded)
      .when(placeHold({ account: aliceKrw, amount: '100.00000000' }))
      .thenRejects('InvalidAmount', { asset: 'KRW', decimalPoint: 0 });
  });

  it('a hold id already open', () => {
    given([...funded, withdrawalHold])
      .when(placeHold({ holdId: 'h0' }))
      .thenRejects('HoldAlreadyExists', { holdId: 'h0' });
  });

  it('a hold id already resolved', () => {
    const released = {
      type: 'HoldReleased',
      data: {
        holdId: 'h0',
        account: aliceBtc,
        asset: btc,
        amount: '0.70000000',
        releasedAt: '2025-01-15T03:00:00.000Z',
      },
    } as const;
    given([...funded, withdrawalHold, released])
      .when(placeHold({ holdId: 'h0' }))
      .thenRejects('HoldAlreadyExists', { holdId: 'h0' });
  });

  it.each([
    ['in the past', '2025-01-15T02:59:59.999Z'],
    ['equal to now', '2025-01-15T03:00:00.000Z'],
    ['not canonical', '2025-01-15T04:00:00Z'],
    ['not a real date', '2025-02-30T04:00:00.000Z'],
  ])('an expiry %s', (_case, expiresAt) => {
    given(funded).when(placeHold({ expiresAt })).thenRejects('InvalidExpiry', { expiresAt });
  });

  it.each([
    ['holdId', { holdId: '' }],
    ['reason', { reason: 'because I want to' }],
  ])('a malformed %s', (field, data) => {
    given(funded).when(placeHold(data)).thenRejects('InvalidField', { field });
  });

  it('a draw past the daily limit, saying limit, used and requested', () => {
    given([...funded, withdrawalHold])
      .when(placeHold({ amount: '0.30000001', limit: { account: aliceBtcLimit, day: testDay } }))
      .thenRejects('LimitExceeded', {
        account: aliceBtcLimit,
        day: testDay,
        limit: '1.00000000',
        used: '0.70000000',
        requested: '0.30000001',
      });
  });

  it('a draw on a limit never set, which allows nothing', () => {
    given([...exampleLedgerOpened, deposited('d1', bobBtc, '1.00000000', btc)])
      .when(
        placeHold({
          account: bobBtc,
          amount: '0.00000001',
          limit: { account: bobBtcLimit, day: testDay },
        }),
      )
      .thenRejects('LimitExceeded', { limit: '0.00000000', used: '0.00000000' });
  });

  it("a draw on another member's limit", () => {
    given(funded)
      .when(placeHold({ limit: { account: bobBtcLimit, day: testDay } }))
      .thenRejects('LimitNotForAccount', { limitAccount: bobBtcLimit, account: aliceBtc });
  });

  it('a draw on an unknown limit account', () => {
    given(funded)
      .when(placeHold({ limit: { account: 'nobody', day: testDay } }))
      .thenRejects('AccountNotFound', { account: 'nobody' });
  });

  it('a draw on an account that is not a limit', () => {
    given(funded)
      .when(placeHold({ limit: { account: bobBtc, day: testDay } }))
      .thenRejects('AccountKindNotAllowed', {
        account: bobBtc,
        kind: 'member',
        kindsAllowed: ['limit'],
      });
  });

  it('treats a malformed limit day as a bug in the writer', () => {
    given(funded)
      .when(placeHold({ limit: { account: aliceBtcLimit, day: '15/01/2025' } }))
      .thenAsserts();
  });
});

// Proves CaptureHolds takes a hold in full or in part (the rest released, and given back to its limit day), captures two holds of a fill in one decision with extra legs, works on a fraud account's earlier hold, and names every refusal.
import { describe, it } from 'vitest';
import type { CaptureHolds, HoldCapture } from './ledger-commands.ts';
import type { Leg } from './ledger-types.ts';
import {
  accountStatusChanged,
  aliceBtc,
  aliceBtcLimit,
  aliceKrw,
  bobBtc,
  bobKrw,
  btc,
  btcClearing,
  btcFees,
  btcProvider,
  command,
  dailyLimitSet,
  deposited,
  exampleLedgerOpened,
  given,
  holdCaptured,
  holdExpired,
  holdPlaced,
  holdReleased,
  krw,
  krwFees,
  krwProvider,
  leg,
  testDay,
  transferPosted,
} from './testing/index.ts';

const withdrawal = holdPlaced({
  holdId: 'h1',
  account: aliceBtc,
  asset: btc,
  amount: '0.70000000',
  limit: { account: aliceBtcLimit, day: testDay },
});
const escrow = holdPlaced({
  holdId: 'ha',
  account: aliceBtc,
  asset: btc,
  amount: '0.50000000',
  reason: 'c2cEscrow',
});
const order = holdPlaced({
  holdId: 'hk',
  account: bobKrw,
  asset: krw,
  amount: '50000',
  reason: 'b2cOrder',
});

const funded = [
  ...exampleLedgerOpened,
  deposited('d1', aliceBtc, '2.00000000', btc),
  deposited('d2', bobKrw, '100000', krw),
  deposited('d3', btcProvider, '10.00000000', btc),
  dailyLimitSet(aliceBtcLimit, '1.00000000', '0.00000000'),
  withdrawal,
  escrow,
  order,
];

function capture(captures: HoldCapture[], extra?: Partial<CaptureHolds['data']>) {
  return command('CaptureHolds', { transferId: 'c1', cause: 'withdrawal', captures, ...extra });
}

function captured(
  holdId: string,
  account: string,
  asset: string,
  amounts: [string, string],
  legs: Leg[],
  cause = 'withdrawal',
) {
  const [amount, amountReleased] = amounts;
  return holdCaptured({
    holdId,
    transferId: 'c1',
    account,
    asset,
    amount,
    amountReleased,
    legs,
    cause,
  });
}

const fullLegs = [
  leg(aliceBtc, btcClearing, '0.69000000', btc),
  leg(aliceBtc, btcFees, '0.01000000', btc),
];
const partialLegs = [leg(aliceBtc, btcClearing, '0.40000000', btc)];

describe('CaptureHolds accepts', () => {
  it('a full capture of a withdrawal hold, paying the chain and the fee', () => {
    given(funded)
      .when(capture([{ holdId: 'h1', legs: fullLegs }]))
      .then([captured('h1', aliceBtc, btc, ['0.70000000', '0.00000000'], fullLegs)]);
  });

  it('a partial capture, releasing the rest in the same event', () => {
    given(funded)
      .when(capture([{ holdId: 'h1', legs: partialLegs }]))
      .then([captured('h1', aliceBtc, btc, ['0.40000000', '0.30000000'], partialLegs)]);
  });

  it('a partial capture whose released part is available again', () => {
    const afterCapture = [
      ...funded,
      captured('h1', aliceBtc, btc, ['0.40000000', '0.30000000'], partialLegs),
    ];
    const transfer = (amount: string) =>
      command('PostTransfer', {
        transferId: 't9',
        legs: [leg(aliceBtc, bobBtc, amount, btc)],
        cause: 'internalTransfer',
      });
    given(afterCapture)
      .when(transfer('1.10000000'))
      .then([transferPosted('t9', [leg(aliceBtc, bobBtc, '1.10000000', btc)], 'internalTransfer')]);
    given(afterCapture)
      .when(transfer('1.10000001'))
      .thenRejects('InsufficientFunds', { available: '1.10000000' });
  });

  it('a partial capture, giving the uncaptured part back to the limit day', () => {
    const afterCapture = [
      ...funded,
      captured('h1', aliceBtc, btc, ['0.40000000', '0.30000000'], partialLegs),
    ];
    const draw = (amount: string) =>
      command('PlaceHold', {
        holdId: 'h2',
        account: aliceBtc,
        amount,
        reason: 'withdrawal',
        limit: { account: aliceBtcLimit, day: testDay },
      });
    given(afterCapture)
      .when(draw('0.60000000'))
      .then([
        holdPlaced({
          holdId: 'h2',
          account: aliceBtc,
          asset: btc,
          amount: '0.60000000',
          limit: { account: aliceBtcLimit, day: testDay },
        }),
      ]);
    given(afterCapture)
      .when(draw('0.60000001'))
      .thenRejects('LimitExceeded', { used: '0.40000000' });
  });

  it('both holds of a two-asset fill in one command', () => {
    const btcLegs = [leg(aliceBtc, bobBtc, '0.50000000', btc)];
    const krwLegs = [leg(bobKrw, aliceKrw, '49950', krw), leg(bobKrw, krwFees, '50', krw)];
    given(funded)
      .when(
        capture(
          [
            { holdId: 'ha', legs: btcLegs },
            { holdId: 'hk', legs: krwLegs },
          ],
          { cause: 'c2cSettlement' },
        ),
      )
      .then([
        captured('ha', aliceBtc, btc, ['0.50000000', '0.00000000'], btcLegs, 'c2cSettlement'),
        captured('hk', bobKrw, krw, ['50000', '0'], krwLegs, 'c2cSettlement'),
      ]);
  });

  it('a B2C fill: the order hold to the provider and the provider paying the member, at once', () => {
    const krwLegs = [leg(bobKrw, krwProvider, '49900', krw), leg(bobKrw, krwFees, '100', krw)];
    const legs = [leg(btcProvider, bobBtc, '0.00050000', btc)];
    given(funded)
      .when(capture([{ holdId: 'hk', legs: krwLegs }], { cause: 'b2cFill', legs }))
      .then([
        captured('hk', bobKrw, krw, ['50000', '0'], krwLegs, 'b2cFill'),
        transferPosted('c1', legs, 'b2cFill'),
      ]);
  });

  it('a hold placed before the account was marked fraud', () => {
    given([...funded, accountStatusChanged(aliceBtc, 'fraud')])
      .when(capture([{ holdId: 'h1', legs: partialLegs }]))
      .then([captured('h1', aliceBtc, btc, ['0.40000000', '0.30000000'], partialLegs)]);
  });
});

describe('CaptureHolds refuses', () => {
  it('an unknown hold', () => {
    given(funded)
      .when(capture([{ holdId: 'nope', legs: partialLegs }]))
      .thenRejects('HoldNotFound', { holdId: 'nope' });
  });

  it.each([
    ['captured', captured('h1', aliceBtc, btc, ['0.70000000', '0.00000000'], fullLegs)],
    [
      'released',
      holdReleased({ holdId: 'h1', account: aliceBtc, asset: btc, amount: '0.70000000' }),
    ],
  ] as const)('a hold already %s', (resolution, event) => {
    given([...funded, event])
      .when(capture([{ holdId: 'h1', legs: partialLegs }]))
      .thenRejects('HoldAlreadyResolved', { holdId: 'h1', resolution });
  });

  it('a hold already expired', () => {
    const expiring = holdPlaced(
      {
        holdId: 'hx',
        account: aliceBtc,
        asset: btc,
        amount: '0.10000000',
        expiresAt: '2025-01-15T03:00:00.000Z',
      },
      '2025-01-15T02:00:00.000Z',
    );
    given([
      ...funded,
      expiring,
      holdExpired({ holdId: 'hx', account: aliceBtc, asset: btc, amount: '0.10000000' }),
    ])
      .when(capture([{ holdId: 'hx', legs: partialLegs }]))
      .thenRejects('HoldAlreadyResolved', { resolution: 'expired' });
  });

  it('more than the hold, saying held and requested', () => {
    given(funded)
      .when(capture([{ holdId: 'h1', legs: [leg(aliceBtc, btcClearing, '0.70000001', btc)] }]))
      .thenRejects('CaptureExceedsHold', {
        holdId: 'h1',
        held: '0.70000000',
        requested: '0.70000001',
      });
  });

  it('a capture leg that debits another account than the hold', () => {
    given(funded)
      .when(capture([{ holdId: 'h1', legs: [leg(bobBtc, btcClearing, '0.10000000', btc)] }]))
      .thenRejects('CaptureLegNotFromHoldAccount', {
        holdId: 'h1',
        account: aliceBtc,
        debit: bobBtc,
      });
  });

  it('the same hold twice', () => {
    given(funded)
      .when(
        capture([
          { holdId: 'h1', legs: partialLegs },
          { holdId: 'h1', legs: partialLegs },
        ]),
      )
      .thenRejects('CaptureDuplicatesHold', { holdId: 'h1' });
  });

  it.each([0, 9])('%s captures', (count) => {
    const captures = Array.from({ length: count }, (_, index) => ({
      holdId: `h${index}`,
      legs: partialLegs,
    }));
    given(funded)
      .when(capture(captures))
      .thenRejects('CaptureCountInvalid', { count, countMin: 1, countMax: 8 });
  });

  it('a capture with no leg', () => {
    given(funded)
      .when(capture([{ holdId: 'h1', legs: [] }]))
      .thenRejects('LegCountInvalid', { count: 0 });
  });

  it('an empty list of extra legs', () => {
    given(funded)
      .when(capture([{ holdId: 'h1', legs: partialLegs }], { legs: [] }))
      .thenRejects('LegCountInvalid');
  });

  it('a capture leg in another asset than the hold', () => {
    given(funded)
      .when(capture([{ holdId: 'h1', legs: [leg(aliceBtc, krwFees, '10', krw)] }]))
      .thenRejects('AssetMismatch', { account: aliceBtc, asset: btc, assetRequested: krw });
  });

  it('a capture leg to an unknown account', () => {
    given(funded)
      .when(capture([{ holdId: 'h1', legs: [leg(aliceBtc, 'nobody', '0.10000000', btc)] }]))
      .thenRejects('AccountNotFound', { account: 'nobody' });
  });

  it('a capture leg with a malformed amount', () => {
    given(funded)
      .when(capture([{ holdId: 'h1', legs: [leg(aliceBtc, btcClearing, '0.1', btc)] }]))
      .thenRejects('InvalidAmount', { amount: '0.1' });
  });

  it('an extra leg debiting a fraud account', () => {
    given([
      ...funded,
      deposited('d4', bobBtc, '1.00000000', btc),
      accountStatusChanged(bobBtc, 'fraud'),
    ])
      .when(
        capture([{ holdId: 'hk', legs: [leg(bobKrw, krwProvider, '50000', krw)] }], {
          legs: [leg(bobBtc, btcFees, '0.00000001', btc)],
        }),
      )
      .thenRejects('AccountFrozen', { account: bobBtc });
  });

  it('an extra leg the provider cannot cover', () => {
    given(funded)
      .when(
        capture([{ holdId: 'hk', legs: [leg(bobKrw, krwProvider, '50000', krw)] }], {
          legs: [leg(btcProvider, bobBtc, '10.00000001', btc)],
        }),
      )
      .thenRejects('InsufficientFunds', {
        account: btcProvider,
        available: '10.00000000',
        requested: '10.00000001',
      });
  });

  it('an extra leg on a limit account', () => {
    given(funded)
      .when(
        capture([{ holdId: 'h1', legs: partialLegs }], {
          legs: [leg(btcProvider, aliceBtcLimit, '0.10000000', btc)],
        }),
      )
      .thenRejects('AccountKindNotAllowed', { account: aliceBtcLimit });
  });

  it.each([
    ['transferId', { transferId: ' ' }],
    ['cause', { cause: '' }],
  ] as const)('a malformed %s', (field, extra) => {
    given(funded)
      .when(capture([{ holdId: 'h1', legs: partialLegs }], extra))
      .thenRejects('InvalidField', { field });
  });
});

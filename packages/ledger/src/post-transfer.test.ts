// Proves PostTransfer moves money along all its legs at once, judges funds on the net effect, lets only chain clearing and adjustment equity go negative, stays exact beyond 2^53, and names every refusal.
import { describe, it } from 'vitest';
import type { Leg } from './ledger-types.ts';
import {
  aliceBtc,
  aliceBtcLimit,
  aliceBtcSavings,
  aliceEth,
  aliceKrw,
  bobBtc,
  btc,
  btcClearing,
  btcEquity,
  btcFees,
  btcProvider,
  btcSuspense,
  command,
  deposited,
  eth,
  ethClearing,
  exampleLedgerOpened,
  given,
  holdPlaced,
  krw,
  leg,
  transferPosted,
} from './testing/index.ts';

const funded = [
  ...exampleLedgerOpened,
  deposited('d1', aliceBtc, '1.00000000', btc),
  deposited('d2', bobBtc, '3.00000000', btc),
];

function transfer(legs: Leg[], cause = 'internalTransfer') {
  return command('PostTransfer', { transferId: 't1', legs, cause });
}

describe('PostTransfer accepts', () => {
  it('a deposit from chain clearing, which may go negative', () => {
    const legs = [leg(btcClearing, aliceBtc, '0.25000000', btc)];
    given([...exampleLedgerOpened])
      .when(transfer(legs, 'deposit'))
      .then([transferPosted('t1', legs, 'deposit')]);
  });

  it('a transfer between members with a fee leg to the fee account', () => {
    const legs = [
      leg(aliceBtc, bobBtc, '0.99000000', btc),
      leg(aliceBtc, btcFees, '0.01000000', btc),
    ];
    given(funded)
      .when(transfer(legs))
      .then([transferPosted('t1', legs, 'internalTransfer')]);
  });

  it('a transfer between two accounts of the same member', () => {
    const legs = [leg(aliceBtc, aliceBtcSavings, '1.00000000', btc)];
    given(funded)
      .when(transfer(legs))
      .then([transferPosted('t1', legs, 'internalTransfer')]);
  });

  it('legs of two assets in one transfer, each balanced on its own', () => {
    const legs = [
      leg(aliceBtc, btcProvider, '0.50000000', btc),
      leg(ethClearing, aliceEth, '7.000000000000000001', eth),
    ];
    given(funded)
      .when(transfer(legs, 'b2cFill'))
      .then([transferPosted('t1', legs, 'b2cFill')]);
  });

  it('spending exactly the available balance', () => {
    const legs = [leg(aliceBtc, bobBtc, '1.00000000', btc)];
    given(funded)
      .when(transfer(legs))
      .then([transferPosted('t1', legs, 'internalTransfer')]);
  });

  it('a debit covered by a credit of the same transfer (net effect)', () => {
    const legs = [
      leg(aliceBtc, bobBtc, '1.50000000', btc),
      leg(bobBtc, aliceBtc, '0.50000000', btc),
    ];
    given(funded)
      .when(transfer(legs))
      .then([transferPosted('t1', legs, 'internalTransfer')]);
  });

  it('a correction that takes adjustment equity below zero', () => {
    const legs = [leg(btcEquity, aliceBtc, '5.00000000', btc)];
    given(funded)
      .when(transfer(legs, 'adjustment'))
      .then([transferPosted('t1', legs, 'adjustment')]);
  });

  it('18-decimal amounts far beyond 2^53, exactly', () => {
    const large = '123456789012.123456789012345678';
    const legs = [leg(ethClearing, aliceEth, large, eth)];
    const back = [leg(aliceEth, ethClearing, large, eth)];
    given([...funded, transferPosted('t0', legs, 'deposit')])
      .when(transfer(back, 'withdrawal'))
      .then([transferPosted('t1', back, 'withdrawal')]);
  });
});

describe('PostTransfer refuses', () => {
  it('a debit beyond the available balance, saying how much is available', () => {
    given(funded)
      .when(transfer([leg(aliceBtc, bobBtc, '1.00000001', btc)]))
      .thenRejects('InsufficientFunds', {
        account: aliceBtc,
        available: '1.00000000',
        requested: '1.00000001',
      });
  });

  it('the held part of a balance', () => {
    given([
      ...funded,
      holdPlaced({ holdId: 'h1', account: aliceBtc, asset: btc, amount: '0.60000000' }),
    ])
      .when(transfer([leg(aliceBtc, bobBtc, '0.50000000', btc)]))
      .thenRejects('InsufficientFunds', { available: '0.40000000', requested: '0.50000000' });
  });

  it('the sum of several legs beyond the available balance', () => {
    given(funded)
      .when(
        transfer([
          leg(aliceBtc, bobBtc, '0.60000000', btc),
          leg(aliceBtc, btcFees, '0.40000001', btc),
        ]),
      )
      .thenRejects('InsufficientFunds', { account: aliceBtc, requested: '1.00000001' });
  });

  it.each([
    ['fee revenue', btcFees],
    ['provider liquidity', btcProvider],
    ['suspense', btcSuspense],
  ])('taking %s below zero', (_role, account) => {
    given(funded)
      .when(transfer([leg(account, aliceBtc, '0.00000001', btc)]))
      .thenRejects('InsufficientFunds', { account, available: '0.00000000' });
  });

  it('an unknown debit account', () => {
    given(funded)
      .when(transfer([leg('nobody', bobBtc, '0.10000000', btc)]))
      .thenRejects('AccountNotFound', { account: 'nobody' });
  });

  it('an unknown credit account', () => {
    given(funded)
      .when(transfer([leg(aliceBtc, 'nobody', '0.10000000', btc)]))
      .thenRejects('AccountNotFound', { account: 'nobody' });
  });

  it('an account of another asset than the leg', () => {
    given(funded)
      .when(transfer([leg(aliceBtc, aliceKrw, '0.10000000', btc)]))
      .thenRejects('AssetMismatch', { account: aliceKrw, asset: krw, assetRequested: btc });
  });

  it('a limit account in a leg, since limits are not money', () => {
    given(funded)
      .when(transfer([leg(aliceBtc, aliceBtcLimit, '0.10000000', btc)]))
      .thenRejects('AccountKindNotAllowed', { account: aliceBtcLimit, kind: 'limit' });
  });

  it('a leg that debits and credits the same account', () => {
    given(funded)
      .when(transfer([leg(aliceBtc, aliceBtc, '0.10000000', btc)]))
      .thenRejects('LegAccountsIdentical', { account: aliceBtc });
  });

  it.each(['0.00000000', '-0.10000000', '0.1', '1e-8', ' 0.10000000'])(
    'the amount "%s"',
    (amount) => {
      given(funded)
        .when(transfer([leg(aliceBtc, bobBtc, amount, btc)]))
        .thenRejects('InvalidAmount', { amount, asset: btc, decimalPoint: 8 });
    },
  );

  it('an amount given as a JS number', () => {
    given(funded)
      .when(
        transfer([
          { debit: aliceBtc, credit: bobBtc, asset: btc, amount: 0.1 as unknown as string },
        ]),
      )
      .thenRejects('InvalidAmount', { amount: '0.1' });
  });

  it('no leg at all', () => {
    given(funded)
      .when(transfer([]))
      .thenRejects('LegCountInvalid', { count: 0, countMin: 1, countMax: 128 });
  });

  it('more legs than a transfer may carry', () => {
    const legs = Array.from({ length: 129 }, () => leg(btcClearing, aliceBtc, '0.00000001', btc));
    given(funded).when(transfer(legs)).thenRejects('LegCountInvalid', { count: 129 });
  });

  it('a malformed transfer id', () => {
    given(funded)
      .when(
        command('PostTransfer', {
          transferId: '',
          legs: [leg(aliceBtc, bobBtc, '0.10000000', btc)],
          cause: 'x',
        }),
      )
      .thenRejects('InvalidField', { field: 'transferId' });
  });

  it('a cause that is not a label', () => {
    given(funded)
      .when(transfer([leg(aliceBtc, bobBtc, '0.10000000', btc)], 'paid back, thanks'))
      .thenRejects('InvalidField', { field: 'cause', value: 'paid back, thanks' });
  });

  it('every leg when one of them fails (all or nothing)', () => {
    given(funded)
      .when(
        transfer([
          leg(btcClearing, aliceBtc, '5.00000000', btc),
          leg(bobBtc, aliceBtc, '3.00000001', btc),
        ]),
      )
      .thenRejects('InsufficientFunds', { account: bobBtc });
  });
});

// Proves ReleaseHold gives a whole open hold back (on a fraud account too, and to its limit day) and refuses unknown or already resolved holds by name.
import { describe, it } from 'vitest';
import {
  accountStatusChanged,
  aliceBtc,
  aliceBtcLimit,
  btc,
  btcClearing,
  command,
  dailyLimitSet,
  deposited,
  exampleLedgerOpened,
  given,
  holdCaptured,
  holdPlaced,
  holdReleased,
  leg,
  testDay,
} from './testing/index.ts';

const limit = { account: aliceBtcLimit, day: testDay };
const withdrawal = holdPlaced({
  holdId: 'h1',
  account: aliceBtc,
  asset: btc,
  amount: '0.70000000',
  limit,
});
const funded = [
  ...exampleLedgerOpened,
  deposited('d1', aliceBtc, '2.00000000', btc),
  dailyLimitSet(aliceBtcLimit, '1.00000000', '0.00000000'),
  withdrawal,
];
const released = holdReleased({
  holdId: 'h1',
  account: aliceBtc,
  asset: btc,
  amount: '0.70000000',
});

describe('ReleaseHold', () => {
  it('releases a whole open hold', () => {
    given(funded)
      .when(command('ReleaseHold', { holdId: 'h1' }))
      .then([released]);
  });

  it('releases a hold on an account marked fraud after the hold was placed', () => {
    given([...funded, accountStatusChanged(aliceBtc, 'fraud')])
      .when(command('ReleaseHold', { holdId: 'h1' }))
      .then([released]);
  });

  it('gives the allowance back to the day the hold drew on', () => {
    const draw = command('PlaceHold', {
      holdId: 'h2',
      account: aliceBtc,
      amount: '1.00000000',
      reason: 'withdrawal',
      limit,
    });
    given([...funded, released])
      .when(draw)
      .then([
        holdPlaced({ holdId: 'h2', account: aliceBtc, asset: btc, amount: '1.00000000', limit }),
      ]);
  });

  it('refuses an unknown hold', () => {
    given(funded)
      .when(command('ReleaseHold', { holdId: 'nope' }))
      .thenRejects('HoldNotFound', { holdId: 'nope' });
  });

  it('refuses a hold already released', () => {
    given([...funded, released])
      .when(command('ReleaseHold', { holdId: 'h1' }))
      .thenRejects('HoldAlreadyResolved', { holdId: 'h1', resolution: 'released' });
  });

  it('refuses a hold already captured', () => {
    const legs = [leg(aliceBtc, btcClearing, '0.70000000', btc)];
    const captured = holdCaptured({
      holdId: 'h1',
      transferId: 'c1',
      account: aliceBtc,
      asset: btc,
      amount: '0.70000000',
      amountReleased: '0.00000000',
      legs,
      cause: 'withdrawal',
    });
    given([...funded, captured])
      .when(command('ReleaseHold', { holdId: 'h1' }))
      .thenRejects('HoldAlreadyResolved', { resolution: 'captured' });
  });
});

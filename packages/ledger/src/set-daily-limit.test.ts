// Proves SetDailyLimit sets a limit account's allowance per day (zero included) and refuses unknown accounts, money accounts and malformed amounts by name.
import { describe, it } from 'vitest';
import {
  aliceBtc,
  aliceBtcLimit,
  command,
  dailyLimitSet,
  exampleLedgerOpened,
  given,
} from './testing/index.ts';

describe('SetDailyLimit', () => {
  it('sets the allowance of a limit account', () => {
    given([...exampleLedgerOpened])
      .when(command('SetDailyLimit', { account: aliceBtcLimit, amount: '1.00000000' }))
      .then([dailyLimitSet(aliceBtcLimit, '1.00000000', '0.00000000')]);
  });

  it('changes an allowance, naming the previous one', () => {
    given([...exampleLedgerOpened, dailyLimitSet(aliceBtcLimit, '1.00000000', '0.00000000')])
      .when(command('SetDailyLimit', { account: aliceBtcLimit, amount: '0.00000000' }))
      .then([dailyLimitSet(aliceBtcLimit, '0.00000000', '1.00000000')]);
  });

  it('refuses an unknown account', () => {
    given([...exampleLedgerOpened])
      .when(command('SetDailyLimit', { account: 'nobody', amount: '1.00000000' }))
      .thenRejects('AccountNotFound', { account: 'nobody' });
  });

  it('refuses a money account', () => {
    given([...exampleLedgerOpened])
      .when(command('SetDailyLimit', { account: aliceBtc, amount: '1.00000000' }))
      .thenRejects('AccountKindNotAllowed', {
        account: aliceBtc,
        kind: 'member',
        kindsAllowed: ['limit'],
      });
  });

  it.each(['-1.00000000', '1.0', '1e2'])('refuses the amount %s', (amount) => {
    given([...exampleLedgerOpened])
      .when(command('SetDailyLimit', { account: aliceBtcLimit, amount }))
      .thenRejects('InvalidAmount', { amount, decimalPoint: 8 });
  });
});

// Proves ChangeAccountStatus moves an account between normal and fraud, that a fraud account takes credits but no new debit, and that each refusal is named.
import { describe, it } from 'vitest';
import type { AccountStatusChanged } from './ledger-events.ts';
import {
  aliceBtc,
  bobBtc,
  btc,
  command,
  deposited,
  exampleLedgerOpened,
  given,
  leg,
  testNow,
  transferPosted,
} from './testing/index.ts';

function statusChanged(
  account: string,
  status: 'normal' | 'fraud',
  statusPrevious: 'normal' | 'fraud',
): AccountStatusChanged {
  return {
    type: 'AccountStatusChanged',
    data: { account, status, statusPrevious, changedAt: testNow },
  };
}

const funded = [...exampleLedgerOpened, deposited('d1', aliceBtc, '2.00000000', btc)];

describe('ChangeAccountStatus', () => {
  it('marks an account fraud', () => {
    given(funded)
      .when(command('ChangeAccountStatus', { account: aliceBtc, status: 'fraud' }))
      .then([statusChanged(aliceBtc, 'fraud', 'normal')]);
  });

  it('returns a fraud account to normal', () => {
    given([...funded, statusChanged(aliceBtc, 'fraud', 'normal')])
      .when(command('ChangeAccountStatus', { account: aliceBtc, status: 'normal' }))
      .then([statusChanged(aliceBtc, 'normal', 'fraud')]);
  });

  it('refuses an unknown account', () => {
    given(funded)
      .when(command('ChangeAccountStatus', { account: 'nobody', status: 'fraud' }))
      .thenRejects('AccountNotFound', { account: 'nobody' });
  });

  it('refuses a change to the status the account already has', () => {
    given(funded)
      .when(command('ChangeAccountStatus', { account: aliceBtc, status: 'normal' }))
      .thenRejects('AccountStatusUnchanged', { account: aliceBtc, status: 'normal' });
  });

  it('refuses a status that does not exist', () => {
    given(funded)
      .when(command('ChangeAccountStatus', { account: aliceBtc, status: 'frozen' as never }))
      .thenRejects('InvalidField', { field: 'status', value: 'frozen' });
  });

  it('stops a new debit of a fraud account', () => {
    given([...funded, statusChanged(aliceBtc, 'fraud', 'normal')])
      .when(
        command('PostTransfer', {
          transferId: 't1',
          legs: [leg(aliceBtc, bobBtc, '1.00000000', btc)],
          cause: 'internalTransfer',
        }),
      )
      .thenRejects('AccountFrozen', { account: aliceBtc });
  });

  it('still credits a fraud account', () => {
    const legs = [leg(bobBtc, aliceBtc, '0.50000000', btc)];
    given([
      ...funded,
      deposited('d2', bobBtc, '1.00000000', btc),
      statusChanged(aliceBtc, 'fraud', 'normal'),
    ])
      .when(command('PostTransfer', { transferId: 't1', legs, cause: 'internalTransfer' }))
      .then([transferPosted('t1', legs, 'internalTransfer')]);
  });
});

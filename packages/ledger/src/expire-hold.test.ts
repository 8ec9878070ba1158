// Proves ExpireHold releases a hold exactly when its expiresAt is at or before the command's now, never earlier, and refuses holds without expiry or already resolved by name.
import { describe, it } from 'vitest';
import {
  aliceBtc,
  btc,
  command,
  deposited,
  exampleLedgerOpened,
  given,
  holdExpired,
  holdPlaced,
  holdReleased,
} from './testing/index.ts';

const expiresAt = '2025-01-15T04:00:00.000Z';
const escrow = holdPlaced({
  holdId: 'h1',
  account: aliceBtc,
  asset: btc,
  amount: '0.70000000',
  reason: 'c2cEscrow',
  expiresAt,
});
const funded = [...exampleLedgerOpened, deposited('d1', aliceBtc, '2.00000000', btc), escrow];
const reference = { holdId: 'h1', account: aliceBtc, asset: btc, amount: '0.70000000' };

describe('ExpireHold', () => {
  it('expires a hold exactly at its expiresAt', () => {
    given(funded)
      .when(command('ExpireHold', { holdId: 'h1' }, expiresAt))
      .then([holdExpired(reference, expiresAt)]);
  });

  it('expires a hold after its expiresAt', () => {
    const now = '2025-01-16T00:00:00.000Z';
    given(funded)
      .when(command('ExpireHold', { holdId: 'h1' }, now))
      .then([holdExpired(reference, now)]);
  });

  it('refuses one millisecond early, saying when it expires', () => {
    const now = '2025-01-15T03:59:59.999Z';
    given(funded)
      .when(command('ExpireHold', { holdId: 'h1' }, now))
      .thenRejects('HoldNotExpired', { holdId: 'h1', expiresAt, now });
  });

  it('refuses a hold that has no expiry', () => {
    const open = holdPlaced({ holdId: 'h2', account: aliceBtc, asset: btc, amount: '0.10000000' });
    given([...funded, open])
      .when(command('ExpireHold', { holdId: 'h2' }, '2099-01-01T00:00:00.000Z'))
      .thenRejects('HoldHasNoExpiry', { holdId: 'h2' });
  });

  it('refuses an unknown hold', () => {
    given(funded)
      .when(command('ExpireHold', { holdId: 'nope' }, expiresAt))
      .thenRejects('HoldNotFound');
  });

  it('refuses a hold released before the expiry worker came', () => {
    given([...funded, holdReleased(reference)])
      .when(command('ExpireHold', { holdId: 'h1' }, expiresAt))
      .thenRejects('HoldAlreadyResolved', { resolution: 'released' });
  });
});

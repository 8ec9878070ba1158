// Proves OpenAccount opens member, system and limit accounts (several per member and asset), freezes an asset's decimal point, and refuses each malformed or conflicting request by name.
import { describe, it } from 'vitest';
import {
  aliceBtc,
  btc,
  command,
  exampleLedgerOpened,
  given,
  limitAccountOpened,
  memberAccountOpened,
  systemAccountOpened,
} from './testing/index.ts';

describe('OpenAccount', () => {
  it('opens a member account in a new asset', () => {
    given([])
      .when(
        command('OpenAccount', {
          account: 'a1',
          asset: 'USDT',
          decimalPoint: 6,
          kind: 'member',
          memberId: 'm1',
        }),
      )
      .then([memberAccountOpened('a1', 'm1', 'USDT', 6)]);
  });

  it('opens a second account for the same member and asset', () => {
    given([...exampleLedgerOpened])
      .when(
        command('OpenAccount', {
          account: 'alice-btc-2',
          asset: btc,
          decimalPoint: 8,
          kind: 'member',
          memberId: 'alice',
        }),
      )
      .then([memberAccountOpened('alice-btc-2', 'alice', btc, 8)]);
  });

  it('opens a system account with its role', () => {
    given([])
      .when(
        command('OpenAccount', {
          account: 'system:feeRevenue:SOL',
          asset: 'SOL',
          decimalPoint: 9,
          kind: 'system',
          systemRole: 'feeRevenue',
        }),
      )
      .then([systemAccountOpened('feeRevenue', 'SOL', 9)]);
  });

  it('opens a limit account for a member and asset', () => {
    given([...exampleLedgerOpened])
      .when(
        command('OpenAccount', {
          account: 'alice-eth-limit',
          asset: 'ETH',
          decimalPoint: 18,
          kind: 'limit',
          memberId: 'alice',
        }),
      )
      .then([limitAccountOpened('alice-eth-limit', 'alice', 'ETH', 18)]);
  });

  it('takes the time of the event from the command', () => {
    const now = '2030-06-01T00:00:00.000Z';
    given([])
      .when(
        command(
          'OpenAccount',
          { account: 'a1', asset: 'KRW', decimalPoint: 0, kind: 'member', memberId: 'm1' },
          now,
        ),
      )
      .then([memberAccountOpened('a1', 'm1', 'KRW', 0, now)]);
  });

  it('refuses an account id already used', () => {
    given([...exampleLedgerOpened])
      .when(
        command('OpenAccount', {
          account: aliceBtc,
          asset: btc,
          decimalPoint: 8,
          kind: 'member',
          memberId: 'bob',
        }),
      )
      .thenRejects('AccountAlreadyExists', { account: aliceBtc });
  });

  it('refuses another decimal point for an asset already in use', () => {
    given([...exampleLedgerOpened])
      .when(
        command('OpenAccount', {
          account: 'x',
          asset: btc,
          decimalPoint: 18,
          kind: 'member',
          memberId: 'bob',
        }),
      )
      .thenRejects('DecimalPointMismatch', {
        asset: btc,
        decimalPoint: 18,
        decimalPointExpected: 8,
      });
  });

  it.each([19, -1, 1.5])('refuses decimal point %s', (decimalPoint) => {
    given([])
      .when(
        command('OpenAccount', {
          account: 'x',
          asset: 'NEW',
          decimalPoint,
          kind: 'member',
          memberId: 'm',
        }),
      )
      .thenRejects('InvalidDecimalPoint', { decimalPoint });
  });

  it.each([
    ['account', { account: '', asset: 'NEW', decimalPoint: 8, kind: 'member', memberId: 'm' }],
    [
      'account',
      { account: 'has space', asset: 'NEW', decimalPoint: 8, kind: 'member', memberId: 'm' },
    ],
    [
      'account',
      { account: 'x'.repeat(129), asset: 'NEW', decimalPoint: 8, kind: 'member', memberId: 'm' },
    ],
    ['asset', { account: 'x', asset: '-BTC', decimalPoint: 8, kind: 'member', memberId: 'm' }],
    [
      'asset',
      { account: 'x', asset: 'B'.repeat(33), decimalPoint: 8, kind: 'member', memberId: 'm' },
    ],
    ['memberId', { account: 'x', asset: 'NEW', decimalPoint: 8, kind: 'member', memberId: '' }],
    ['memberId', { account: 'x', asset: 'NEW', decimalPoint: 8, kind: 'limit', memberId: '' }],
    [
      'systemRole',
      { account: 'x', asset: 'NEW', decimalPoint: 8, kind: 'system', systemRole: 'treasury' },
    ],
    ['kind', { account: 'x', asset: 'NEW', decimalPoint: 8, kind: 'escrow', memberId: 'm' }],
  ] as const)('refuses a malformed %s', (field, data) => {
    given([])
      .when(command('OpenAccount', data as never))
      .thenRejects('InvalidField', { field });
  });

  it('treats a malformed now as a bug in the writer', () => {
    given([])
      .when(
        command(
          'OpenAccount',
          { account: 'x', asset: 'NEW', decimalPoint: 8, kind: 'member', memberId: 'm' },
          '2025-01-15 03:00',
        ),
      )
      .thenAsserts();
  });
});

// Proves wallet account naming round-trips (seq ↔ ledger id ↔ account number) and that a mistyped
// account number (one digit changed, two swapped) is refused by its check digit.
import { describe, expect, test } from 'vitest';
import {
  accountNumberOf,
  memberSeqOf,
  seqOfAccountNumber,
  seqOfWalletAccountId,
  walletAccountId,
} from './account-identity.ts';
import { formatMinorUnits, minorUnitsOf } from './minor-units.ts';

describe('wallet account naming', () => {
  test('seq, ledger id and account number round-trip', () => {
    for (const seq of [1, 9, 10, 12_345, 9_999_999_999]) {
      expect(seqOfWalletAccountId(walletAccountId(seq))).toBe(seq);
      expect(seqOfAccountNumber(accountNumberOf(seq))).toBe(seq);
      expect(seqOfAccountNumber(accountNumberOf(seq).replaceAll('-', ''))).toBe(seq);
    }
    expect(accountNumberOf(1)).toBe('1000-0000-0016');
  });

  test('a changed or swapped digit fails the check digit', () => {
    expect(seqOfAccountNumber('1000-0000-0017')).toBeUndefined();
    expect(seqOfAccountNumber('1000-0000-1234'.replace('1234', '2134'))).toBeUndefined();
    expect(seqOfAccountNumber('2000-0000-0016')).toBeUndefined();
    expect(seqOfAccountNumber('1000-0000-001')).toBeUndefined();
  });

  test('system and foreign ids are not wallet accounts; member ids are decimal seqs', () => {
    expect(seqOfWalletAccountId('system:feeRevenue:BTC')).toBeUndefined();
    expect(seqOfWalletAccountId('wallet:007')).toBeUndefined();
    expect(memberSeqOf('42')).toBe(42);
    expect(memberSeqOf('member-of-x')).toBeUndefined();
  });
});

describe('minor units', () => {
  test('decimal text and bigint minor units convert exactly, beyond 2^53', () => {
    expect(minorUnitsOf('1.5', 8)).toBe(150_000_000n);
    expect(minorUnitsOf('-0.00000001', 8)).toBe(-1n);
    expect(formatMinorUnits(-1n, 8)).toBe('-0.00000001');
    expect(formatMinorUnits(15000n, 0)).toBe('15000');
    const wei = 123_456_789_012_345_678_901_234_567n;
    expect(minorUnitsOf(formatMinorUnits(wei, 18), 18)).toBe(wei);
    expect(() => minorUnitsOf('1.123', 2)).toThrow(RangeError);
  });
});

// Proves the withdrawal form's amount check is exact: at most the asset's decimals, more than zero, never more than the available balance, beyond 2^53 minor units too.
import { describe, expect, it } from 'vitest';
import { amountProblemOf } from './withdraw-accounts.ts';

describe('amountProblemOf', () => {
  it('accepts up to the available balance at the asset scale', () => {
    expect(amountProblemOf('1.5', 8, '1.50000000')).toBeUndefined();
    expect(
      amountProblemOf('123456789.123456789012345678', 18, '123456789.123456789012345678'),
    ).toBeUndefined();
  });

  it('names what is wrong', () => {
    expect(amountProblemOf('', 8, '1.00000000')).toBe('required');
    expect(amountProblemOf('0', 8, '1.00000000')).toBe('amountInvalid');
    expect(amountProblemOf('1.123456789', 8, '2.00000000')).toBe('amountInvalid');
    expect(amountProblemOf('1e3', 8, '2.00000000')).toBe('amountInvalid');
    expect(amountProblemOf('1.00000001', 8, '1.00000000')).toBe('amountOverAvailable');
    expect(amountProblemOf('1000.5', 0, '5000')).toBe('amountInvalid');
  });
});

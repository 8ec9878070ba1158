// Proves the net amount of a withdrawal is exact: request − fee when the fee is taken from the amount (never zero or negative, never across assets), the request itself when the fee is charged separately.
import { describe, expect, it } from 'vitest';
import { netAmountOf } from './withdrawal-amounts.ts';

const base = {
  requestAmount: '1.00000000',
  decimalPoint: 8,
  asset: 'BTC',
  feeAsset: 'BTC',
  feeDecimalPoint: 8,
};

describe('netAmountOf', () => {
  it('subtracts a deducted fee exactly, beyond 2^53 minor units too', () => {
    expect(netAmountOf({ ...base, feeType: 'deducted', feeAmount: '0.00050000' })).toEqual({
      netAmount: '0.99950000',
    });
    expect(
      netAmountOf({
        ...base,
        requestAmount: '123456789.000000000000000001',
        decimalPoint: 18,
        feeDecimalPoint: 18,
        feeType: 'deducted',
        feeAmount: '0.000000000000000001',
      }),
    ).toEqual({ netAmount: '123456789.000000000000000000' });
  });

  it('keeps the request when the fee is separate, in any asset', () => {
    expect(
      netAmountOf({
        ...base,
        feeType: 'separate',
        feeAmount: '1000',
        feeAsset: 'KRW',
        feeDecimalPoint: 0,
      }),
    ).toEqual({ netAmount: '1.00000000' });
  });

  it('refuses a fee that leaves nothing, a deducted fee in another asset, and malformed amounts', () => {
    expect(netAmountOf({ ...base, feeType: 'deducted', feeAmount: '1.00000000' })).toEqual({
      type: 'FeeExceedsAmount',
    });
    expect(
      netAmountOf({
        ...base,
        feeType: 'deducted',
        feeAmount: '1000',
        feeAsset: 'KRW',
        feeDecimalPoint: 0,
      }),
    ).toEqual({ type: 'FeeAssetMismatch' });
    expect(
      netAmountOf({ ...base, requestAmount: '1', feeType: 'deducted', feeAmount: '0.00000000' }),
    ).toEqual({ type: 'AmountInvalid' });
    expect(netAmountOf({ ...base, feeType: 'deducted', feeAmount: '-1.00000000' })).toEqual({
      type: 'FeeInvalid',
    });
  });
});

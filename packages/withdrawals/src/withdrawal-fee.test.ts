// Proves each source of a withdrawal fee: the asset catalog's fee wins when it names one, the withdraw policy's applies when the catalog names none, and with neither the fee is zero in the asset, taken from the amount.
import { describe, expect, it } from 'vitest';
import { withdrawalFeeOf } from './withdrawal-fee.ts';

const policyFee = { feeType: 'deducted', feeAmount: '0.00050000', feeAsset: 'BTC' } as const;
const catalogFee = { feeType: 'separate', feeAmount: '1000', feeAsset: 'KRW' } as const;

describe('withdrawalFeeOf', () => {
  it('takes the asset catalog’s fee when it names one, over the policy’s', () => {
    expect(withdrawalFeeOf({ asset: 'BTC', decimalPoint: 8, catalogFee, policyFee })).toEqual({
      ...catalogFee,
      source: 'catalog',
    });
  });

  it('takes the withdraw policy’s fee when the catalog names none', () => {
    expect(
      withdrawalFeeOf({ asset: 'BTC', decimalPoint: 8, catalogFee: undefined, policyFee }),
    ).toEqual({ ...policyFee, source: 'policy' });
  });

  it('charges nothing when neither names a fee, at the asset’s decimal point', () => {
    const none = { catalogFee: undefined, policyFee: undefined };
    expect(withdrawalFeeOf({ asset: 'BTC', decimalPoint: 8, ...none })).toEqual({
      feeType: 'deducted',
      feeAmount: '0.00000000',
      feeAsset: 'BTC',
      source: 'none',
    });
    expect(withdrawalFeeOf({ asset: 'KRW', decimalPoint: 0, ...none })).toMatchObject({
      feeAmount: '0',
      feeAsset: 'KRW',
    });
  });
});

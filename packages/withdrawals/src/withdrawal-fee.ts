import type { FeeType } from './withdrawal-events.ts';

/** A withdrawal fee: how it is paid, how much (at the fee asset's decimal point), in which asset. */
export type WithdrawalFee = { feeType: FeeType; feeAmount: string; feeAsset: string };

export type WithdrawalFeeSource = 'catalog' | 'policy' | 'none';

/**
 * The fee a withdrawal of `asset` is charged: the asset catalog's fee when the catalog names one,
 * else the withdraw policy's (admin withdraw/policy), else nothing (0 in the asset, taken from
 * the amount). The answer says which source it came from.
 */
export function withdrawalFeeOf(input: {
  asset: string;
  decimalPoint: number;
  catalogFee: WithdrawalFee | undefined;
  policyFee: WithdrawalFee | undefined;
}): WithdrawalFee & { source: WithdrawalFeeSource } {
  if (input.catalogFee !== undefined) return { ...feeOnly(input.catalogFee), source: 'catalog' };
  if (input.policyFee !== undefined) return { ...feeOnly(input.policyFee), source: 'policy' };
  const zero = input.decimalPoint === 0 ? '0' : `0.${'0'.repeat(input.decimalPoint)}`;
  return { feeType: 'deducted', feeAmount: zero, feeAsset: input.asset, source: 'none' };
}

function feeOnly({ feeType, feeAmount, feeAsset }: WithdrawalFee): WithdrawalFee {
  return { feeType, feeAmount, feeAsset };
}

import { formatAmount, tryParseAmount } from '@ledger/ledger';
import type { FeeType } from './withdrawal-events.ts';

export type WithdrawalAmountsInput = {
  requestAmount: string;
  decimalPoint: number;
  feeType: FeeType;
  feeAmount: string;
  feeAsset: string;
  feeDecimalPoint: number;
  asset: string;
};

export type WithdrawalAmountsProblem =
  | { type: 'AmountInvalid' }
  | { type: 'FeeInvalid' }
  /** A fee taken from the amount must be in the amount's asset. */
  | { type: 'FeeAssetMismatch' }
  /** A fee taken from the amount leaves nothing (net ≤ 0). */
  | { type: 'FeeExceedsAmount' };

/**
 * The net amount of a withdrawal: request − fee when the fee is taken from the amount, the request
 * itself when the fee is charged separately. Exact (bigint minor units).
 * @example netAmountOf({ requestAmount: '1.00000000', feeType: 'deducted', feeAmount: '0.00050000', ... }) → '0.99950000'
 */
export function netAmountOf(
  input: WithdrawalAmountsInput,
): { netAmount: string } | WithdrawalAmountsProblem {
  const request = tryParseAmount(input.requestAmount, input.decimalPoint, 'positive');
  if (request === undefined) return { type: 'AmountInvalid' };
  const fee = tryParseAmount(input.feeAmount, input.feeDecimalPoint, 'nonNegative');
  if (fee === undefined) return { type: 'FeeInvalid' };
  if (input.feeType === 'separate') return { netAmount: input.requestAmount };
  if (input.feeAsset !== input.asset || input.feeDecimalPoint !== input.decimalPoint) {
    return { type: 'FeeAssetMismatch' };
  }
  if (fee >= request) return { type: 'FeeExceedsAmount' };
  return { netAmount: formatAmount(request - fee, input.decimalPoint) };
}

import { accepted, type Decision, rejected } from '@ledger/decider';
import { tryParseAmount } from '@ledger/ledger';
import type { FeeType } from './withdrawal-events.ts';

/**
 * The withdraw policy of one asset (admin withdraw/policy, stream `withdraw-policy-<asset>`): the
 * one-time and daily limits that apply while no security-level restriction policy names one, and
 * the withdrawal fee while the asset catalog names none. Amounts at the asset's decimal_point
 * (the fee at its fee asset's); null limits mean "no limit".
 */
export type WithdrawPolicy = {
  asset: string;
  oneTimeLimit: string | null;
  dailyLimit: string | null;
  feeType: FeeType;
  feeAmount: string;
  feeAsset: string;
};

export type WithdrawPolicySet = {
  type: 'WithdrawPolicySet';
  data: WithdrawPolicy & { setBy: number; setAt: string };
};

export type WithdrawPolicyState = { policy: WithdrawPolicy | null };

export const withdrawPolicyStreamPrefix = 'withdraw-policy-';
export const withdrawPolicyStream = (asset: string) => `${withdrawPolicyStreamPrefix}${asset}`;

export const initialWithdrawPolicyState = (): WithdrawPolicyState => ({ policy: null });

export function evolveWithdrawPolicy(
  _state: WithdrawPolicyState,
  event: WithdrawPolicySet,
): WithdrawPolicyState {
  const { setBy: _setBy, setAt: _setAt, ...policy } = event.data;
  return { policy };
}

export type WithdrawPolicyRejection = { type: 'PolicyInvalid'; field: string };

/** Sets the policy; the same policy again changes nothing. Amounts are checked at their scales. */
export function decideWithdrawPolicy(
  command: {
    policy: WithdrawPolicy;
    decimalPoint: number;
    feeDecimalPoint: number;
    setBy: number;
    now: string;
  },
  state: WithdrawPolicyState,
): Decision<WithdrawPolicySet, WithdrawPolicyRejection> {
  const { policy, decimalPoint, feeDecimalPoint } = command;
  for (const field of ['oneTimeLimit', 'dailyLimit'] as const) {
    const value = policy[field];
    if (value !== null && tryParseAmount(value, decimalPoint, 'nonNegative') === undefined) {
      return rejected({ type: 'PolicyInvalid', field });
    }
  }
  if (tryParseAmount(policy.feeAmount, feeDecimalPoint, 'nonNegative') === undefined) {
    return rejected({ type: 'PolicyInvalid', field: 'feeAmount' });
  }
  if (policy.feeType === 'deducted' && policy.feeAsset !== policy.asset) {
    return rejected({ type: 'PolicyInvalid', field: 'feeAsset' });
  }
  if (JSON.stringify(state.policy) === JSON.stringify(policy)) return accepted([]);
  return accepted([
    { type: 'WithdrawPolicySet', data: { ...policy, setBy: command.setBy, setAt: command.now } },
  ]);
}

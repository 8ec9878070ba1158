import type { WithdrawalFee } from '@ledger/withdrawals';

/**
 * Where a withdrawal request gets the asset's withdrawal rules and the member's limits. The
 * defaults read this service's own withdraw policy (admin withdraw/policy); the asset catalog
 * (fee, separate fee payment asset, allow withdraw, freeze) and the security levels' restriction
 * policies (one-time and daily limits) plug in through these two ports.
 */
export type WithdrawAssetRules = {
  /** false: the asset takes no withdrawal (not allowed, inactive, or frozen by a deep reorg). */
  withdrawAllowed: boolean;
  /** The catalog's withdrawal fee (at the fee asset's decimal_point), or undefined when it names none. */
  fee: WithdrawalFee | undefined;
};

export type WithdrawAssetSource = {
  rulesFor(asset: string): Promise<WithdrawAssetRules | undefined>;
};

export type WithdrawLimits = { oneTimeLimit: string | null; dailyLimit: string | null };

export type WithdrawLimitsSource = {
  limitsFor(memberSeq: number, asset: string): Promise<WithdrawLimits | undefined>;
};

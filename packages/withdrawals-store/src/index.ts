/**
 * @ledger/withdrawals-store: the Postgres side of @ledger/withdrawals (docs/adr/0014, 0023): the
 * commands people give a withdrawal (each records one decision on its stream; the withdrawal
 * processor takes the steps), what a request is made of (the catalog, the withdraw policy, KYC's
 * certified addresses and limits), the `withdrawals` projection and its queries, and the
 * continuous reconciliation's holdings source that reads the simulated chains' wallets and the
 * withdrawals in transit.
 */

export {
  assetCatalogSource,
  type CertifiedAddress,
  certifiedAddressOf,
  securityLimitsSource,
} from './catalog-sources.ts';
export {
  installWithdrawalFaultHook,
  type WithdrawalFaultPoint,
  withdrawalFault,
  withdrawalFaultPoints,
} from './faults.ts';
export type {
  WithdrawAssetRules,
  WithdrawAssetSource,
  WithdrawLimits,
  WithdrawLimitsSource,
} from './sources.ts';
export { walletHoldingsSource } from './wallet-holdings-source.ts';
export {
  createWithdrawalCommands,
  type WithdrawalCommands,
  type WithdrawalCommandsDependencies,
  type WithdrawalOutcome,
  withdrawalFold,
  withdrawalRefusal,
} from './withdrawal-commands.ts';
export { WithdrawalProblem } from './withdrawal-problem.ts';
export {
  withdrawalsProjection,
  withdrawalsProjectionName,
  withdrawalTables,
} from './withdrawal-projection.ts';
export {
  findWithdrawal,
  listWithdrawals,
  listWithdrawPolicies,
  listWithdrawTransfers,
  type WithdrawalApproveAllScope,
  type WithdrawalFilter,
  type WithdrawalView,
  type WithdrawPolicyView,
  type WithdrawTransferView,
  withdrawalApproveAllScope,
} from './withdrawal-queries.ts';
export { amountAtScale, limitAccountIdOf, type WithdrawalInput } from './withdrawal-request.ts';

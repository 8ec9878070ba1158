/**
 * @ledger/withdrawal-processor: runs the withdrawal process of @ledger/withdrawals (docs/adr/0014):
 * the runner the write API calls, the worker that resumes unfinished withdrawals and reconciles sent
 * ones, the chain port (over the chains of @ledger/chain), the `withdrawals` projection and its
 * queries, and the deployable entry point (src/main.ts).
 */

export {
  assetCatalogSource,
  type CertifiedAddress,
  certifiedAddressOf,
  securityLimitsSource,
} from './catalog-sources.ts';
export { BroadcastDeferred, type ConfirmedOutput, type WithdrawalChain } from './chain-port.ts';
export {
  catalogRouter,
  createChainWithdrawals,
  simulatedBankChainOf,
  type WithdrawalRoute,
  type WithdrawalRouter,
} from './chain-withdrawals.ts';
export {
  installWithdrawalFaultHook,
  type WithdrawalFaultPoint,
  withdrawalFaultPoints,
} from './faults.ts';
export type {
  WithdrawAssetRules,
  WithdrawAssetSource,
  WithdrawLimits,
  WithdrawLimitsSource,
} from './sources.ts';
export { walletHoldingsSource } from './wallet-holdings-source.ts';
export { WithdrawalProblem } from './withdrawal-problem.ts';
export { startWithdrawalProcessor } from './withdrawal-processor.ts';
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
  type WithdrawalFilter,
  type WithdrawalView,
  type WithdrawPolicyView,
  type WithdrawTransferView,
} from './withdrawal-queries.ts';
export {
  amountAtScale,
  createWithdrawalRunner,
  limitAccountIdOf,
  type WithdrawalInput,
  type WithdrawalOutcome,
  type WithdrawalRunner,
  type WithdrawalRunnerDependencies,
} from './withdrawal-runner.ts';
export { startWithdrawalService } from './withdrawal-service.ts';

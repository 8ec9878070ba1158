/**
 * @ledger/withdrawal-processor: runs the withdrawal process of @ledger/withdrawals (docs/adr/0014):
 * the runner the write API calls, the worker that resumes unfinished withdrawals and reconciles sent
 * ones, and the chain port (over the chains of @ledger/chain), and the deployable entry point
 * (src/main.ts). The `withdrawals` projection and its queries live in @ledger/withdrawals-store.
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
export { WithdrawalProblem } from './withdrawal-problem.ts';
export { startWithdrawalProcessor } from './withdrawal-processor.ts';
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

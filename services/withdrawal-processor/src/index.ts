/**
 * @ledger/withdrawal-processor: the only home that moves a withdrawal forward (docs/adr/0014,
 * 0023): the withdrawal process on the process runner of @ledger/process-kit (one file per step in
 * src/steps/), the resumer worker that runs it when nudged and from its work list, the
 * reconciliation of sent withdrawals on their chain outputs, the chain port (over the chains of
 * @ledger/chain), and the deployable entry point (src/main.ts). The commands people give a
 * withdrawal, the `withdrawals` projection and its queries live in @ledger/withdrawals-store.
 */

export { BroadcastDeferred, type ConfirmedOutput, type WithdrawalChain } from './chain-port.ts';
export {
  catalogRouter,
  createChainWithdrawals,
  simulatedBankChainOf,
  type WithdrawalRoute,
  type WithdrawalRouter,
} from './chain-withdrawals.ts';
export {
  type WithdrawalProcess,
  withdrawalProcess,
  withdrawalWaits,
} from './withdrawal-process.ts';
export {
  createWithdrawalProcessor,
  startWithdrawalProcessor,
  type WithdrawalProcessor,
  type WithdrawalProcessorDependencies,
} from './withdrawal-processor.ts';
export { startWithdrawalService } from './withdrawal-service.ts';

/**
 * @ledger/withdrawals-store: the `withdrawals` projection of @ledger/withdrawals (docs/adr/0014)
 * and its queries, and the continuous reconciliation's holdings source that reads the simulated
 * chains' wallets and the withdrawals in transit.
 */

export { walletHoldingsSource } from './wallet-holdings-source.ts';
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

/**
 * @ledger/ledger-projections: the ledger's read models (accounts and balances, the balance-change
 * log, holds, per-asset books; wallet account profiles, forced adjustments, administrators'
 * ledger activity), their queries, and the auditor's replay, rebuild and comparison
 * (docs/adr/0011-ledger-projections-and-auditor.md).
 */
export {
  accountNumberOf,
  accountSeqMax,
  adjustmentStream,
  adjustmentStreamPrefix,
  memberIdOf,
  memberSeqOf,
  seqOfAccountNumber,
  seqOfWalletAccountId,
  walletAccountId,
  walletAccountStream,
  walletAccountStreamPrefix,
} from './account-identity.ts';
export {
  type AccountFilter,
  type AccountSortKey,
  type AccountView,
  type AdminAccountView,
  accountSortKeys,
  findAccount,
  listAccounts,
  listLedgerAssets,
  listOpenHolds,
  type MemberAssetSummary,
  memberAssetSummary,
  type OpenHoldView,
} from './account-queries.ts';
export {
  type AccountTransferFilter,
  type AccountTransferView,
  listAccountTransfers,
} from './account-transfer-queries.ts';
export {
  type AdjustmentView,
  type AdminActivityView,
  findAdjustment,
  listAdjustments,
  listAdminActivity,
  listApprovedUnexecuted,
} from './adjustment-queries.ts';
export {
  type AdminBalanceLogEntry,
  type BalanceAt,
  type BalanceLogEntry,
  balanceAt,
  memberBalanceLogEntry,
  readBalanceLog,
} from './balance-log-queries.ts';
export { type AssetBook, type LedgerProjectionState, readBooks } from './book-queries.ts';
export {
  applyLedgerBatch,
  ledgerBalancesProjection,
  ledgerBalancesProjectionName,
  ledgerStreamName,
} from './ledger-balances-projection.ts';
export {
  applyProfileEvents,
  ledgerProfilesProjection,
  ledgerProfilesProjectionName,
} from './ledger-profiles-projection.ts';
export { formatMinorUnits, minorUnitsOf } from './minor-units.ts';
export { ProjectionInvariantError } from './projection-invariant-error.ts';
export {
  balanceTables,
  createBalanceTables,
  createProfileTables,
  profileTables,
} from './read-model-tables.ts';
export {
  createWalletAccountDirectory,
  type WalletAccountDirectory,
  type WalletAccountFacts,
} from './wallet-account-directory.ts';
export type {
  AdjustmentApproved,
  AdjustmentDirection,
  AdjustmentEvent,
  AdjustmentExecuted,
  AdjustmentFailed,
  AdjustmentProposed,
  AdjustmentRejected,
  AdjustmentStatus,
  WalletAccountEvent,
  WalletAccountStatusNoted,
  WalletAccountTitled,
} from './wallet-account-events.ts';

import { ledgerBalancesProjection } from './ledger-balances-projection.ts';
import { ledgerProfilesProjection } from './ledger-profiles-projection.ts';

/** Every ledger projection, for the projector and the auditor. */
export const ledgerProjections = [ledgerBalancesProjection, ledgerProfilesProjection] as const;
export { auditedProjections } from './audit/audited-projections.ts';
export { type BookProblem, checkLiveBooks } from './audit/book-checks.ts';
export {
  createLedgerFollower,
  type LedgerFollower,
  type ReplayBreak,
} from './audit/ledger-follower.ts';
export {
  type AlertLogger,
  alertOnDiscrepancy,
  reconciliationAlertCode,
} from './audit/reconciliation-alert.ts';
export {
  type AssetHoldings,
  checkReconciliation,
  type FindingKind,
  findingKinds,
  holdingsFromChainClearing,
  type ProjectedAccount,
  type ProjectedAssetTotals,
  type ReconciliationFinding,
  type ReplayedAccount,
  replayedAccountsOf,
} from './audit/reconciliation-check.ts';
export {
  latestReconciliationRun,
  type ReconciliationRunView,
  reconciliationRunView,
} from './audit/reconciliation-queries.ts';
export { type ReplayResult, replayLedger, type TimelinePoint } from './audit/replay-ledger.ts';
export {
  type AuditProgress,
  type AuditReport,
  runAudit,
  type TimelineMismatch,
} from './audit/run-audit.ts';
export {
  followLiveCheckpoint,
  type HoldingsSource,
  liveBalancesCheckpoint,
  type ReconciliationRun,
  type ReconciliationStatus,
  reconciliationFindingsStoredMax,
  runReconciliation,
} from './audit/run-reconciliation.ts';
export {
  type AuditedProjection,
  type RebuildProgress,
  type RowDifference,
  rebuildAndCompare,
} from './audit/scratch-rebuild.ts';
export {
  holdingsFromWallet,
  transfersToConfirm,
  type WalletHoldings,
  type WalletReading,
} from './audit/wallet-holdings.ts';

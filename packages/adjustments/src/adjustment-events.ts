/**
 * Events of the forced-adjustment process (docs/events.md, "Wallet accounts and forced
 * adjustments"), one stream per proposal (`adjustment-<id>`): proposed by one administrator,
 * approved by another, executed as one ledger command. Amounts are decimal strings with the
 * asset's decimal_point digits; actors are member seqs of administrators.
 */

export type AdjustmentDirection = 'credit' | 'debit';

export type AdjustmentProposed = {
  type: 'AdjustmentProposed';
  data: {
    adjustmentId: string;
    account: string;
    accountSeq: number;
    memberSeq: number;
    asset: string;
    /** credit: adjustment equity pays the account; debit: the account pays adjustment equity. */
    direction: AdjustmentDirection;
    amount: string;
    /** Why; it can never change (SPEC §5). */
    reason: string;
    proposedBy: number;
    /** False when the amount is within the single-administrator threshold: executed at once. */
    approvalRequired: boolean;
    proposedAt: string;
  };
};

export type AdjustmentApproved = {
  type: 'AdjustmentApproved';
  data: { adjustmentId: string; approvedBy: number; approvedAt: string };
};

export type AdjustmentRejected = {
  type: 'AdjustmentRejected';
  data: { adjustmentId: string; rejectedBy: number; reason: string; rejectedAt: string };
};

export type AdjustmentExecuted = {
  type: 'AdjustmentExecuted';
  data: {
    adjustmentId: string;
    transferId: string;
    ledgerCommandId: string;
    /** The ledger-stream revision of the TransferPosted (decimal text). */
    ledgerRevision: string;
    executedAt: string;
  };
};

export type AdjustmentFailed = {
  type: 'AdjustmentFailed';
  data: {
    adjustmentId: string;
    ledgerCommandId: string;
    /** The ledger's rejection as it decided it (e.g. InsufficientFunds on a debit). */
    rejection: { type: string } & Record<string, unknown>;
    failedAt: string;
  };
};

export type AdjustmentEvent =
  | AdjustmentProposed
  | AdjustmentApproved
  | AdjustmentRejected
  | AdjustmentExecuted
  | AdjustmentFailed;

export type AdjustmentStatus = 'proposed' | 'approved' | 'rejected' | 'executed' | 'failed';

export const adjustmentStreamPrefix = 'adjustment-';

/** The stream of one forced-adjustment process (proposal, approval, execution). */
export function adjustmentStream(adjustmentId: string): string {
  return `${adjustmentStreamPrefix}${adjustmentId}`;
}

import type { LedgerRejection } from '@ledger/ledger';

/**
 * The events of one withdrawal's stream (`withdrawal-<withdrawalId>`), documented in
 * docs/events.md. No personal data: the holder name lives in `withdrawal_personal_data`, keyed by
 * the withdrawal id; the events carry member, account and withdrawal ids only. Amounts are decimal
 * strings at their asset's decimal_point; times are the command's `now`.
 */

/** deducted: the fee is taken from the amount (net = request − fee); separate: charged on top. */
export type FeeType = 'deducted' | 'separate';

export type WithdrawalStatus =
  | 'requested'
  | 'refused'
  | 'approved'
  | 'sent'
  | 'completed'
  | 'cancelled'
  | 'rejected'
  | 'failed';

export const withdrawalStatuses: readonly WithdrawalStatus[] = [
  'requested',
  'refused',
  'approved',
  'sent',
  'completed',
  'cancelled',
  'rejected',
  'failed',
];

type EventOf<Type extends string, Data> = { type: Type; data: Data };

export type WithdrawalRequest = {
  withdrawalId: string;
  memberSeq: number;
  accountSeq: number;
  /** The ledger account the amount leaves. */
  account: string;
  asset: string;
  decimalPoint: number;
  requestAmount: string;
  feeType: FeeType;
  /** In `feeAsset`, at `feeDecimalPoint`. */
  feeAmount: string;
  feeAsset: string;
  feeDecimalPoint: number;
  /** The account the fee leaves: `account`, or the member's account of the fee payment asset. */
  feeAccount: string;
  feeAccountSeq: number;
  /** What reaches the address: request − fee when deducted, the request when separate. */
  netAmount: string;
  toAddress: string;
  memo: string | null;
  bankCode: string | null;
  /** E's withdraw-address certification, when the address was certified. */
  addressCertificationSeq: number | null;
  /** The member's daily limit account for the asset, when a daily limit applies. */
  limitAccount: string | null;
  /** The one-time limit the hold was checked against, when one applies. */
  oneTimeLimit: string | null;
  requestedAt: string;
};

export type WithdrawalRequested = EventOf<'WithdrawalRequested', WithdrawalRequest>;
export type WithdrawalHoldPlaced = EventOf<
  'WithdrawalHoldPlaced',
  {
    withdrawalId: string;
    ledgerCommandId: string;
    holdIds: string[];
    ledgerRevision: string;
    placedAt: string;
  }
>;
export type WithdrawalRefused = EventOf<
  'WithdrawalRefused',
  { withdrawalId: string; ledgerCommandId: string; rejection: LedgerRejection; refusedAt: string }
>;
export type WithdrawalApproved = EventOf<
  'WithdrawalApproved',
  { withdrawalId: string; approvedBy: number; approvedAt: string }
>;
export type WithdrawalRejected = EventOf<
  'WithdrawalRejected',
  { withdrawalId: string; rejectedBy: number; reason: string; rejectedAt: string }
>;
export type WithdrawalCancelled = EventOf<
  'WithdrawalCancelled',
  { withdrawalId: string; cancelledBy: number; cancelledAt: string }
>;
/** A transfer to the chain is about to be broadcast (recorded first: a crash re-broadcasts it with the same key). */
export type WithdrawTransferCreated = EventOf<
  'WithdrawTransferCreated',
  {
    withdrawalId: string;
    transferId: string;
    to: string;
    amount: string;
    /** `system:withdrawal` for the first send, `admin:<seq>` for a re-send. */
    createdBy: string;
    createdAt: string;
  }
>;
export type WithdrawTransferBroadcast = EventOf<
  'WithdrawTransferBroadcast',
  {
    withdrawalId: string;
    transferId: string;
    txid: string;
    from: string;
    /** The network fee the chain reported, in the asset. */
    feeAmount: string;
    broadcastAt: string;
  }
>;
export type WithdrawTransferBroadcastFailed = EventOf<
  'WithdrawTransferBroadcastFailed',
  { withdrawalId: string; transferId: string; message: string; failedAt: string }
>;
/** An administrator typed in the txid of a transfer made outside (duplicates possible: SPEC §8). */
export type WithdrawTransferKeyedIn = EventOf<
  'WithdrawTransferKeyedIn',
  {
    withdrawalId: string;
    transferId: string;
    to: string;
    amount: string;
    txid: string;
    keyedBy: number;
    keyedAt: string;
  }
>;
/** The chain shows an output to the address with the net amount (or an admin says so): capture follows. */
export type WithdrawalConfirmed = EventOf<
  'WithdrawalConfirmed',
  {
    withdrawalId: string;
    txid: string;
    matchedBy: 'reconciliation' | 'admin';
    confirmedBy: string;
    confirmedAt: string;
  }
>;
export type WithdrawalCompleted = EventOf<
  'WithdrawalCompleted',
  { withdrawalId: string; ledgerCommandId: string; ledgerRevision: string; completedAt: string }
>;
/** After sent: the transfer will never arrive (decided by reconciliation or an admin); release follows. */
export type WithdrawalFailed = EventOf<
  'WithdrawalFailed',
  { withdrawalId: string; failedBy: string; reason: string; failedAt: string }
>;
export type WithdrawalHoldReleased = EventOf<
  'WithdrawalHoldReleased',
  { withdrawalId: string; ledgerCommandIds: string[]; releasedAt: string }
>;

export type WithdrawalEvent =
  | WithdrawalRequested
  | WithdrawalHoldPlaced
  | WithdrawalRefused
  | WithdrawalApproved
  | WithdrawalRejected
  | WithdrawalCancelled
  | WithdrawTransferCreated
  | WithdrawTransferBroadcast
  | WithdrawTransferBroadcastFailed
  | WithdrawTransferKeyedIn
  | WithdrawalConfirmed
  | WithdrawalCompleted
  | WithdrawalFailed
  | WithdrawalHoldReleased;

export type WithdrawalEventType = WithdrawalEvent['type'];

/** The stream of one withdrawal. */
export function withdrawalStream(withdrawalId: string): string {
  return `${withdrawalStreamPrefix}${withdrawalId}`;
}
export const withdrawalStreamPrefix = 'withdrawal-';

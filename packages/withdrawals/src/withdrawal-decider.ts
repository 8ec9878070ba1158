import { accepted, type Decision, rejected } from '@ledger/decider';
import type { LedgerRejection } from '@ledger/ledger';
import type { WithdrawalEvent, WithdrawalRequest, WithdrawalStatus } from './withdrawal-events.ts';
import type { OpenWithdrawal, WithdrawalState } from './withdrawal-state.ts';

/**
 * The withdrawal process (DESIGN.md §3, Processes): requested → approved → sent → completed, or
 * refused (the ledger refused the hold: no hold exists), cancelled (by its member, before sent),
 * rejected (by an administrator, before sent), failed (after sent). After sent, only completed or
 * failed. Every money step is one ledger command whose id derives from the withdrawal id and the
 * step (withdrawal-steps.ts); its outcome is recorded here. Pure: time and ids come in commands.
 */

export type WithdrawalRejection =
  | { type: 'WithdrawalNotFound' }
  /** The same withdrawal id (a member's Idempotency-Key) was used for another request. */
  | { type: 'WithdrawalIdTaken' }
  /** The hold's outcome is not known yet: approve, reject or cancel again in a moment. */
  | { type: 'WithdrawalNotReady' }
  /** The action does not apply in this state (e.g. cancel after sent, approve after rejected). */
  | { type: 'WithdrawalStateInvalid'; status: WithdrawalStatus }
  | { type: 'ReasonInvalid' }
  | { type: 'TransferNotFound' }
  /** The txid was already recorded for this withdrawal. */
  | { type: 'TxidAlreadyRecorded'; txid: string };

export type LedgerOutcome =
  | { kind: 'accepted'; revision: string }
  | { kind: 'rejected'; rejection: LedgerRejection };

export type WithdrawalCommand =
  | { type: 'RequestWithdrawal'; request: WithdrawalRequest }
  | {
      type: 'RecordHoldOutcome';
      ledgerCommandId: string;
      holdIds: readonly string[];
      outcome: LedgerOutcome;
      now: string;
    }
  | { type: 'ApproveWithdrawal'; approvedBy: number; now: string }
  | { type: 'RejectWithdrawal'; rejectedBy: number; reason: string; now: string }
  | { type: 'CancelWithdrawal'; memberSeq: number; now: string }
  | { type: 'CreateTransfer'; transferId: string; createdBy: string; now: string }
  | {
      type: 'RecordBroadcast';
      transferId: string;
      outcome:
        | { kind: 'broadcast'; txid: string; from: string; feeAmount: string }
        | { kind: 'failed'; message: string };
      now: string;
    }
  | { type: 'KeyInTransfer'; transferId: string; txid: string; keyedBy: number; now: string }
  | {
      type: 'ConfirmWithdrawal';
      txid: string;
      matchedBy: 'reconciliation' | 'admin';
      confirmedBy: string;
      now: string;
    }
  | { type: 'RecordCapture'; ledgerCommandId: string; outcome: LedgerOutcome; now: string }
  | { type: 'FailWithdrawal'; failedBy: string; reason: string; now: string }
  | { type: 'RecordRelease'; ledgerCommandIds: readonly string[]; now: string };

export type WithdrawalDecision = Decision<WithdrawalEvent, WithdrawalRejection>;

const stateInvalid = (state: OpenWithdrawal): WithdrawalDecision =>
  rejected({ type: 'WithdrawalStateInvalid', status: state.status });

/** 1..500 characters, something other than spaces. */
export function isReason(reason: string): boolean {
  return reason.trim().length > 0 && reason.length <= 500;
}

/** Before sent, with the hold's outcome known and placed: what cancel and reject take back. */
const openBeforeSent = (state: OpenWithdrawal) =>
  (state.status === 'requested' || state.status === 'approved') && state.hold === 'placed';

/** Field by field: a request read back from the store may have its keys in another order. */
function sameRequest(left: WithdrawalRequest, right: WithdrawalRequest): boolean {
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  keys.delete('requestedAt');
  return [...keys].every(
    (key) => left[key as keyof WithdrawalRequest] === right[key as keyof WithdrawalRequest],
  );
}

export function decideWithdrawal(
  command: WithdrawalCommand,
  state: WithdrawalState,
): WithdrawalDecision {
  if (command.type === 'RequestWithdrawal') {
    if (state.status === 'none')
      return accepted([{ type: 'WithdrawalRequested', data: command.request }]);
    // A retry of the same request is answered with what exists; another body is refused.
    return sameRequest(state.request, command.request)
      ? accepted([])
      : rejected({ type: 'WithdrawalIdTaken' });
  }
  if (state.status === 'none') return rejected({ type: 'WithdrawalNotFound' });
  const withdrawalId = state.request.withdrawalId;
  switch (command.type) {
    case 'RecordHoldOutcome': {
      if (state.hold !== 'pending') return accepted([]);
      const { ledgerCommandId, outcome, now } = command;
      return accepted([
        outcome.kind === 'accepted'
          ? {
              type: 'WithdrawalHoldPlaced',
              data: {
                withdrawalId,
                ledgerCommandId,
                holdIds: [...command.holdIds],
                ledgerRevision: outcome.revision,
                placedAt: now,
              },
            }
          : {
              type: 'WithdrawalRefused',
              data: { withdrawalId, ledgerCommandId, rejection: outcome.rejection, refusedAt: now },
            },
      ]);
    }
    case 'ApproveWithdrawal':
      if (state.status === 'approved' || state.status === 'sent' || state.status === 'completed')
        return accepted([]);
      if (state.status !== 'requested') return stateInvalid(state);
      if (state.hold === 'pending') return rejected({ type: 'WithdrawalNotReady' });
      return accepted([
        {
          type: 'WithdrawalApproved',
          data: { withdrawalId, approvedBy: command.approvedBy, approvedAt: command.now },
        },
      ]);
    case 'RejectWithdrawal':
      if (!isReason(command.reason)) return rejected({ type: 'ReasonInvalid' });
      if (state.status === 'rejected') return accepted([]);
      if (state.hold === 'pending') return rejected({ type: 'WithdrawalNotReady' });
      if (!openBeforeSent(state)) return stateInvalid(state);
      return accepted([
        {
          type: 'WithdrawalRejected',
          data: {
            withdrawalId,
            rejectedBy: command.rejectedBy,
            reason: command.reason,
            rejectedAt: command.now,
          },
        },
      ]);
    case 'CancelWithdrawal':
      // Another member's withdrawal does not exist, as far as this member can tell.
      if (state.request.memberSeq !== command.memberSeq)
        return rejected({ type: 'WithdrawalNotFound' });
      if (state.status === 'cancelled') return accepted([]);
      if (state.hold === 'pending') return rejected({ type: 'WithdrawalNotReady' });
      if (!openBeforeSent(state)) return stateInvalid(state);
      return accepted([
        {
          type: 'WithdrawalCancelled',
          data: { withdrawalId, cancelledBy: command.memberSeq, cancelledAt: command.now },
        },
      ]);
    case 'CreateTransfer':
      return createTransfer(command, state);
    case 'RecordBroadcast':
      return recordBroadcast(command, state);
    case 'KeyInTransfer':
      return keyIn(command, state);
    case 'ConfirmWithdrawal':
      if (state.confirmation !== null || state.status === 'completed') return accepted([]);
      if (state.status !== 'sent') return stateInvalid(state);
      return accepted([
        {
          type: 'WithdrawalConfirmed',
          data: {
            withdrawalId,
            txid: command.txid,
            matchedBy: command.matchedBy,
            confirmedBy: command.confirmedBy,
            confirmedAt: command.now,
          },
        },
      ]);
    case 'RecordCapture':
      if (state.status === 'completed') return accepted([]);
      if (state.confirmation === null || state.hold !== 'placed') return stateInvalid(state);
      if (command.outcome.kind === 'rejected') {
        // The withdrawal's own open hold cannot be refused its capture: a bug, never a state.
        throw new Error(
          `the capture of withdrawal ${withdrawalId} was refused: ${command.outcome.rejection.type}`,
        );
      }
      return accepted([
        {
          type: 'WithdrawalCompleted',
          data: {
            withdrawalId,
            ledgerCommandId: command.ledgerCommandId,
            ledgerRevision: command.outcome.revision,
            completedAt: command.now,
          },
        },
      ]);
    case 'FailWithdrawal':
      if (!isReason(command.reason)) return rejected({ type: 'ReasonInvalid' });
      if (state.status === 'failed') return accepted([]);
      // A confirmed withdrawal is being captured: it can only complete.
      if (state.status !== 'sent' || state.confirmation !== null) return stateInvalid(state);
      return accepted([
        {
          type: 'WithdrawalFailed',
          data: {
            withdrawalId,
            failedBy: command.failedBy,
            reason: command.reason,
            failedAt: command.now,
          },
        },
      ]);
    case 'RecordRelease':
      if (state.hold !== 'placed') return accepted([]);
      if (state.status !== 'cancelled' && state.status !== 'rejected' && state.status !== 'failed')
        return stateInvalid(state);
      return accepted([
        {
          type: 'WithdrawalHoldReleased',
          data: {
            withdrawalId,
            ledgerCommandIds: [...command.ledgerCommandIds],
            releasedAt: command.now,
          },
        },
      ]);
  }
}

function createTransfer(
  command: Extract<WithdrawalCommand, { type: 'CreateTransfer' }>,
  state: OpenWithdrawal,
): WithdrawalDecision {
  if (state.transfers.some((transfer) => transfer.transferId === command.transferId))
    return accepted([]);
  // The first send follows approval; a re-send (duplicates possible) while sent and unconfirmed.
  const isFirst =
    state.status === 'approved' &&
    state.transfers.every((transfer) => transfer.status === 'failed');
  const isResend = state.status === 'sent' && state.confirmation === null;
  if (!isFirst && !isResend) return stateInvalid(state);
  const { withdrawalId, toAddress, netAmount } = state.request;
  return accepted([
    {
      type: 'WithdrawTransferCreated',
      data: {
        withdrawalId,
        transferId: command.transferId,
        to: toAddress,
        amount: netAmount,
        createdBy: command.createdBy,
        createdAt: command.now,
      },
    },
  ]);
}

function recordBroadcast(
  command: Extract<WithdrawalCommand, { type: 'RecordBroadcast' }>,
  state: OpenWithdrawal,
): WithdrawalDecision {
  const transfer = state.transfers.find((candidate) => candidate.transferId === command.transferId);
  if (transfer === undefined) return rejected({ type: 'TransferNotFound' });
  if (transfer.status !== 'created') return accepted([]);
  const { withdrawalId } = state.request;
  const { transferId, outcome, now } = command;
  return accepted([
    outcome.kind === 'broadcast'
      ? {
          type: 'WithdrawTransferBroadcast',
          data: {
            withdrawalId,
            transferId,
            txid: outcome.txid,
            from: outcome.from,
            feeAmount: outcome.feeAmount,
            broadcastAt: now,
          },
        }
      : {
          type: 'WithdrawTransferBroadcastFailed',
          data: { withdrawalId, transferId, message: outcome.message, failedAt: now },
        },
  ]);
}

function keyIn(
  command: Extract<WithdrawalCommand, { type: 'KeyInTransfer' }>,
  state: OpenWithdrawal,
): WithdrawalDecision {
  const existing = state.transfers.find((transfer) => transfer.transferId === command.transferId);
  if (existing !== undefined) return accepted([]);
  if (state.transfers.some((transfer) => transfer.txid === command.txid)) {
    return rejected({ type: 'TxidAlreadyRecorded', txid: command.txid });
  }
  const pendingBroadcast = state.transfers.some((transfer) => transfer.status === 'created');
  const isOpen =
    (state.status === 'approved' && !pendingBroadcast) ||
    (state.status === 'sent' && state.confirmation === null);
  if (!isOpen) return stateInvalid(state);
  const { withdrawalId, toAddress, netAmount } = state.request;
  return accepted([
    {
      type: 'WithdrawTransferKeyedIn',
      data: {
        withdrawalId,
        transferId: command.transferId,
        to: toAddress,
        amount: netAmount,
        txid: command.txid,
        keyedBy: command.keyedBy,
        keyedAt: command.now,
      },
    },
  ]);
}

import type { LedgerRejection } from '@ledger/ledger';
import type { WithdrawalEvent, WithdrawalRequest, WithdrawalStatus } from './withdrawal-events.ts';

/** Where the withdrawal's holds stand in the ledger. */
export type HoldStanding = 'pending' | 'placed' | 'refused' | 'released' | 'captured';

export type WithdrawTransfer = {
  transferId: string;
  to: string;
  amount: string;
  createdBy: string;
  txid: string | null;
  from: string | null;
  feeAmount: string | null;
  /** created → broadcast | failed (the sender refused it) ; keyed: typed in by an admin. */
  status: 'created' | 'broadcast' | 'failed' | 'keyed';
  message: string | null;
  at: string;
};

export type WithdrawalState =
  | { status: 'none' }
  | {
      status: WithdrawalStatus;
      request: WithdrawalRequest;
      hold: HoldStanding;
      holdIds: string[];
      refusal: LedgerRejection | null;
      decidedBy: number | null;
      reason: string | null;
      transfers: WithdrawTransfer[];
      confirmation: { txid: string; matchedBy: 'reconciliation' | 'admin' } | null;
      updatedAt: string;
    };

export type OpenWithdrawal = Exclude<WithdrawalState, { status: 'none' }>;

export const initialWithdrawalState = (): WithdrawalState => ({ status: 'none' });

function open(state: WithdrawalState, type: string): OpenWithdrawal {
  if (state.status === 'none') throw new Error(`${type} before WithdrawalRequested`);
  return state;
}

function withTransfer(
  state: OpenWithdrawal,
  transferId: string,
  change: (transfer: WithdrawTransfer) => WithdrawTransfer,
): WithdrawTransfer[] {
  let found = false;
  const transfers = state.transfers.map((transfer) => {
    if (transfer.transferId !== transferId) return transfer;
    found = true;
    return change(transfer);
  });
  if (!found) throw new Error(`a transfer event for an unknown transfer ${transferId}`);
  return transfers;
}

/** Folds one event; pure (returns a new state). An event out of order is a bug: it throws. */
export function evolveWithdrawal(state: WithdrawalState, event: WithdrawalEvent): WithdrawalState {
  if (event.type === 'WithdrawalRequested') {
    if (state.status !== 'none') throw new Error('WithdrawalRequested twice');
    return {
      status: 'requested',
      request: event.data,
      hold: 'pending',
      holdIds: [],
      refusal: null,
      decidedBy: null,
      reason: null,
      transfers: [],
      confirmation: null,
      updatedAt: event.data.requestedAt,
    };
  }
  const current = open(state, event.type);
  switch (event.type) {
    case 'WithdrawalHoldPlaced':
      return {
        ...current,
        hold: 'placed',
        holdIds: event.data.holdIds,
        updatedAt: event.data.placedAt,
      };
    case 'WithdrawalRefused':
      return {
        ...current,
        status: 'refused',
        hold: 'refused',
        refusal: event.data.rejection,
        updatedAt: event.data.refusedAt,
      };
    case 'WithdrawalApproved':
      return {
        ...current,
        status: 'approved',
        decidedBy: event.data.approvedBy,
        updatedAt: event.data.approvedAt,
      };
    case 'WithdrawalRejected':
      return {
        ...current,
        status: 'rejected',
        decidedBy: event.data.rejectedBy,
        reason: event.data.reason,
        updatedAt: event.data.rejectedAt,
      };
    case 'WithdrawalCancelled':
      return { ...current, status: 'cancelled', updatedAt: event.data.cancelledAt };
    case 'WithdrawTransferCreated': {
      const { transferId, to, amount, createdBy, createdAt } = event.data;
      const transfer: WithdrawTransfer = {
        transferId,
        to,
        amount,
        createdBy,
        txid: null,
        from: null,
        feeAmount: null,
        status: 'created',
        message: null,
        at: createdAt,
      };
      return { ...current, transfers: [...current.transfers, transfer], updatedAt: createdAt };
    }
    case 'WithdrawTransferBroadcast': {
      const { transferId, txid, from, feeAmount, broadcastAt } = event.data;
      return {
        ...current,
        status: current.status === 'approved' ? 'sent' : current.status,
        transfers: withTransfer(current, transferId, (transfer) => ({
          ...transfer,
          txid,
          from,
          feeAmount,
          status: 'broadcast',
          at: broadcastAt,
        })),
        updatedAt: broadcastAt,
      };
    }
    case 'WithdrawTransferBroadcastFailed': {
      const { transferId, message, failedAt } = event.data;
      return {
        ...current,
        transfers: withTransfer(current, transferId, (transfer) => ({
          ...transfer,
          status: 'failed',
          message,
          at: failedAt,
        })),
        updatedAt: failedAt,
      };
    }
    case 'WithdrawTransferKeyedIn': {
      const { transferId, to, amount, txid, keyedBy, keyedAt } = event.data;
      const transfer: WithdrawTransfer = {
        transferId,
        to,
        amount,
        createdBy: `admin:${keyedBy}`,
        txid,
        from: null,
        feeAmount: null,
        status: 'keyed',
        message: null,
        at: keyedAt,
      };
      return {
        ...current,
        status: current.status === 'approved' ? 'sent' : current.status,
        transfers: [...current.transfers, transfer],
        updatedAt: keyedAt,
      };
    }
    case 'WithdrawalConfirmed':
      return {
        ...current,
        confirmation: { txid: event.data.txid, matchedBy: event.data.matchedBy },
        updatedAt: event.data.confirmedAt,
      };
    case 'WithdrawalCompleted':
      return {
        ...current,
        status: 'completed',
        hold: 'captured',
        updatedAt: event.data.completedAt,
      };
    case 'WithdrawalFailed':
      return {
        ...current,
        status: 'failed',
        reason: event.data.reason,
        updatedAt: event.data.failedAt,
      };
    case 'WithdrawalHoldReleased':
      return { ...current, hold: 'released', updatedAt: event.data.releasedAt };
  }
}

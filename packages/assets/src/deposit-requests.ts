import { accepted, type Decision, rejected } from '@ledger/decider';
import { canonical } from './asset-catalog.ts';

/**
 * A manually confirmed deposit (SPEC §3 Deposit request; e.g. a KRW bank transfer) as a process:
 * one stream per request, `deposit-request-<id>`, the id derived from the member's
 * Idempotency-Key. The member asks for `requestAmount` into one of its accounts; an administrator
 * approves or rejects it (singly or all at once). Approval is recorded first, then ONE ledger
 * transfer from the asset's chain-clearing account credits the account, with a command id derived
 * from the request id, then its outcome closes the request; a worker finishes approved requests
 * after a crash. Approving twice, or approving all twice, changes nothing the second time.
 */

export type DepositRequestStatus = 'requested' | 'approved' | 'rejected' | 'credited' | 'failed';

export type DepositRequested = {
  type: 'DepositRequested';
  data: {
    requestId: string;
    account: string;
    accountSeq: number;
    memberSeq: number;
    asset: string;
    requestAmount: string;
    requestedAt: string;
  };
};
export type DepositRequestApproved = {
  type: 'DepositRequestApproved';
  data: { requestId: string; approvedBy: number; approvedAt: string };
};
export type DepositRequestRejected = {
  type: 'DepositRequestRejected';
  data: { requestId: string; rejectedBy: number; reason: string; rejectedAt: string };
};
export type DepositRequestCredited = {
  type: 'DepositRequestCredited';
  data: { requestId: string; transferId: string; ledgerCommandId: string; creditedAt: string };
};
/** The ledger refused the credit (e.g. the account was closed): the reason is kept. */
export type DepositRequestFailed = {
  type: 'DepositRequestFailed';
  data: {
    requestId: string;
    ledgerCommandId: string;
    rejection: { type: string } & Record<string, unknown>;
    failedAt: string;
  };
};
export type DepositRequestEvent =
  | DepositRequested
  | DepositRequestApproved
  | DepositRequestRejected
  | DepositRequestCredited
  | DepositRequestFailed;

export type DepositRequestState =
  | { status: 'none' }
  | { status: DepositRequestStatus; request: DepositRequested['data'] };

export type DepositRequestRejection =
  | { type: 'DepositRequestNotFound' }
  | { type: 'DepositRequestIdTaken' }
  | { type: 'DepositRequestAlreadyDecided'; status: DepositRequestStatus }
  | { type: 'ReasonInvalid' };

export type DepositRequestCommand =
  | { type: 'RequestDeposit'; request: DepositRequested['data'] }
  | { type: 'ApproveDepositRequest'; requestId: string; approvedBy: number; now: string }
  | {
      type: 'RejectDepositRequest';
      requestId: string;
      rejectedBy: number;
      reason: string;
      now: string;
    }
  | {
      type: 'RecordDepositRequestOutcome';
      requestId: string;
      ledgerCommandId: string;
      outcome:
        | { kind: 'credited'; transferId: string }
        | { kind: 'failed'; rejection: { type: string } & Record<string, unknown> };
      now: string;
    };

export function depositRequestStream(requestId: string): string {
  return `deposit-request-${requestId}`;
}

/** The id of the one ledger command (and transfer) that credits an approved request. */
export function depositRequestCommandId(requestId: string): string {
  return `deposit-request:${requestId}`;
}

export const initialDepositRequestState = (): DepositRequestState => ({ status: 'none' });

export function evolveDepositRequest(
  state: DepositRequestState,
  event: DepositRequestEvent,
): DepositRequestState {
  if (event.type === 'DepositRequested') return { status: 'requested', request: event.data };
  if (state.status === 'none') throw new Error(`${event.type} before DepositRequested`);
  const next: Record<
    Exclude<DepositRequestEvent['type'], 'DepositRequested'>,
    DepositRequestStatus
  > = {
    DepositRequestApproved: 'approved',
    DepositRequestRejected: 'rejected',
    DepositRequestCredited: 'credited',
    DepositRequestFailed: 'failed',
  };
  return { ...state, status: next[event.type] };
}

const none = accepted<DepositRequestEvent>([]);

export function decideDepositRequest(
  command: DepositRequestCommand,
  state: DepositRequestState,
): Decision<DepositRequestEvent, DepositRequestRejection> {
  switch (command.type) {
    case 'RequestDeposit': {
      if (state.status === 'none') {
        return accepted([{ type: 'DepositRequested', data: command.request }]);
      }
      const { requestedAt: _a, ...left } = state.request;
      const { requestedAt: _b, ...right } = command.request;
      return canonical(left) === canonical(right)
        ? none
        : rejected({ type: 'DepositRequestIdTaken' });
    }
    case 'ApproveDepositRequest':
      if (state.status === 'none') return rejected({ type: 'DepositRequestNotFound' });
      if (state.status === 'rejected') {
        return rejected({ type: 'DepositRequestAlreadyDecided', status: state.status });
      }
      if (state.status !== 'requested') return none;
      return accepted([
        {
          type: 'DepositRequestApproved',
          data: {
            requestId: command.requestId,
            approvedBy: command.approvedBy,
            approvedAt: command.now,
          },
        },
      ]);
    case 'RejectDepositRequest':
      if (state.status === 'none') return rejected({ type: 'DepositRequestNotFound' });
      if (command.reason.trim() === '' || command.reason.length > 1_000) {
        return rejected({ type: 'ReasonInvalid' });
      }
      if (state.status === 'rejected') return none;
      if (state.status !== 'requested') {
        return rejected({ type: 'DepositRequestAlreadyDecided', status: state.status });
      }
      return accepted([
        {
          type: 'DepositRequestRejected',
          data: {
            requestId: command.requestId,
            rejectedBy: command.rejectedBy,
            reason: command.reason,
            rejectedAt: command.now,
          },
        },
      ]);
    case 'RecordDepositRequestOutcome': {
      if (state.status === 'credited' || state.status === 'failed') return none;
      if (state.status !== 'approved') {
        throw new Error(`a ledger outcome for a deposit request that is ${state.status}`);
      }
      const { requestId, ledgerCommandId, outcome, now } = command;
      return accepted([
        outcome.kind === 'credited'
          ? {
              type: 'DepositRequestCredited',
              data: { requestId, transferId: outcome.transferId, ledgerCommandId, creditedAt: now },
            }
          : {
              type: 'DepositRequestFailed',
              data: { requestId, ledgerCommandId, rejection: outcome.rejection, failedAt: now },
            },
      ]);
    }
  }
}

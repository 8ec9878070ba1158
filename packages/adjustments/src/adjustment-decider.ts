import { accepted, type Decision, rejected } from '@ledger/decider';
import type { AdjustmentEvent, AdjustmentProposed, AdjustmentStatus } from './adjustment-events.ts';

/**
 * The forced-adjustment process (DESIGN.md §3, Corrections; reliability.md T14): one stream per
 * proposal. An administrator proposes a compensating movement against adjustment equity with a
 * reason that can never change; above the single-approval threshold another administrator must
 * approve it (never the proposer); the approved adjustment is then executed as ONE ledger command
 * whose id derives from the proposal id, and its outcome (executed, or failed with the ledger's
 * rejection) closes the process. Pure: time and ids arrive in the commands.
 */

export type AdjustmentState =
  | { status: 'none' }
  | {
      status: AdjustmentStatus;
      proposal: AdjustmentProposed['data'];
      decidedBy: number | null;
      decisionReason: string | null;
      transferId: string | null;
      failure: ({ type: string } & Record<string, unknown>) | null;
    };

export type AdjustmentRejection =
  | { type: 'AdjustmentNotFound' }
  /** The same proposal id (an Idempotency-Key) was used for another proposal. */
  | { type: 'AdjustmentIdTaken' }
  | { type: 'SelfApprovalForbidden' }
  | { type: 'AdjustmentAlreadyDecided'; status: AdjustmentStatus }
  | { type: 'ReasonInvalid' };

export type AdjustmentCommand =
  | { type: 'ProposeAdjustment'; proposal: AdjustmentProposed['data'] }
  | { type: 'ApproveAdjustment'; adjustmentId: string; approvedBy: number; now: string }
  | {
      type: 'RejectAdjustment';
      adjustmentId: string;
      rejectedBy: number;
      reason: string;
      now: string;
    }
  | {
      type: 'RecordAdjustmentOutcome';
      adjustmentId: string;
      ledgerCommandId: string;
      outcome:
        | { kind: 'executed'; transferId: string; ledgerRevision: string }
        | { kind: 'failed'; rejection: { type: string } & Record<string, unknown> };
      now: string;
    };

export type AdjustmentDecision = Decision<AdjustmentEvent, AdjustmentRejection>;

export const initialAdjustmentState = (): AdjustmentState => ({ status: 'none' });

export function evolveAdjustment(state: AdjustmentState, event: AdjustmentEvent): AdjustmentState {
  if (event.type === 'AdjustmentProposed') {
    return {
      status: event.data.approvalRequired ? 'proposed' : 'approved',
      proposal: event.data,
      decidedBy: null,
      decisionReason: null,
      transferId: null,
      failure: null,
    };
  }
  if (state.status === 'none') throw new Error(`${event.type} before AdjustmentProposed`);
  switch (event.type) {
    case 'AdjustmentApproved':
      return { ...state, status: 'approved', decidedBy: event.data.approvedBy };
    case 'AdjustmentRejected':
      return {
        ...state,
        status: 'rejected',
        decidedBy: event.data.rejectedBy,
        decisionReason: event.data.reason,
      };
    case 'AdjustmentExecuted':
      return { ...state, status: 'executed', transferId: event.data.transferId };
    case 'AdjustmentFailed':
      return { ...state, status: 'failed', failure: event.data.rejection };
  }
}

/** 1..1000 characters, something other than spaces. */
export function isReason(reason: string): boolean {
  return reason.trim().length > 0 && reason.length <= 1_000;
}

/** The fields a retried proposal must repeat (all but the time it was proposed at). */
const proposalFields = [
  'adjustmentId',
  'account',
  'accountSeq',
  'memberSeq',
  'asset',
  'direction',
  'amount',
  'reason',
  'proposedBy',
  'approvalRequired',
] as const satisfies readonly Exclude<keyof AdjustmentProposed['data'], 'proposedAt'>[];

/**
 * Field by field, never by serialized text: a proposal read back from the store went through jsonb,
 * which does not keep key order.
 */
function sameProposal(left: AdjustmentProposed['data'], right: AdjustmentProposed['data']) {
  return proposalFields.every((field) => left[field] === right[field]);
}

export function decideAdjustment(
  command: AdjustmentCommand,
  state: AdjustmentState,
): AdjustmentDecision {
  switch (command.type) {
    case 'ProposeAdjustment':
      if (!isReason(command.proposal.reason)) return rejected({ type: 'ReasonInvalid' });
      if (state.status === 'none') {
        return accepted([{ type: 'AdjustmentProposed', data: command.proposal }]);
      }
      // A retry of the same proposal is answered with what exists; another one is refused.
      return sameProposal(state.proposal, command.proposal)
        ? accepted([])
        : rejected({ type: 'AdjustmentIdTaken' });
    case 'ApproveAdjustment':
      return approve(command, state);
    case 'RejectAdjustment':
      return reject(command, state);
    case 'RecordAdjustmentOutcome':
      return recordOutcome(command, state);
  }
}

function approve(
  command: Extract<AdjustmentCommand, { type: 'ApproveAdjustment' }>,
  state: AdjustmentState,
): AdjustmentDecision {
  if (state.status === 'none') return rejected({ type: 'AdjustmentNotFound' });
  // Maker-checker: whatever the state, the proposer never approves its own adjustment.
  if (state.proposal.proposedBy === command.approvedBy) {
    return rejected({ type: 'SelfApprovalForbidden' });
  }
  if (state.status === 'rejected') {
    return rejected({ type: 'AdjustmentAlreadyDecided', status: state.status });
  }
  if (state.status !== 'proposed') return accepted([]);
  return accepted([
    {
      type: 'AdjustmentApproved',
      data: {
        adjustmentId: command.adjustmentId,
        approvedBy: command.approvedBy,
        approvedAt: command.now,
      },
    },
  ]);
}

function reject(
  command: Extract<AdjustmentCommand, { type: 'RejectAdjustment' }>,
  state: AdjustmentState,
): AdjustmentDecision {
  if (state.status === 'none') return rejected({ type: 'AdjustmentNotFound' });
  if (!isReason(command.reason)) return rejected({ type: 'ReasonInvalid' });
  if (state.status === 'rejected') return accepted([]);
  if (state.status !== 'proposed') {
    return rejected({ type: 'AdjustmentAlreadyDecided', status: state.status });
  }
  return accepted([
    {
      type: 'AdjustmentRejected',
      data: {
        adjustmentId: command.adjustmentId,
        rejectedBy: command.rejectedBy,
        reason: command.reason,
        rejectedAt: command.now,
      },
    },
  ]);
}

function recordOutcome(
  command: Extract<AdjustmentCommand, { type: 'RecordAdjustmentOutcome' }>,
  state: AdjustmentState,
): AdjustmentDecision {
  if (state.status === 'executed' || state.status === 'failed') return accepted([]);
  if (state.status !== 'approved') {
    throw new Error(`an outcome for an adjustment that is ${state.status}, not approved`);
  }
  const { adjustmentId, ledgerCommandId, outcome, now } = command;
  return accepted([
    outcome.kind === 'executed'
      ? {
          type: 'AdjustmentExecuted',
          data: {
            adjustmentId,
            transferId: outcome.transferId,
            ledgerCommandId,
            ledgerRevision: outcome.ledgerRevision,
            executedAt: now,
          },
        }
      : {
          type: 'AdjustmentFailed',
          data: { adjustmentId, ledgerCommandId, rejection: outcome.rejection, failedAt: now },
        },
  ]);
}

import {
  type AdjustmentCommand,
  type AdjustmentEvent,
  type AdjustmentRejection,
  type AdjustmentState,
  type AdjustmentStep,
  adjustmentActor,
  adjustmentStream,
  adjustmentStreamPrefix,
  decideAdjustment,
  evolveAdjustment,
  initialAdjustmentState,
  nextAdjustmentStep,
} from '@ledger/adjustments';
import { ProblemError } from '@ledger/http';
import { listApprovedUnexecuted } from '@ledger/ledger-projections';
import { type ProcessDefinition, type ResumableProcess, runProcess } from '@ledger/process-kit';
import { postAdjustment } from './ledger-adjustment-post-step.ts';
import type { LedgerWriteContext } from './ledger-write-context.ts';

/**
 * The forced-adjustment process on the process runner (docs/adr/0023): the pure process of
 * @ledger/adjustments over its stream, its one step (ledger-adjustment-post-step.ts). The write
 * API runs it right after recording a proposal within the threshold or an approval, so its answer
 * shows the outcome; the resumer runs it for an approved adjustment left without one.
 */

export const adjustmentFold = { initialState: initialAdjustmentState, evolve: evolveAdjustment };

export const adjustmentProblems: Record<AdjustmentRejection['type'], ProblemError> = {
  AdjustmentNotFound: new ProblemError({
    status: 404,
    code: 'adjustment_not_found',
  }),
  AdjustmentIdTaken: new ProblemError({
    status: 409,
    code: 'idempotency_key_reused',
  }),
  SelfApprovalForbidden: new ProblemError({
    status: 403,
    code: 'self_approval_forbidden',
  }),
  AdjustmentAlreadyDecided: new ProblemError({
    status: 409,
    code: 'adjustment_decided',
  }),
  ReasonInvalid: new ProblemError({ status: 422, code: 'reason_invalid' }),
};

export function adjustmentProcess(
  context: LedgerWriteContext,
  requestId?: string,
): ProcessDefinition<
  AdjustmentState,
  AdjustmentEvent,
  AdjustmentCommand,
  AdjustmentRejection,
  AdjustmentStep
> {
  return {
    name: 'adjustment',
    streamOf: adjustmentStream,
    streamPrefix: adjustmentStreamPrefix,
    actor: adjustmentActor,
    decider: { ...adjustmentFold, decide: decideAdjustment },
    nextStep: nextAdjustmentStep,
    steps: { postAdjustment: postAdjustment(context, requestId) },
    refused: (rejection) => adjustmentProblems[rejection.type],
  };
}

/** Takes the adjustment's step if it has one (approved, no outcome yet). */
export function runAdjustment(
  context: LedgerWriteContext,
  adjustmentId: string,
  requestId?: string,
) {
  return runProcess(
    context.identity.eventStore,
    adjustmentProcess(context, requestId),
    adjustmentId,
    { requestId },
  );
}

/** The adjustment process type for the resumer: approved adjustments without an outcome. */
export function adjustmentResumable(context: LedgerWriteContext): ResumableProcess {
  return {
    name: 'adjustment',
    streamPrefix: adjustmentStreamPrefix,
    actor: adjustmentActor,
    // The approve request runs the process itself; the resumer takes what it left.
    nudgedByAppends: false,
    pending: (limit) => listApprovedUnexecuted(context.db, limit),
    run: (adjustmentId) => runAdjustment(context, adjustmentId),
    waits: (error) => error instanceof ProblemError && error.problem.status === 503,
  };
}

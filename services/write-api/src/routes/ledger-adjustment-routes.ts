import { randomUUID } from 'node:crypto';
import { principalOf } from '@ledger/auth';
import {
  AdjustmentParameterSchema,
  ApproveAdjustmentRequestSchema,
  ProposeAdjustmentRequestSchema,
  RejectAdjustmentRequestSchema,
} from '@ledger/contracts';
import type { GlobalPosition } from '@ledger/event-store';
import { ProblemError, validate } from '@ledger/http';
import { identityDb } from '@ledger/identity-store';
import { systemAccountId } from '@ledger/ledger';
import { adjustmentStream, listApprovedUnexecuted, minorUnitsOf } from '@ledger/ledger-projections';
import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import {
  type CommandContext,
  derivedEventId,
  handleCommand,
  loadAggregate,
  refuseUnstorable,
  stepCommandId,
} from '../command-handling.ts';
import { commandContext } from '../request-context.ts';
import {
  type AdjustmentCommand,
  type AdjustmentRejection,
  type AdjustmentState,
  decideAdjustment,
  evolveAdjustment,
  initialAdjustmentState,
} from './ledger-adjustment-process.ts';
import {
  accountNotFound,
  amountAtScale,
  amountProblem,
  idempotencyKeyOf,
  ledgerResponse,
} from './ledger-submission.ts';
import type { LedgerWriteContext } from './ledger-write-context.ts';

/**
 * Forced balance adjustments, maker-checker (SPEC §6, reliability.md T14): POST proposes (with
 * the reason that can never change), POST …/approve by another administrator executes it, POST
 * …/reject closes it. The money step is one ledger command, `adjustment:<id>`, submitted as
 * `system:adjustment`, so however often it is retried (a second approve call, the resumer after a
 * crash) it moves money once.
 */

const adjustmentAggregate = { initial: initialAdjustmentState, evolve: evolveAdjustment };
const adjustmentActor = 'system:adjustment';

const rejectionProblems: Record<AdjustmentRejection['type'], ProblemError> = {
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

async function runProcess(
  context: LedgerWriteContext,
  adjustmentId: string,
  command: (state: AdjustmentState) => AdjustmentCommand,
  commandContextOf: CommandContext,
): Promise<{ state: AdjustmentState; position: GlobalPosition | null }> {
  const outcome = await handleCommand(
    { eventStore: context.identity.eventStore, db: identityDb(context.db) },
    adjustmentStream(adjustmentId),
    adjustmentAggregate,
    (state) => decideAdjustment(command(state), state),
    commandContextOf,
  );
  if (outcome.kind === 'rejected') throw rejectionProblems[outcome.rejection.type];
  return { state: outcome.state, position: outcome.position };
}

export function ledgerAdjustmentRoutes(context: LedgerWriteContext) {
  const adjustment = validate('param', AdjustmentParameterSchema);
  return new Hono()
    .post('/admin/adjustment', validate('json', ProposeAdjustmentRequestSchema), (c) =>
      propose(context, c, c.req.valid('json')),
    )
    .post(
      '/admin/adjustment/:adjustmentId/approve',
      adjustment,
      validate('json', ApproveAdjustmentRequestSchema),
      async (c) => {
        const key = idempotencyKeyOf(c, { required: true });
        const { adjustmentId } = c.req.valid('param');
        const now = context.identity.now().toISOString();
        const approvedBy = principalOf(c).memberSeq;
        const approval = await runProcess(
          context,
          adjustmentId,
          () => ({ type: 'ApproveAdjustment', adjustmentId, approvedBy, now }),
          {
            ...commandContext(c, context.identity, null),
            commandId: stepCommandId(adjustmentId, key),
          },
        );
        const done = await executeAdjustment(context, adjustmentId, approval.state, () =>
          commandContext(c, context.identity, null, { actor: adjustmentActor }),
        );
        const position = done.position ?? approval.position;
        return ledgerResponse(c, 200, adjustmentView(adjustmentId, done.state), {
          position,
          replayed: false,
        });
      },
    )
    .post(
      '/admin/adjustment/:adjustmentId/reject',
      adjustment,
      validate('json', RejectAdjustmentRequestSchema),
      async (c) => {
        const { adjustmentId } = c.req.valid('param');
        const { reason } = c.req.valid('json');
        const now = context.identity.now().toISOString();
        const rejectedBy = principalOf(c).memberSeq;
        const { state, position } = await runProcess(
          context,
          adjustmentId,
          () => ({ type: 'RejectAdjustment', adjustmentId, rejectedBy, reason, now }),
          commandContext(c, context.identity, null),
        );
        return ledgerResponse(c, 200, adjustmentView(adjustmentId, state), {
          position,
          replayed: false,
        });
      },
    );
}

/** Within the single-approval threshold of its asset (none by default: always maker-checker). */
async function isWithinSingleApproval(
  context: LedgerWriteContext,
  asset: string,
  amount: string,
  decimalPoint: number,
): Promise<boolean> {
  const policy = await context.policy.current({ fresh: true });
  const maximum = policy.adjustmentSingleApprovalMax[asset];
  const maximumAtScale = maximum === undefined ? undefined : amountAtScale(maximum, decimalPoint);
  if (maximumAtScale === undefined) return false;
  return minorUnitsOf(amount, decimalPoint) <= minorUnitsOf(maximumAtScale, decimalPoint);
}

async function propose(
  context: LedgerWriteContext,
  c: Context,
  body: z.infer<typeof ProposeAdjustmentRequestSchema>,
): Promise<Response> {
  const key = idempotencyKeyOf(c, { required: true });
  const proposedBy = principalOf(c).memberSeq;
  const account = await context.directory.bySeq(body.account_seq);
  if (account === undefined) throw accountNotFound();
  const amount = amountAtScale(body.amount, account.decimalPoint);
  if (amount === undefined) throw amountProblem(body.amount, account.decimalPoint);
  // The proposal id comes from the proposer and its key: a retry lands on the same stream.
  const adjustmentId = derivedEventId(`admin:${proposedBy}\u0000${key}`, 'adjustment', 0);
  const proposal = {
    adjustmentId,
    account: account.account,
    accountSeq: account.seq,
    memberSeq: account.memberSeq,
    asset: account.asset,
    direction: body.direction,
    amount,
    reason: body.reason,
    proposedBy,
    approvalRequired: !(await isWithinSingleApproval(
      context,
      account.asset,
      amount,
      account.decimalPoint,
    )),
    proposedAt: context.identity.now().toISOString(),
  };
  // The process, then (within the single-approval threshold) the ledger and the outcome: the
  // proposal is checked before the first append.
  refuseUnstorable([{ type: 'AdjustmentProposed', data: proposal }]);
  const proposed = await runProcess(
    context,
    adjustmentId,
    () => ({ type: 'ProposeAdjustment', proposal }),
    {
      ...commandContext(c, context.identity, account.memberSeq),
      commandId: stepCommandId(adjustmentId, 'propose'),
    },
  );
  const done = await executeAdjustment(context, adjustmentId, proposed.state, () =>
    commandContext(c, context.identity, null, { actor: adjustmentActor }),
  );
  return ledgerResponse(c, 201, adjustmentView(adjustmentId, done.state), {
    position: done.position ?? proposed.position,
    replayed: proposed.position === null,
  });
}

/**
 * The money step of an approved adjustment: one PostTransfer against adjustment equity, then its
 * outcome on the process stream. An unavailable writer leaves the process approved (503): a
 * later approve call or the resumer runs the same command again.
 */
export async function executeAdjustment(
  context: LedgerWriteContext,
  adjustmentId: string,
  state: AdjustmentState,
  commandContextOf: () => CommandContext,
): Promise<{ state: AdjustmentState; position: GlobalPosition | null }> {
  if (state.status !== 'approved') return { state, position: null };
  const { proposal } = state;
  const equity = systemAccountId('adjustmentEquity', proposal.asset);
  const [debit, credit] =
    proposal.direction === 'credit' ? [equity, proposal.account] : [proposal.account, equity];
  const ledgerCommandId = `adjustment:${adjustmentId}`;
  const base = commandContextOf();
  const result = await context.client.submit({
    commandId: ledgerCommandId,
    actor: adjustmentActor,
    command: {
      type: 'PostTransfer',
      data: {
        transferId: ledgerCommandId,
        legs: [{ debit, credit, asset: proposal.asset, amount: proposal.amount }],
        cause: 'adjustment',
      },
    },
    correlationId: adjustmentId,
    requestId: base.requestId,
  });
  if (result.kind !== 'answered') {
    throw new ProblemError({
      status: 503,
      code: 'ledger_unavailable',
      message: 'ledger_unavailable.adjustment_approved',
      headers: { 'retry-after': '1' },
    });
  }
  const { answer } = result;
  const now = context.identity.now().toISOString();
  const recorded = await runProcess(
    context,
    adjustmentId,
    () => ({
      type: 'RecordAdjustmentOutcome',
      adjustmentId,
      ledgerCommandId,
      outcome:
        answer.kind === 'accepted'
          ? { kind: 'executed', transferId: ledgerCommandId, ledgerRevision: answer.revision }
          : { kind: 'failed', rejection: answer.rejection },
      now,
    }),
    { ...base, commandId: stepCommandId(ledgerCommandId, 'outcome') },
  );
  // The later of the two, so `?after=` waits for both the money and the process.
  const position =
    recorded.position === null || recorded.position < result.position
      ? result.position
      : recorded.position;
  return { state: recorded.state, position };
}

export function adjustmentView(adjustmentId: string, state: AdjustmentState) {
  if (state.status === 'none') throw new Error('no adjustment to show');
  const { proposal } = state;
  return {
    adjustment_id: adjustmentId,
    status: state.status,
    approval_required: proposal.approvalRequired,
    account_seq: proposal.accountSeq,
    member_seq: proposal.memberSeq,
    asset: proposal.asset,
    direction: proposal.direction,
    amount: proposal.amount,
    reason: proposal.reason,
    proposed_by: proposal.proposedBy,
    proposed_at: proposal.proposedAt,
    decided_by: state.decidedBy,
    decision_reason: state.decisionReason,
    transfer_id: state.transferId,
    failure: state.failure,
  };
}

/**
 * Runs the money step of adjustments that were approved but have no outcome (the process died
 * between the two). Called periodically by the composition root; each is one idempotent command.
 */
export async function resumeApprovedAdjustments(context: LedgerWriteContext): Promise<number> {
  const pending = await listApprovedUnexecuted(context.db, 100);
  let resumed = 0;
  for (const adjustmentId of pending) {
    const systemContext = (): CommandContext => ({
      commandId: randomUUID(),
      requestId: `system-${randomUUID()}`,
      actor: adjustmentActor,
      clientAddress: null,
      userAgent: null,
      subjectMemberSeq: null,
      now: context.identity.now(),
    });
    const loaded = await loadAggregate(
      context.identity.eventStore,
      adjustmentStream(adjustmentId),
      adjustmentAggregate,
    ).catch(() => undefined);
    if (loaded === undefined) continue;
    const done = await executeAdjustment(context, adjustmentId, loaded.state, systemContext).catch(
      () => undefined,
    );
    if (done?.state.status === 'executed' || done?.state.status === 'failed') resumed += 1;
  }
  return resumed;
}

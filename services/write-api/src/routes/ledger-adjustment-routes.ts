import {
  type AdjustmentCommand,
  type AdjustmentState,
  adjustmentStream,
} from '@ledger/adjustments';
import { principalOf } from '@ledger/auth';
import {
  AdjustmentParameterSchema,
  ApproveAdjustmentRequestSchema,
  ProposeAdjustmentRequestSchema,
  RejectAdjustmentRequestSchema,
} from '@ledger/contracts';
import type { GlobalPosition } from '@ledger/event-store';
import { validate } from '@ledger/http';
import { identityDb } from '@ledger/identity-store';
import { minorUnitsOf } from '@ledger/ledger-projections';
import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import {
  type CommandContext,
  derivedEventId,
  handleCommand,
  recordMetadata,
  refuseUnstorable,
  stepCommandId,
} from '../command-handling.ts';
import { commandContext } from '../request-context.ts';
import {
  adjustmentFold,
  adjustmentProblems,
  adjustmentProcess,
  runAdjustment,
} from './ledger-adjustment-process.ts';
import {
  accountNotFound,
  amountAtScale,
  checkedAmount,
  idempotencyKeyOf,
  ledgerResponse,
} from './ledger-submission.ts';
import type { LedgerWriteContext } from './ledger-write-context.ts';

/**
 * Forced balance adjustments, maker-checker (SPEC §6, reliability.md T14): POST proposes (with
 * the reason that can never change), POST …/approve by another administrator executes it, POST
 * …/reject closes it. Each records its decision on the process stream, then (approved) runs the
 * process (ledger-adjustment-process.ts): its money step is one ledger command, `adjustment:<id>`,
 * submitted as `system:adjustment`, so however often it is retried (a second approve call, the
 * resumer after a crash) it moves money once.
 */

async function recordAdjustment(
  context: LedgerWriteContext,
  adjustmentId: string,
  command: (state: AdjustmentState) => AdjustmentCommand,
  commandContextOf: CommandContext,
): Promise<{ state: AdjustmentState; position: GlobalPosition | null }> {
  const outcome = await handleCommand(
    { eventStore: context.identity.eventStore, db: identityDb(context.db) },
    adjustmentStream(adjustmentId),
    { initial: adjustmentFold.initialState, evolve: adjustmentFold.evolve },
    (state) => adjustmentProcess(context).decider.decide(command(state), state),
    commandContextOf,
  );
  if (outcome.kind === 'rejected') throw adjustmentProblems[outcome.rejection.type];
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
        const approval = await recordAdjustment(
          context,
          adjustmentId,
          () => ({ type: 'ApproveAdjustment', adjustmentId, approvedBy, now }),
          {
            ...commandContext(c, context.identity, null),
            commandId: stepCommandId(adjustmentId, key),
          },
        );
        const done = await executeAdjustment(context, adjustmentId, approval.state, () =>
          commandContext(c, context.identity, null),
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
        const { state, position } = await recordAdjustment(
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
  const amount = checkedAmount(body.amount, 'amount', { decimalPoint: account.decimalPoint });
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
  const proposed = await recordAdjustment(
    context,
    adjustmentId,
    () => ({ type: 'ProposeAdjustment', proposal }),
    {
      ...commandContext(c, context.identity, account.memberSeq),
      commandId: stepCommandId(adjustmentId, 'propose'),
    },
  );
  const done = await executeAdjustment(context, adjustmentId, proposed.state, () =>
    commandContext(c, context.identity, null),
  );
  return ledgerResponse(c, 201, adjustmentView(adjustmentId, done.state), {
    position: done.position ?? proposed.position,
    replayed: proposed.position === null,
  });
}

/**
 * Runs an approved adjustment's money step on the process runner, in the request, so the answer
 * shows the outcome; the request's metadata is recorded with it. An unavailable writer leaves the
 * process approved (503): a later approve call or the resumer takes the same step again.
 */
async function executeAdjustment(
  context: LedgerWriteContext,
  adjustmentId: string,
  state: AdjustmentState,
  commandContextOf: () => CommandContext,
): Promise<{ state: AdjustmentState; position: GlobalPosition | null }> {
  if (state.status !== 'approved') return { state, position: null };
  const base = commandContextOf();
  const run = await runAdjustment(context, adjustmentId, base.requestId);
  if (run.position !== null) await recordMetadata(identityDb(context.db), base);
  return { state: run.state, position: run.position };
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

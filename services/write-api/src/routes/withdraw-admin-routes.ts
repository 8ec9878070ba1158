import { principalOf } from '@ledger/auth';
import {
  ApproveAllQuerySchema,
  CompleteWithdrawRequestSchema,
  EmptyRequestSchema,
  KeyInTransferRequestSchema,
  RejectWithdrawRequestSchema,
  WithdrawAssetParameterSchema,
  WithdrawalParameterSchema,
  WithdrawPolicyRequestSchema,
} from '@ledger/contracts';
import { validate } from '@ledger/http';
import {
  type WithdrawalCommands,
  type WithdrawalOutcome,
  withdrawalApproveAllScope,
} from '@ledger/withdrawals-store';
import { Hono } from 'hono';
import { approveAllPreview } from './approve-all-preview.ts';
import { idempotencyKeyOf, ledgerResponse } from './ledger-submission.ts';
import type { LedgerWriteContext } from './ledger-write-context.ts';
import { withdrawalCommandsOf, withdrawalProblem, withdrawalView } from './withdraw-routes.ts';

/**
 * The administrators' withdrawals (SPEC §4; docs/adr/0023): approve or reject singly or all at
 * once (approve-all run twice changes nothing the second time), re-send a transfer or key in a
 * txid (duplicates possible: the screen shows the SPEC's warning first), complete (the transfer
 * arrived: capture to chain clearing and fee revenue) or fail (after sent: the holds go back),
 * and the withdraw policy of an asset. Each records the decision and answers the withdrawal as
 * recorded; the withdrawal processor, nudged by the append, takes the steps that follow (the
 * transfer and its broadcast, the capture, the release).
 */

export function withdrawAdminRoutes(
  context: LedgerWriteContext,
  runner: WithdrawalCommands = withdrawalCommandsOf(context),
) {
  const withdrawal = validate('param', WithdrawalParameterSchema);
  const answer = (c: Parameters<typeof ledgerResponse>[0], outcome: WithdrawalOutcome) =>
    ledgerResponse(c, 200, withdrawalView(outcome.state), {
      position: outcome.position,
      replayed: false,
    });
  return new Hono()
    .post(
      '/admin/withdraw/approve-all',
      validate('query', ApproveAllQuerySchema),
      validate('json', EmptyRequestSchema),
      async (c) => {
        if (c.req.valid('query').dry_run === true) {
          const perAsset = await withdrawalApproveAllScope(context.db);
          return c.json({ data: approveAllPreview(null, perAsset) }, 200);
        }
        const result = await runner
          .approveAll(principalOf(c).memberSeq, String(c.get('requestId')))
          .catch(withdrawalProblem);
        // The scope it acted on, stated: every asset (no filter), how many considered and approved.
        return c.json({ data: { asset: null, ...result } }, 200);
      },
    )
    .post(
      '/admin/withdraw/:withdrawalId/approve',
      withdrawal,
      validate('json', EmptyRequestSchema),
      async (c) => {
        const outcome = await runner
          .approve(
            c.req.valid('param').withdrawalId,
            principalOf(c).memberSeq,
            String(c.get('requestId')),
          )
          .catch(withdrawalProblem);
        return answer(c, outcome);
      },
    )
    .post(
      '/admin/withdraw/:withdrawalId/reject',
      withdrawal,
      validate('json', RejectWithdrawRequestSchema),
      async (c) => {
        const outcome = await runner
          .reject(
            c.req.valid('param').withdrawalId,
            principalOf(c).memberSeq,
            c.req.valid('json').reason,
            String(c.get('requestId')),
          )
          .catch(withdrawalProblem);
        return answer(c, outcome);
      },
    )
    .post(
      '/admin/withdraw/:withdrawalId/complete',
      withdrawal,
      validate('json', CompleteWithdrawRequestSchema),
      async (c) => {
        const outcome = await runner
          .complete(
            c.req.valid('param').withdrawalId,
            principalOf(c).memberSeq,
            c.req.valid('json').txid,
            String(c.get('requestId')),
          )
          .catch(withdrawalProblem);
        return answer(c, outcome);
      },
    )
    .post(
      '/admin/withdraw/:withdrawalId/fail',
      withdrawal,
      validate('json', RejectWithdrawRequestSchema),
      async (c) => {
        const outcome = await runner
          .fail(
            c.req.valid('param').withdrawalId,
            `admin:${principalOf(c).memberSeq}`,
            c.req.valid('json').reason,
            String(c.get('requestId')),
          )
          .catch(withdrawalProblem);
        return answer(c, outcome);
      },
    )
    .post(
      '/admin/withdraw/:withdrawalId/resend',
      withdrawal,
      validate('json', EmptyRequestSchema),
      async (c) => {
        const key = idempotencyKeyOf(c, { required: true });
        const outcome = await runner
          .resend(
            c.req.valid('param').withdrawalId,
            principalOf(c).memberSeq,
            key,
            String(c.get('requestId')),
          )
          .catch(withdrawalProblem);
        return answer(c, outcome);
      },
    )
    .post(
      '/admin/withdraw/:withdrawalId/key-in',
      withdrawal,
      validate('json', KeyInTransferRequestSchema),
      async (c) => {
        const key = idempotencyKeyOf(c, { required: true });
        const outcome = await runner
          .keyIn(
            c.req.valid('param').withdrawalId,
            principalOf(c).memberSeq,
            c.req.valid('json').txid,
            key,
            String(c.get('requestId')),
          )
          .catch(withdrawalProblem);
        return answer(c, outcome);
      },
    )
    .put(
      '/admin/withdraw-policy/:asset',
      validate('param', WithdrawAssetParameterSchema),
      validate('json', WithdrawPolicyRequestSchema),
      async (c) => {
        const body = c.req.valid('json');
        const { policy, position } = await runner
          .setPolicy(
            {
              asset: c.req.valid('param').asset,
              oneTimeLimit: body.one_time_limit,
              dailyLimit: body.daily_limit,
              feeType: body.fee_type,
              feeAmount: body.fee_amount,
              feeAsset: body.fee_asset,
            },
            principalOf(c).memberSeq,
            String(c.get('requestId')),
          )
          .catch(withdrawalProblem);
        return c.json({ data: policy, position }, 200);
      },
    );
}

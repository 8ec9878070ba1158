import { principalOf } from '@ledger/auth';
import { AmountTextSchema, text } from '@ledger/contracts';
import { validate } from '@ledger/http';
import type { WithdrawalRunner } from '@ledger/withdrawal-processor';
import { isReason } from '@ledger/withdrawals';
import { Hono } from 'hono';
import { z } from 'zod';
import { idempotencyKeyOf, ledgerResponse } from './ledger-submission.ts';
import type { LedgerWriteContext } from './ledger-write-context.ts';
import {
  WithdrawalParameterSchema,
  withdrawalProblem,
  withdrawalRunnerOf,
  withdrawalView,
} from './withdraw-routes.ts';

/**
 * The administrators' withdrawals (issue #10; SPEC §4): approve or reject singly or all at once
 * (approve-all run twice changes nothing the second time), re-send a transfer or key in a txid
 * (duplicates possible: the screen shows the SPEC's warning first), complete (the transfer
 * arrived: capture to chain clearing and fee revenue) or fail (after sent: the holds go back),
 * and the withdraw policy of an asset.
 */

const ReasonSchema = text({ max: 500 }).refine(isReason, '1–500 characters, not only spaces');
const TxidSchema = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e]{1,128}$/);
const AssetSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/);
export const EmptyRequestSchema = z.strictObject({});
export const RejectWithdrawRequestSchema = z.strictObject({ reason: ReasonSchema });
export const CompleteWithdrawRequestSchema = z.strictObject({ txid: TxidSchema });
export const KeyInTransferRequestSchema = z.strictObject({ txid: TxidSchema });
export const WithdrawPolicyRequestSchema = z.strictObject({
  one_time_limit: AmountTextSchema.nullable(),
  daily_limit: AmountTextSchema.nullable(),
  fee_type: z.enum(['deducted', 'separate']),
  fee_amount: z.string().regex(/^(0|[1-9][0-9]{0,29})(\.[0-9]{1,18})?$/),
  fee_asset: AssetSchema,
});
const AssetParameterSchema = z.strictObject({ asset: AssetSchema });

export function withdrawAdminRoutes(
  context: LedgerWriteContext,
  runner: WithdrawalRunner = withdrawalRunnerOf(context),
) {
  const withdrawal = validate('param', WithdrawalParameterSchema);
  const answer = (
    c: Parameters<typeof ledgerResponse>[0],
    outcome: Awaited<ReturnType<WithdrawalRunner['advance']>>,
  ) =>
    ledgerResponse(c, 200, withdrawalView(outcome.state), {
      position: outcome.position,
      replayed: false,
    });
  return new Hono()
    .post('/admin/withdraw/approve-all', validate('json', EmptyRequestSchema), async (c) => {
      const result = await runner
        .approveAll(principalOf(c).memberSeq, String(c.get('requestId')))
        .catch(withdrawalProblem);
      return c.json({ data: result }, 200);
    })
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
      validate('param', AssetParameterSchema),
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

import { getAsset } from '@ledger/assets-store';
import { principalOf } from '@ledger/auth';
import {
  CancelWithdrawRequestSchema,
  extraFormCheck,
  isServerProblemCode,
  WithdrawalParameterSchema,
  WithdrawRequestSchema,
} from '@ledger/contracts';
import { ProblemError, validate } from '@ledger/http';
import { activeOtpIds } from '@ledger/identity';
import { identityDb } from '@ledger/identity-store';
import { waitForProcess } from '@ledger/process-kit';
import { type OpenWithdrawal, withdrawalStream } from '@ledger/withdrawals';
import {
  assetCatalogSource,
  certifiedAddressOf,
  createWithdrawalCommands,
  securityLimitsSource,
  type WithdrawalCommands,
  type WithdrawalOutcome,
  WithdrawalProblem,
  withdrawalFold,
} from '@ledger/withdrawals-store';
import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { acceptOtpCode } from '../credential-checks.ts';
import { loadMember } from '../member-command-runner.ts';
import { checkedAmount, idempotencyKeyOf, ledgerResponse } from './ledger-submission.ts';
import type { LedgerWriteContext } from './ledger-write-context.ts';

/**
 * The member's withdrawals (docs/adr/0014, 0023): POST /withdraw records a request (OTP step-up:
 * a member withdraws only with a registered OTP and a fresh code; only to one of the member's
 * certified, approved withdraw addresses of the asset, never to a typed one); the withdrawal
 * processor, nudged by the append, takes the ONE ledger command that holds the amount (and fee)
 * with the member's limits, and the answer waits for that hold's outcome (read-your-writes,
 * bounded); POST /withdraw/:withdrawalId/cancel records the cancel (the processor gives the holds
 * back). The withdrawal id derives from the member and the Idempotency-Key, so a retry lands on
 * the same withdrawal.
 */

/** The commands of this process: each records one decision; the processor takes the steps. */
export function withdrawalCommandsOf(context: LedgerWriteContext): WithdrawalCommands {
  return createWithdrawalCommands({
    db: context.db,
    eventStore: context.identity.eventStore,
    ledger: context.client,
    now: () => context.identity.now(),
    assets: assetCatalogSource(context.db),
    limits: securityLimitsSource(context.db),
    certifiedAddress: (memberSeq, seq, asset) =>
      certifiedAddressOf(context.db, memberSeq, seq, asset),
  });
}

export function withdrawalProblem(error: unknown): never {
  if (error instanceof WithdrawalProblem) {
    if (!isServerProblemCode(error.code)) throw error;
    throw new ProblemError({
      status: error.status,
      code: error.code,
      ...(error.params === undefined ? {} : { params: error.params }),
      ...(error.status === 503 ? { headers: { 'retry-after': '1' } } : {}),
    });
  }
  throw error;
}

/** What a withdrawal looks like in an answer (the SPEC's withdraw request fields). */
export function withdrawalView(state: OpenWithdrawal) {
  const { request } = state;
  return {
    withdrawal_id: request.withdrawalId,
    account_seq: request.accountSeq,
    asset: request.asset,
    withdraw_address_certification_seq: request.addressCertificationSeq,
    withdraw_address: request.toAddress,
    memo: request.memo,
    bank_code: request.bankCode,
    fee_type: request.feeType,
    fee_amount: request.feeAmount,
    fee_asset: request.feeAsset,
    net_amount: request.netAmount,
    request_amount: request.requestAmount,
    status: state.status,
    hold: state.hold,
    refusal: state.refusal,
    regdate: request.requestedAt,
  };
}

/** OTP step-up: money leaves only with a registered OTP and a code accepted once (T17). */
async function requireWithdrawOtp(context: LedgerWriteContext, memberSeq: number, code: string) {
  const memberContext = { identity: context.identity, db: identityDb(context.db) };
  const state = await loadMember(context.identity, memberSeq);
  if (activeOtpIds(state).length === 0) {
    throw new ProblemError({
      status: 403,
      code: 'otp_registration_required',
    });
  }
  if ((await acceptOtpCode(memberContext, state, code, context.identity.now())) === undefined) {
    throw new ProblemError({
      status: 422,
      code: 'otp_invalid',
    });
  }
}

/**
 * The amount, checked at the account's decimal point (refused, never cut), and the request's extra-form values, checked against the withdraw extra form of the account's asset
 * (422 `extra_form_invalid` naming the field). An account that is not the member's is left to the
 * runner, which answers it as not found.
 */
async function checkedExtraValues(
  context: LedgerWriteContext,
  memberSeq: number,
  body: z.infer<typeof WithdrawRequestSchema>,
): Promise<Record<string, string>> {
  const account = await context.directory.bySeq(body.account_seq);
  if (account === undefined || account.memberSeq !== memberSeq) return {};
  checkedAmount(body.amount, 'amount', { decimalPoint: account.decimalPoint });
  const form = (await getAsset(context.db, account.asset))?.withdrawExtraForm ?? [];
  const checked = extraFormCheck(form, body.extra ?? {});
  if ('problem' in checked) {
    throw new ProblemError({
      status: 422,
      code: 'extra_form_invalid',
      params: { field: checked.field },
    });
  }
  return checked.values;
}

/** The request as the processor left it once the hold's outcome is known (or the wait's bound passed). */
async function withHoldOutcome(
  context: LedgerWriteContext,
  recorded: WithdrawalOutcome,
): Promise<WithdrawalOutcome> {
  const stream = withdrawalStream(recorded.state.request.withdrawalId);
  const { state, position } = await waitForProcess(
    context.identity.eventStore,
    stream,
    withdrawalFold,
    (current) => current.status !== 'none' && current.hold !== 'pending',
  );
  return state.status === 'none' ? recorded : { state, position: position ?? recorded.position };
}

async function requestWithdrawal(
  context: LedgerWriteContext,
  commands: WithdrawalCommands,
  c: Context,
  body: z.infer<typeof WithdrawRequestSchema>,
) {
  const key = idempotencyKeyOf(c, { required: true });
  const memberSeq = principalOf(c).memberSeq;
  const certificationSeq = body.withdraw_address_certification_seq;
  if (
    certificationSeq === undefined ||
    body.withdraw_address !== undefined ||
    body.holder_name !== undefined ||
    body.bank_code !== undefined
  ) {
    throw new ProblemError({
      status: 422,
      code: 'withdraw_address_certification_required',
    });
  }
  const extra = await checkedExtraValues(context, memberSeq, body);
  await requireWithdrawOtp(context, memberSeq, body.otp_token);
  const recorded = await commands
    .request({
      memberSeq,
      idempotencyKey: key,
      accountSeq: body.account_seq,
      amount: body.amount,
      memo: body.memo ?? null,
      addressCertificationSeq: certificationSeq,
      feeAccountSeq: body.fee_account_seq ?? null,
      feeType: body.fee_type ?? null,
      extra,
      requestId: String(c.get('requestId')),
    })
    .catch(withdrawalProblem);
  const outcome = await withHoldOutcome(context, recorded);
  return ledgerResponse(c, 201, withdrawalView(outcome.state), {
    position: outcome.position,
    replayed: false,
  });
}

export function withdrawRoutes(
  context: LedgerWriteContext,
  commands = withdrawalCommandsOf(context),
) {
  return new Hono()
    .post('/withdraw', validate('json', WithdrawRequestSchema), (c) =>
      requestWithdrawal(context, commands, c, c.req.valid('json')),
    )
    .post(
      '/withdraw/:withdrawalId/cancel',
      validate('param', WithdrawalParameterSchema),
      validate('json', CancelWithdrawRequestSchema),
      async (c) => {
        const memberSeq = principalOf(c).memberSeq;
        const { withdrawalId } = c.req.valid('param');
        const outcome = await commands
          .cancel(withdrawalId, memberSeq, String(c.get('requestId')))
          .catch(withdrawalProblem);
        return ledgerResponse(c, 200, withdrawalView(outcome.state), {
          position: outcome.position,
          replayed: false,
        });
      },
    );
}

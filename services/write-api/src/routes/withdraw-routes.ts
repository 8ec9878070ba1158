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
import {
  assetCatalogSource,
  certifiedAddressOf,
  createWithdrawalRunner,
  securityLimitsSource,
  type WithdrawalChain,
  WithdrawalProblem,
  type WithdrawalRunner,
} from '@ledger/withdrawal-processor';
import type { OpenWithdrawal } from '@ledger/withdrawals';
import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { acceptOtpCode } from '../credential-checks.ts';
import { loadMember } from '../member-command-runner.ts';
import { idempotencyKeyOf, ledgerResponse } from './ledger-submission.ts';
import type { LedgerWriteContext } from './ledger-write-context.ts';

/**
 * The member's withdrawals (issue #10; docs/adr/0014): POST /withdraw requests one (OTP step-up:
 * a member withdraws only with a registered OTP and a fresh code; only to one of the member's
 * certified, approved withdraw addresses of the asset, never to a typed one) and the ONE ledger command that
 * holds the amount (and fee) with the member's limits is taken at once; POST
 * /withdraw/:withdrawalId/cancel gives the holds back before it is sent. The withdrawal id derives
 * from the member and the Idempotency-Key, so a retry lands on the same withdrawal.
 */

/**
 * The runner of this process. Without `chain` it sends and reconciles on the chains of
 * @ledger/chain over the database every process shares (docs/adr/0014, addendum).
 */
export function withdrawalRunnerOf(
  context: LedgerWriteContext,
  chain?: WithdrawalChain,
): WithdrawalRunner {
  return createWithdrawalRunner({
    db: context.db,
    eventStore: context.identity.eventStore,
    ledger: context.client,
    chain,
    logger: context.logger,
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
 * The request's extra-form values, checked against the withdraw extra form of the account's asset
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

async function requestWithdrawal(
  context: LedgerWriteContext,
  runner: WithdrawalRunner,
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
  const outcome = await runner
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
  return ledgerResponse(c, 201, withdrawalView(outcome.state), {
    position: outcome.position,
    replayed: false,
  });
}

export function withdrawRoutes(context: LedgerWriteContext, runner = withdrawalRunnerOf(context)) {
  return new Hono()
    .post('/withdraw', validate('json', WithdrawRequestSchema), (c) =>
      requestWithdrawal(context, runner, c, c.req.valid('json')),
    )
    .post(
      '/withdraw/:withdrawalId/cancel',
      validate('param', WithdrawalParameterSchema),
      validate('json', CancelWithdrawRequestSchema),
      async (c) => {
        const memberSeq = principalOf(c).memberSeq;
        const { withdrawalId } = c.req.valid('param');
        const outcome = await runner
          .cancel(withdrawalId, memberSeq, String(c.get('requestId')))
          .catch(withdrawalProblem);
        return ledgerResponse(c, 200, withdrawalView(outcome.state), {
          position: outcome.position,
          replayed: false,
        });
      },
    );
}

import { principalOf } from '@ledger/auth';
import {
  AccountSeqParameterSchema,
  AccountTransferRequestSchema,
  ChangeAccountTitleRequestSchema,
  OpenAccountRequestSchema,
} from '@ledger/contracts';
import { ProblemError, validate } from '@ledger/http';
import { type AccountOpened, type Leg, systemAccountId, type TransferPosted } from '@ledger/ledger';
import {
  accountNumberOf,
  formatMinorUnits,
  memberIdOf,
  seqOfWalletAccountId,
  type WalletAccountFacts,
  walletAccountId,
} from '@ledger/ledger-projections';
import { type Context, Hono } from 'hono';
import { sql } from 'kysely';
import type { z } from 'zod';
import { refuseUnstorable } from '../command-handling.ts';
import { refuseInactiveAsset } from './asset-availability.ts';
import { changeTitle, recordOpeningTitle, titledEvent } from './ledger-account-profile.ts';
import {
  type Accepted,
  accountNotFound,
  amountAtScale,
  checkedAmount,
  clientBodyHash,
  derivedId,
  hashBodyText,
  idempotencyKeyFrom,
  idempotencyKeyOf,
  type LedgerRequest,
  ledgerRequestOf,
  ledgerResponse,
  submitRequest,
  submitToLedger,
} from './ledger-submission.ts';
import type { LedgerPolicy, LedgerWriteContext } from './ledger-write-context.ts';
import { refuseRestrictedAccountCreation } from './security-account-check.ts';

/**
 * The member's wallet commands (SPEC §2 Wallet): open an account (several per asset), change its
 * title, and move money between accounts: between the member's own, or to another member's
 * account by its number when the policy allows it (a fee may apply). Every object is loaded
 * scoped to the caller first: another member's account id is a 404 and nothing is written.
 */

export function ledgerAccountRoutes(context: LedgerWriteContext) {
  return new Hono()
    .post('/account', validate('json', OpenAccountRequestSchema), (c) =>
      openAccount(context, c, c.req.valid('json')),
    )
    .put(
      '/account/:seq',
      validate('param', AccountSeqParameterSchema),
      validate('json', ChangeAccountTitleRequestSchema),
      async (c) => {
        const memberSeq = principalOf(c).memberSeq;
        const account = await context.directory.bySeq(c.req.valid('param').seq);
        if (account === undefined || account.memberSeq !== memberSeq) throw accountNotFound();
        const { title } = c.req.valid('json');
        const position = await changeTitle(
          context,
          c,
          { accountSeq: account.seq, account: account.account, memberSeq, title },
          derivedId('title', `member:${memberSeq}`, String(c.get('requestId'))),
        );
        return ledgerResponse(c, 200, { seq: account.seq, title }, { position, replayed: false });
      },
    )
    .post('/account-transfer', validate('json', AccountTransferRequestSchema), async (c) => {
      const request = ledgerRequestOf(c, context);
      const { data, accepted } = await transferBetweenAccounts(
        context,
        request,
        c.req.valid('json'),
      );
      return ledgerResponse(c, 201, data, accepted);
    });
}

async function openAccount(
  context: LedgerWriteContext,
  c: Context,
  body: z.infer<typeof OpenAccountRequestSchema>,
): Promise<Response> {
  const key = idempotencyKeyOf(c, { required: true });
  const memberSeq = principalOf(c).memberSeq;
  const actor = `member:${memberSeq}`;
  const decimalPoint = await context.directory.assetScale(body.asset);
  if (decimalPoint === undefined) {
    throw new ProblemError({ status: 422, code: 'asset_unknown' });
  }
  await refuseInactiveAsset(context.db, body.asset);
  await refuseRestrictedAccountCreation(context.db, memberSeq, body.asset);
  await refuseAboveAccountLimit(context, { memberSeq, asset: body.asset, actor, key });
  const seq = await context.directory.nextSeq();
  // Two streams (the ledger's account, then its title): the title is checked before the first.
  const openingTitle = {
    accountSeq: seq,
    account: walletAccountId(seq),
    memberSeq,
    title: body.title,
  };
  refuseUnstorable([titledEvent(openingTitle, context.identity.now().toISOString())]);
  const accepted = await submitToLedger(context, c, {
    commandId: key,
    actor,
    command: {
      type: 'OpenAccount',
      data: {
        account: walletAccountId(seq),
        asset: body.asset,
        decimalPoint,
        kind: 'member',
        memberId: memberIdOf(memberSeq),
      },
    },
    bodyHash: clientBodyHash(c, body),
  });
  // On a replay the account is the one the first attempt opened, not the seq taken just now.
  const opened = accepted.answer.events[0]?.data as AccountOpened['data'];
  const openedSeq = seqOfWalletAccountId(opened.account);
  if (openedSeq === undefined) throw new Error('an opened wallet account without a seq');
  context.directory.remember({
    account: opened.account,
    seq: openedSeq,
    memberSeq,
    asset: opened.asset,
    decimalPoint: opened.decimalPoint,
  });
  const profile = { accountSeq: openedSeq, account: opened.account, memberSeq, title: body.title };
  // The title is appended after the ledger's event: answering its position makes `?after=` wait
  // for the title too (the account list shows it), not only for the account.
  const titlePosition = await recordOpeningTitle(context, c, profile, key);
  const zero = formatMinorUnits(0n, opened.decimalPoint);
  const data = {
    seq: openedSeq,
    member_seq: memberSeq,
    title: body.title,
    account_number: accountNumberOf(openedSeq),
    asset: opened.asset,
    decimal_point: opened.decimalPoint,
    balance: zero,
    holding_balance: zero,
    available_balance: zero,
    status: 'normal',
    regdate: opened.openedAt,
  };
  return ledgerResponse(c, 201, data, {
    position: titlePosition ?? accepted.position,
    replayed: accepted.replayed,
  });
}

/**
 * At most `accountsPerAssetMax` accounts per member and asset (counted on the read model, so a
 * burst may pass it by a few). A retry of an opening already done is never refused by it.
 */
async function refuseAboveAccountLimit(
  context: LedgerWriteContext,
  input: { memberSeq: number; asset: string; actor: string; key: string },
): Promise<void> {
  const { rows } = await sql<{ accounts: string; is_retry: boolean }>`SELECT
      (SELECT count(*) FROM ledger_accounts WHERE member_seq = ${input.memberSeq}
         AND asset = ${input.asset} AND kind = 'member')::text AS accounts,
      EXISTS (SELECT FROM ledger_command_outcomes WHERE actor = ${input.actor}
         AND command_id = ${input.key}) AS is_retry`.execute(context.db);
  const row = rows[0];
  if (row === undefined || row.is_retry) return;
  const { accountsPerAssetMax } = await context.policy.current({ fresh: true });
  if (Number(row.accounts) >= accountsPerAssetMax) {
    throw new ProblemError({
      status: 409,
      code: 'account_limit_reached',
      params: { accountsPerAssetMax },
    });
  }
}

/**
 * The target of a transfer (one of the caller's accounts by seq, or any account by number) and the
 * policy it is decided with. A refusal by the scope is checked again on the settings as they are
 * now (the copy may be up to a second old; refusals are rare, so this costs the hot path nothing).
 */
async function transferTarget(
  context: LedgerWriteContext,
  memberSeq: number,
  body: z.infer<typeof AccountTransferRequestSchema>,
): Promise<{ target: WalletAccountFacts; policy: LedgerPolicy }> {
  const policy = await context.policy.current();
  if (body.target_account_seq !== undefined) {
    const own = await context.directory.bySeq(body.target_account_seq);
    if (own === undefined || own.memberSeq !== memberSeq) throw accountNotFound();
    return { target: own, policy };
  }
  const target = await context.directory.byAccountNumber(body.target_account_number ?? '');
  if (target === undefined) throw accountNotFound();
  if (target.memberSeq === memberSeq || policy.memberTransferScope === 'any_member') {
    return { target, policy };
  }
  const now = await context.policy.current({ fresh: true });
  if (now.memberTransferScope !== 'any_member') {
    throw new ProblemError({
      status: 403,
      code: 'member_transfer_not_allowed',
    });
  }
  return { target, policy: now };
}

/**
 * POST /account-transfer, the core both paths call: the Hono route above and the direct route
 * (ledger-direct-routes.ts), which answers the same request without Hono's request objects.
 */
export async function transferBetweenAccounts(
  context: LedgerWriteContext,
  request: LedgerRequest,
  body: z.infer<typeof AccountTransferRequestSchema>,
): Promise<{ data: Record<string, unknown>; accepted: Accepted }> {
  const key = idempotencyKeyFrom(request.header('idempotency-key'), { required: true });
  const principal = request.principal;
  if (principal === undefined) throw new Error('a member route without a principal');
  const memberSeq = principal.memberSeq;
  const source = await context.directory.bySeq(body.source_account_seq);
  if (source === undefined || source.memberSeq !== memberSeq) throw accountNotFound();
  const { target, policy } = await transferTarget(context, memberSeq, body);
  if (target.account === source.account) {
    throw new ProblemError({ status: 422, code: 'same_account' });
  }
  if (target.asset !== source.asset) {
    throw new ProblemError({ status: 422, code: 'asset_mismatch' });
  }
  const amount = checkedAmount(body.amount, 'amount', { decimalPoint: source.decimalPoint });
  const isOwn = target.memberSeq === memberSeq;
  const legs = transferLegs(policy, source, target, amount, isOwn);
  const actor = `member:${memberSeq}`;
  const accepted = await submitRequest(context, request, {
    commandId: key,
    actor,
    command: {
      type: 'PostTransfer',
      data: {
        transferId: derivedId('transfer', actor, key),
        legs,
        cause: isOwn ? 'internalTransfer' : 'memberTransfer',
      },
    },
    bodyHash: hashBodyText(transferBodyText(request.method, request.path, body)),
  });
  // The answer, not this request, says what moved: identical on every replay.
  const posted = accepted.answer.events[0]?.data as TransferPosted['data'];
  const feeAccount = systemAccountId('feeRevenue', source.asset);
  const data = {
    transfer_id: posted.transferId,
    source_account_seq: source.seq,
    target_account_number: accountNumberOf(target.seq),
    asset: source.asset,
    amount: posted.legs[0]?.amount,
    fee:
      posted.legs.find((leg) => leg.credit === feeAccount)?.amount ??
      formatMinorUnits(0n, source.decimalPoint),
    posted_at: posted.postedAt,
  };
  return { data, accepted };
}

/**
 * `sortedJson({ method, path, body })` of a validated transfer body, written out (the hash input
 * of clientBodyHash, byte for byte: tested against sortedJson): the keys of a strict body are
 * known, so nothing is sorted or walked per request.
 */
export function transferBodyText(
  method: string,
  path: string,
  body: z.infer<typeof AccountTransferRequestSchema>,
): string {
  let text = `{"body":{"amount":${JSON.stringify(body.amount)},"source_account_seq":${JSON.stringify(body.source_account_seq)}`;
  if (body.target_account_number !== undefined) {
    text += `,"target_account_number":${JSON.stringify(body.target_account_number)}`;
  }
  if (body.target_account_seq !== undefined) {
    text += `,"target_account_seq":${JSON.stringify(body.target_account_seq)}`;
  }
  return `${text}},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)}}`;
}

function transferLegs(
  policy: LedgerPolicy,
  source: WalletAccountFacts,
  target: WalletAccountFacts,
  amount: string,
  isOwn: boolean,
): Leg[] {
  const legs: Leg[] = [
    { debit: source.account, credit: target.account, asset: source.asset, amount },
  ];
  const feeText = isOwn ? undefined : policy.memberTransferFee[source.asset];
  const fee = feeText === undefined ? undefined : amountAtScale(feeText, source.decimalPoint);
  if (fee !== undefined) {
    legs.push({
      debit: source.account,
      credit: systemAccountId('feeRevenue', source.asset),
      asset: source.asset,
      amount: fee,
    });
  }
  return legs;
}

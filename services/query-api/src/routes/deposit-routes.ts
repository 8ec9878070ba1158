import {
  type ChainDepositRecord,
  type DepositListQuery,
  type DepositRequestRecord,
  getDepositAddress,
  listAssets,
  listChainDeposits,
  listDepositRequests,
  readExtraFormValues,
} from '@ledger/assets-store';
import { principalOf } from '@ledger/auth';
import {
  AccountSeqParameterSchema,
  AfterQuerySchema,
  DepositListQuerySchema,
} from '@ledger/contracts';
import { ProblemError, validate } from '@ledger/http';
import { findAccount } from '@ledger/ledger-projections';
import { type Context, Hono } from 'hono';
import { sql } from 'kysely';
import type { z } from 'zod';
import { dateRangeOf, pageWindow, pagingOf } from '../list-queries.ts';
import type { AssetReadContext } from './asset-routes.ts';

/**
 * Deposits as members and administrators read them: the deposit address of an account, the
 * member's chain deposits (pending ones with their confirmations: visible, not spendable) and
 * deposit requests, and the administrator's deposit/list (chain deposits with filters, the
 * suspense ones to attribute or return) and deposit requests.
 */

type DepositReadContext = AssetReadContext & { now: () => Date };
type ListQuery = z.infer<typeof DepositListQuerySchema>;

function accountNotFound(): ProblemError {
  return new ProblemError({ status: 404, code: 'account_not_found' });
}

/** What the scanner has seen per chain, and each asset's threshold: for confirmations. */
async function confirmationFacts(context: DepositReadContext) {
  const { rows } = await sql<{ plugin_id: string; height: string }>`SELECT plugin_id,
    height::text FROM chain_scan_cursors`.execute(context.db);
  const { assets } = await listAssets(context.db);
  return {
    scanned: new Map(rows.map((row) => [row.plugin_id, Number(row.height)])),
    required: new Map(assets.map((asset) => [asset.code, asset.confirmationsRequired])),
  };
}

function depositView(
  deposit: ChainDepositRecord,
  facts: Awaited<ReturnType<typeof confirmationFacts>>,
) {
  const scanned = facts.scanned.get(deposit.chain);
  const live =
    scanned === undefined || deposit.status === 'orphaned'
      ? 0
      : Math.max(0, scanned - deposit.blockHeight + 1);
  return {
    deposit_id: deposit.depositId,
    chain: deposit.chain,
    asset: deposit.asset,
    txid: deposit.txid,
    output: deposit.output,
    address: deposit.address,
    memo: deposit.memo,
    amount: deposit.amount,
    block_height: deposit.blockHeight,
    status: deposit.status,
    destination: deposit.destination,
    suspense_reason: deposit.suspenseReason,
    suspense_status: deposit.suspenseStatus,
    account_seq: deposit.accountSeq,
    member_seq: deposit.memberSeq,
    resolved_account_seq: deposit.resolvedAccountSeq,
    confirmations: deposit.status === 'credited' ? (deposit.confirmations ?? live) : live,
    confirmations_required: facts.required.get(deposit.asset) ?? 350,
    reorged_after_credit: deposit.reorgedAfterCredit,
    detected_at: deposit.detectedAt,
    credited_at: deposit.creditedAt,
  };
}

function requestView(request: DepositRequestRecord) {
  return {
    request_id: request.requestId,
    seq: request.seq,
    account_seq: request.accountSeq,
    member_seq: request.memberSeq,
    asset: request.asset,
    request_amount: request.requestAmount,
    status: request.status,
    regdate: request.requestedAt,
    decided_by: request.decidedBy,
    decided_at: request.decidedAt,
    reason: request.reason,
    credited_at: request.creditedAt,
  };
}

function listQueryOf(
  context: DepositReadContext,
  query: ListQuery,
  memberSeq: number | undefined,
): DepositListQuery {
  const range = dateRangeOf(query, context.now());
  return {
    memberSeq: memberSeq ?? query.member_seq,
    accountSeq: query.account_seq,
    asset: query.asset,
    status: query.status,
    suspense: query.suspense,
    from: range.from,
    to: range.to,
    order: query.order,
    ...pageWindow(query),
  };
}

async function chainDeposits(
  context: DepositReadContext,
  c: Context,
  query: ListQuery,
  memberSeq: number | undefined,
) {
  const [{ deposits, total }, facts] = await Promise.all([
    listChainDeposits(context.db, listQueryOf(context, query, memberSeq)),
    confirmationFacts(context),
  ]);
  return c.json({
    data: deposits.map((deposit) => depositView(deposit, facts)),
    paging: pagingOf(query, total),
  });
}

async function depositRequests(
  context: DepositReadContext,
  c: Context,
  query: ListQuery,
  memberSeq: number | undefined,
) {
  const { requests, total } = await listDepositRequests(
    context.db,
    listQueryOf(context, query, memberSeq),
  );
  // The extra-form values are personal data, kept apart from the events; joined at read time.
  const extra = await readExtraFormValues(
    context.db,
    'deposit_request',
    requests.map((request) => request.requestId),
  );
  return c.json({
    data: requests.map((request) => ({
      ...requestView(request),
      extra: extra.get(request.requestId) ?? null,
    })),
    paging: pagingOf(query, total),
  });
}

export function depositReadRoutes(context: DepositReadContext) {
  const { waitForAssets } = context;
  const list = validate('query', DepositListQuerySchema);
  return new Hono()
    .get(
      '/account/:seq/deposit-address',
      waitForAssets,
      validate('param', AccountSeqParameterSchema),
      validate('query', AfterQuerySchema),
      async (c) => {
        const { seq } = c.req.valid('param');
        const account = await findAccount(context.db, seq, principalOf(c).memberSeq);
        if (account === undefined) throw accountNotFound();
        const address = await getDepositAddress(context.db, seq);
        return c.json({
          data:
            address === undefined
              ? null
              : {
                  account_seq: address.accountSeq,
                  asset: address.asset,
                  kind: address.kind,
                  chain: address.chain,
                  address: address.address,
                  memo: address.memo,
                  assigned_at: address.assignedAt,
                },
        });
      },
    )
    .get('/deposit', waitForAssets, list, (c) =>
      chainDeposits(context, c, c.req.valid('query'), principalOf(c).memberSeq),
    )
    .get('/deposit-request', waitForAssets, list, (c) =>
      depositRequests(context, c, c.req.valid('query'), principalOf(c).memberSeq),
    )
    .get('/admin/deposit', waitForAssets, list, (c) =>
      chainDeposits(context, c, c.req.valid('query'), undefined),
    )
    .get('/admin/deposit-request', waitForAssets, list, (c) =>
      depositRequests(context, c, c.req.valid('query'), undefined),
    );
}

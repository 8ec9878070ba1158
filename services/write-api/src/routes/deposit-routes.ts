import {
  type DepositAddressAssigned,
  type DepositAddressKind,
  decideDepositAddress,
  depositAddressStream,
  depositOnlyAddressOf,
  depositRequestStream,
  evolveDepositAddress,
  evolveDepositRequest,
  initialDepositAddressState,
  initialDepositRequestState,
  memoIdOf,
} from '@ledger/assets';
import {
  type Asset,
  DepositLedgerRejectedError,
  DepositStepConflictError,
  DepositStepRejectedError,
  decideAndAppend,
  depositRequestApproveAllScope,
  depositRequestIdsIn,
  finishDepositRequestCredit,
  getAsset,
  getAssetPlugin,
  getChainDeposit,
  insertExtraFormValues,
  LedgerNotAnsweredError,
  loadAggregate,
  resolveSuspenseDeposit,
  runDepositRequestCommand,
} from '@ledger/assets-store';
import { principalOf } from '@ledger/auth';
import { createSimulatedChain } from '@ledger/chain';
import {
  AccountSeqParameterSchema,
  ApproveAllDepositRequestsSchema,
  ApproveAllQuerySchema,
  ApproveDepositRequestSchema,
  AttributeDepositRequestSchema,
  CreateDepositAddressRequestSchema,
  CreateDepositRequestSchema,
  DepositParameterSchema,
  DepositRequestParameterSchema,
  extraFormCheck,
  RejectDepositRequestSchema,
  ReturnDepositRequestSchema,
} from '@ledger/contracts';
import type { GlobalPosition } from '@ledger/event-store';
import { ProblemError, validate } from '@ledger/http';
import { depositRequestMaxDefault } from '@ledger/identity';
import type { LedgerRejection } from '@ledger/ledger';
import { minorUnitsOf } from '@ledger/ledger-projections';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { derivedEventId, refuseUnstorable } from '../command-handling.ts';
import { commandContext } from '../request-context.ts';
import { approveAllPreview } from './approve-all-preview.ts';
import { assetInactive } from './asset-availability.ts';
import {
  accountNotFound,
  checkedAmount,
  idempotencyKeyOf,
  ledgerRejectionProblem,
} from './ledger-submission.ts';
import type { LedgerWriteContext } from './ledger-write-context.ts';

/**
 * Deposits (SPEC Wallet: deposit address with memo ID, deposit-only address; admin deposit/list):
 * a member creates the deposit address of one of its accounts (and its memo ID where the asset
 * needs one), requests a manually confirmed deposit (an asset without a chain plug-in, e.g. a KRW
 * bank transfer); an administrator approves or rejects requests, singly or all at once, and
 * attributes or returns chain deposits held in the suspense account. Chain deposits themselves are
 * credited by the scanner only. Every money step is one ledger command with an id derived from the
 * request or deposit (@ledger/assets-store deposit-processes.ts).
 */

const stepProblems: Record<string, () => ProblemError> = {
  DepositNotFound: () => new ProblemError({ status: 404, code: 'deposit_not_found' }),
  DepositNotInSuspense: () =>
    new ProblemError({
      status: 409,
      code: 'deposit_not_in_suspense',
    }),
  SuspenseAlreadyResolved: () =>
    new ProblemError({
      status: 409,
      code: 'deposit_suspense_resolved',
    }),
  DepositRequestNotFound: () =>
    new ProblemError({
      status: 404,
      code: 'deposit_request_not_found',
    }),
  DepositRequestIdTaken: () =>
    new ProblemError({
      status: 409,
      code: 'idempotency_key_reused',
    }),
  DepositRequestAlreadyDecided: () =>
    new ProblemError({
      status: 409,
      code: 'deposit_request_decided',
    }),
  ReasonInvalid: () => new ProblemError({ status: 422, code: 'reason_invalid' }),
};

/** Every failure of a deposit step as the problem the client gets. */
function asProblem(error: unknown): unknown {
  if (error instanceof DepositStepRejectedError) {
    return (stepProblems[error.rejection.type] ?? stepProblems.DepositNotFound)?.();
  }
  if (error instanceof DepositLedgerRejectedError) {
    return ledgerRejectionProblem(error.rejection as unknown as LedgerRejection);
  }
  if (error instanceof DepositStepConflictError) {
    return new ProblemError({
      status: 409,
      code: 'conflict',
      message: 'conflict.deposit_resolution_submitted',
    });
  }
  if (error instanceof LedgerNotAnsweredError) {
    return new ProblemError({
      status: 503,
      code: 'ledger_unavailable',
      message: 'ledger_unavailable.recorded',
      headers: { 'retry-after': '1' },
    });
  }
  return error;
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asProblem(error);
  }
}

function assetNotFound(): ProblemError {
  return new ProblemError({ status: 404, code: 'asset_not_found' });
}

/** Deposits need an active asset that allows them, not frozen. */
function assertDepositsOpen(asset: Asset): void {
  if (!asset.isActive) throw assetInactive();
  if (asset.isFrozen) {
    throw new ProblemError({
      status: 409,
      code: 'asset_frozen',
    });
  }
  if (!asset.allowDeposit) {
    throw new ProblemError({
      status: 409,
      code: 'asset_deposits_not_allowed',
    });
  }
}

function metaOf(context: LedgerWriteContext, c: Context, subjectMemberSeq: number | null = null) {
  const { commandId, requestId, actor } = commandContext(c, context.identity, subjectMemberSeq);
  return { commandId, requestId, actor };
}

function stepDependencies(context: LedgerWriteContext) {
  return {
    eventStore: context.identity.eventStore,
    ledger: context.client,
    now: context.identity.now,
  };
}

export function depositAddressView(assignment: DepositAddressAssigned['data']) {
  return {
    account_seq: assignment.accountSeq,
    asset: assignment.asset,
    kind: assignment.kind,
    chain: assignment.chain,
    address: assignment.address,
    memo: assignment.memo,
    assigned_at: assignment.assignedAt,
  };
}

/** The caller's own account; another member's is a 404 before anything else (BOLA). */
function ownAccount(context: LedgerWriteContext): MiddlewareHandler {
  return async (c, next) => {
    const seq = Number(c.req.param('seq'));
    const account = Number.isSafeInteger(seq) ? await context.directory.bySeq(seq) : undefined;
    if (account === undefined || account.memberSeq !== principalOf(c).memberSeq) {
      throw accountNotFound();
    }
    return next();
  };
}

async function createDepositAddress(context: LedgerWriteContext, c: Context, seq: number) {
  const account = await context.directory.bySeq(seq);
  if (account === undefined) throw accountNotFound();
  const asset = await getAsset(context.db, account.asset);
  if (asset === undefined) throw assetNotFound();
  if (!asset.isActive) throw assetInactive();
  const plugin =
    asset.pluginId === null ? undefined : await getAssetPlugin(context.db, asset.pluginId);
  let kind: DepositAddressKind = 'deposit_only';
  let address = depositOnlyAddressOf(asset.code, seq);
  let memo: string | null = null;
  if (plugin !== undefined) {
    const chain = createSimulatedChain(context.db, plugin.pluginId);
    kind = asset.memoRequired ? 'chain_memo' : 'chain';
    // Issued: the address becomes one of the wallet's, whose holdings T25 reconciles against.
    address = asset.memoRequired
      ? await chain.issueSharedDepositAddress()
      : await chain.issueDepositAddress(seq);
    memo = asset.memoRequired ? memoIdOf(seq) : null;
  }
  const assignment: DepositAddressAssigned['data'] = {
    accountSeq: seq,
    account: account.account,
    memberSeq: account.memberSeq,
    asset: asset.code,
    kind,
    chain: plugin?.pluginId ?? null,
    address,
    memo,
    assignedAt: context.identity.now().toISOString(),
  };
  const outcome = await decideAndAppend(
    context.identity.eventStore,
    depositAddressStream(seq),
    { initial: initialDepositAddressState, evolve: evolveDepositAddress },
    (state) => decideDepositAddress({ type: 'AssignDepositAddress', assignment }, state),
    metaOf(context, c, account.memberSeq),
  );
  if (outcome.kind === 'rejected' || outcome.state.status !== 'assigned') {
    throw new Error('a deposit address assignment never rejects');
  }
  return c.json(
    { data: depositAddressView(outcome.state.assignment), position: outcome.position },
    outcome.events.length > 0 ? 201 : 200,
  );
}

async function requestDeposit(
  context: LedgerWriteContext,
  c: Context,
  body: z.infer<typeof CreateDepositRequestSchema>,
) {
  const key = idempotencyKeyOf(c, { required: true });
  const memberSeq = principalOf(c).memberSeq;
  const account = await context.directory.bySeq(body.account_seq);
  if (account === undefined || account.memberSeq !== memberSeq) throw accountNotFound();
  const asset = await getAsset(context.db, account.asset);
  if (asset === undefined) throw assetNotFound();
  if (asset.pluginId !== null) {
    throw new ProblemError({
      status: 422,
      code: 'deposit_request_not_manual',
    });
  }
  assertDepositsOpen(asset);
  const policy = await context.policy.current({ fresh: true });
  const amount = checkedAmount(body.request_amount, 'request_amount', {
    decimalPoint: account.decimalPoint,
    maximum: policy.depositRequestMax[account.asset] ?? depositRequestMaxDefault,
  });
  if (
    minorUnitsOf(amount, account.decimalPoint) <
    minorUnitsOf(asset.minimumDeposit, asset.decimalPoint)
  ) {
    throw new ProblemError({
      status: 422,
      code: 'amount_below_minimum',
      params: { minimumDeposit: asset.minimumDeposit },
    });
  }
  const extra = extraFormCheck(asset.depositExtraForm, body.extra ?? {});
  if ('problem' in extra) {
    throw new ProblemError({
      status: 422,
      code: 'extra_form_invalid',
      params: { field: extra.field },
    });
  }
  const requestId = derivedEventId(`member:${memberSeq}\u0000${key}`, 'deposit-request', 0);
  // The extra-form values may be personal data: stored apart before the first event, never in it.
  await insertExtraFormValues(context.db, {
    kind: 'deposit_request',
    requestId,
    memberSeq,
    asset: asset.code,
    values: extra.values,
  });
  const request = {
    requestId,
    account: account.account,
    accountSeq: account.seq,
    memberSeq,
    asset: asset.code,
    requestAmount: amount,
    requestedAt: context.identity.now().toISOString(),
  };
  const { state, position } = await guarded(() =>
    runDepositRequestCommand(
      context.identity.eventStore,
      requestId,
      () => ({ type: 'RequestDeposit', request }),
      metaOf(context, c, memberSeq),
    ),
  );
  if (position === null) c.header('idempotent-replayed', 'true');
  return c.json(
    {
      data: {
        request_id: requestId,
        account_seq: account.seq,
        asset: asset.code,
        request_amount: amount,
        status: state.status,
      },
      position,
    },
    201,
  );
}

/** Approves one request (if it still waits) and credits it; the credit is once per request. */
async function approveAndCredit(
  context: LedgerWriteContext,
  c: Context,
  requestId: string,
): Promise<{ status: string; position: GlobalPosition | null }> {
  const approvedBy = principalOf(c).memberSeq;
  const { state: current } = await loadAggregate(
    context.identity.eventStore,
    depositRequestStream(requestId),
    { initial: initialDepositRequestState, evolve: evolveDepositRequest },
  );
  if (current.status === 'requested') {
    // No money moves while the asset is frozen: the request keeps waiting.
    const asset = await getAsset(context.db, current.request.asset);
    if (asset?.isFrozen === true) assertDepositsOpen(asset);
  }
  return guarded(async () => {
    const approved = await runDepositRequestCommand(
      context.identity.eventStore,
      requestId,
      () => ({
        type: 'ApproveDepositRequest',
        requestId,
        approvedBy,
        now: context.identity.now().toISOString(),
      }),
      metaOf(context, c),
    );
    const credited = await finishDepositRequestCredit(stepDependencies(context), requestId, {
      requestId: metaOf(context, c).requestId,
    });
    return { status: credited.state.status, position: credited.position ?? approved.position };
  });
}

export function depositRoutes(context: LedgerWriteContext) {
  return new Hono()
    .post(
      '/account/:seq/deposit-address',
      ownAccount(context),
      validate('param', AccountSeqParameterSchema),
      validate('json', CreateDepositAddressRequestSchema),
      (c) => createDepositAddress(context, c, c.req.valid('param').seq),
    )
    .post('/deposit-request', validate('json', CreateDepositRequestSchema), (c) =>
      requestDeposit(context, c, c.req.valid('json')),
    )
    .post(
      '/admin/deposit-request/approve-all',
      validate('query', ApproveAllQuerySchema),
      validate('json', ApproveAllDepositRequestsSchema),
      async (c) => {
        const { asset } = c.req.valid('json');
        if (c.req.valid('query').dry_run === true) {
          const perAsset = await depositRequestApproveAllScope(context.db, { asset });
          return c.json({ data: approveAllPreview(asset ?? null, perAsset) }, 200);
        }
        // Waiting ones are approved and credited; approved ones a crash left are credited.
        const ids = [
          ...(await depositRequestIdsIn(context.db, 'requested', { asset })),
          ...(await depositRequestIdsIn(context.db, 'approved', { asset })),
        ];
        let credited = 0;
        let position: GlobalPosition | null = null;
        for (const requestId of ids) {
          const result = await approveAndCredit(context, c, requestId).catch((error: unknown) => {
            if (error instanceof ProblemError && error.problem.status === 409) return undefined;
            throw error;
          });
          if (result?.position !== null && result?.position !== undefined) {
            position = result.position;
            if (result.status === 'credited') credited += 1;
          }
        }
        // The scope it acted on, stated: how many requests and which asset (null: every asset).
        return c.json(
          { data: { asset: asset ?? null, considered: ids.length, credited }, position },
          200,
        );
      },
    )
    .post(
      '/admin/deposit-request/:requestId/approve',
      validate('param', DepositRequestParameterSchema),
      validate('json', ApproveDepositRequestSchema),
      async (c) => {
        const { requestId } = c.req.valid('param');
        const { status, position } = await approveAndCredit(context, c, requestId);
        return c.json({ data: { request_id: requestId, status }, position }, 200);
      },
    )
    .post(
      '/admin/deposit-request/:requestId/reject',
      validate('param', DepositRequestParameterSchema),
      validate('json', RejectDepositRequestSchema),
      async (c) => {
        const { requestId } = c.req.valid('param');
        const { reason } = c.req.valid('json');
        const rejectedBy = principalOf(c).memberSeq;
        const { state, position } = await guarded(() =>
          runDepositRequestCommand(
            context.identity.eventStore,
            requestId,
            () => ({
              type: 'RejectDepositRequest',
              requestId,
              rejectedBy,
              reason,
              now: context.identity.now().toISOString(),
            }),
            metaOf(context, c),
          ),
        );
        return c.json({ data: { request_id: requestId, status: state.status }, position }, 200);
      },
    )
    .post(
      '/admin/deposit/:depositId/attribute',
      validate('param', DepositParameterSchema),
      validate('json', AttributeDepositRequestSchema),
      async (c) => {
        const { depositId } = c.req.valid('param');
        const target = await context.directory.bySeq(c.req.valid('json').account_seq);
        if (target === undefined) throw accountNotFound();
        const deposit = await getChainDeposit(context.db, depositId);
        if (deposit !== undefined && deposit.asset !== target.asset) {
          throw new ProblemError({
            status: 422,
            code: 'deposit_asset_mismatch',
          });
        }
        const { state, position } = await guarded(() =>
          resolveSuspenseDeposit(
            stepDependencies(context),
            depositId,
            {
              kind: 'attribute',
              target: {
                account: target.account,
                accountSeq: target.seq,
                memberSeq: target.memberSeq,
                asset: target.asset,
              },
            },
            { ...metaOf(context, c, target.memberSeq), actor: metaOf(context, c).actor },
          ),
        );
        if (state.status !== 'none' && state.detection.asset !== target.asset) {
          throw new Error('attributed across assets');
        }
        return c.json(
          { data: { deposit_id: depositId, suspense_status: suspenseOf(state) }, position },
          200,
        );
      },
    )
    .post(
      '/admin/deposit/:depositId/return',
      validate('param', DepositParameterSchema),
      validate('json', ReturnDepositRequestSchema),
      async (c) => {
        const { depositId } = c.req.valid('param');
        const { reason } = c.req.valid('json');
        // Two streams (the ledger's return, then its record with the reason): checked first.
        refuseUnstorable([{ type: 'ChainDepositReturned', data: { depositId, reason } }]);
        const { state, position } = await guarded(() =>
          resolveSuspenseDeposit(
            stepDependencies(context),
            depositId,
            { kind: 'return', reason },
            metaOf(context, c),
          ),
        );
        return c.json(
          { data: { deposit_id: depositId, suspense_status: suspenseOf(state) }, position },
          200,
        );
      },
    );
}

function suspenseOf(state: { status: string; suspense?: string | null }): string | null {
  return state.status === 'none' ? null : (state.suspense ?? null);
}

import {
  AccountParameterSchema,
  AccountTransferListQuerySchema,
  AdjustmentListQuerySchema,
  AdjustmentParameterSchema,
  AdminAccountListQuerySchema,
  AfterQuerySchema,
  BalanceAtQuerySchema,
  BalanceLogQuerySchema,
  LedgerActivityQuerySchema,
  MemberAccountListQuerySchema,
  MemberParameterSchema,
  ReconciliationQuerySchema,
  type ReconciliationRun,
} from '@ledger/contracts';
import { ProblemError, validate } from '@ledger/http';
import {
  findAccount,
  findAdjustment,
  latestReconciliationRun,
  listAccounts,
  listAccountTransfers,
  listAdjustments,
  listAdminActivity,
  listOpenHolds,
  readBooks,
} from '@ledger/ledger-projections';
import { Hono } from 'hono';
import type { z } from 'zod';
import { dateRangeOf, pageWindow, pagingOf } from '../list-queries.ts';
import {
  accountNotFound,
  balanceAtResponse,
  balanceLogResponse,
  type LedgerReadContext,
} from './ledger-account-routes.ts';

/**
 * The administrator's ledger screens (SPEC §2): account/list, the member view's account tab,
 * account/{seq}/view and /balance-log, the balance at an instant, account-transfer/list (the legs
 * of transfers members made between wallet accounts), the per-asset books (every system account, sum = 0,
 * and whether a ledger projection stopped), forced adjustments, and the administrators' ledger
 * activity; the newest run of the continuous reconciliation (T25, docs/adr/0020).
 */

export function ledgerAdminRoutes(context: LedgerReadContext) {
  const { db, waitForLedger } = context;
  const account = validate('param', AccountParameterSchema);
  const anyAccount = async (seq: number) =>
    (await findAccount(db, seq)) ?? Promise.reject(accountNotFound());
  /** One page of the account list (every member's, or one member's for the member view's tab). */
  const accountPage = async (
    query: z.infer<typeof MemberAccountListQuerySchema>,
    memberSeq: number | undefined,
  ) => {
    const range = dateRangeOf(query, context.now());
    const { rows, total } = await listAccounts(
      db,
      {
        memberSeq,
        asset: query.asset,
        status: query.status,
        search: query.search,
        openedFrom: range.from,
        openedTo: range.to,
      },
      { key: query.sort, order: query.order },
      pageWindow(query),
    );
    return { data: rows, paging: pagingOf(query, total) };
  };
  return new Hono()
    .get(
      '/admin/account',
      waitForLedger,
      validate('query', AdminAccountListQuerySchema),
      async (c) => {
        const query = c.req.valid('query');
        return c.json(await accountPage(query, query.member_seq));
      },
    )
    .get(
      '/admin/member/:seq/account',
      waitForLedger,
      validate('param', MemberParameterSchema),
      validate('query', MemberAccountListQuerySchema),
      async (c) => c.json(await accountPage(c.req.valid('query'), c.req.valid('param').seq)),
    )
    .get(
      '/admin/account/:seq',
      waitForLedger,
      account,
      validate('query', AfterQuerySchema),
      async (c) => {
        const view = await anyAccount(c.req.valid('param').seq);
        c.header('cache-control', 'no-store');
        return c.json({ data: { ...view, holds: await listOpenHolds(db, view) } });
      },
    )
    .get(
      '/admin/account/:seq/balance-log',
      waitForLedger,
      account,
      validate('query', BalanceLogQuerySchema),
      async (c) => {
        const view = await anyAccount(c.req.valid('param').seq);
        return balanceLogResponse(c, context, view, c.req.valid('query'), 'admin');
      },
    )
    .get(
      '/admin/account/:seq/balance',
      waitForLedger,
      account,
      validate('query', BalanceAtQuerySchema),
      async (c) => {
        const view = await anyAccount(c.req.valid('param').seq);
        return balanceAtResponse(c, context, view, c.req.valid('query').at);
      },
    )
    .get(
      '/admin/account-transfer',
      waitForLedger,
      validate('query', AccountTransferListQuerySchema),
      async (c) => {
        const query = c.req.valid('query');
        const { rows, total } = await listAccountTransfers(
          db,
          { asset: query.asset, ...dateRangeOf(query, context.now()) },
          { ...pageWindow(query), order: query.order },
        );
        return c.json({ data: rows, paging: pagingOf(query, total) });
      },
    )
    .get('/admin/book', waitForLedger, validate('query', AfterQuerySchema), async (c) => {
      const { books, projections } = await readBooks(db);
      c.header('cache-control', 'no-store');
      return c.json({ data: books, projections });
    })
    .get(
      '/admin/adjustment',
      waitForLedger,
      validate('query', AdjustmentListQuerySchema),
      async (c) => {
        const query = c.req.valid('query');
        const { rows, total } = await listAdjustments(
          db,
          { status: query.status, accountSeq: query.account_seq },
          { ...pageWindow(query), order: query.order },
        );
        return c.json({ data: rows, paging: pagingOf(query, total) });
      },
    )
    .get(
      '/admin/adjustment/:adjustmentId',
      waitForLedger,
      validate('param', AdjustmentParameterSchema),
      validate('query', AfterQuerySchema),
      async (c) => {
        const adjustment = await findAdjustment(db, c.req.valid('param').adjustmentId);
        if (adjustment === undefined) {
          throw new ProblemError({
            status: 404,
            code: 'adjustment_not_found',
          });
        }
        return c.json({ data: adjustment });
      },
    )
    .get(
      '/admin/ledger-reconciliation',
      validate('query', ReconciliationQuerySchema),
      async (c) => {
        // A run is stored by the projector's job, not projected from the log: nothing to wait for.
        const run = await latestReconciliationRun(db, { status: c.req.valid('query').status });
        if (run === undefined) {
          throw new ProblemError({
            status: 404,
            code: 'reconciliation_not_run',
          });
        }
        c.header('cache-control', 'no-store');
        return c.json({ data: run satisfies ReconciliationRun });
      },
    )
    .get(
      '/admin/ledger-activity',
      waitForLedger,
      validate('query', LedgerActivityQuerySchema),
      async (c) => {
        const query = c.req.valid('query');
        const { rows, total } = await listAdminActivity(
          db,
          { accountSeq: query.account_seq },
          pageWindow(query),
        );
        return c.json({ data: rows, paging: pagingOf(query, total) });
      },
    );
}

import { principalOf } from '@ledger/auth';
import {
  AccountListQuerySchema,
  AccountParameterSchema,
  AfterQuerySchema,
  BalanceAtQuerySchema,
  BalanceLogQuerySchema,
} from '@ledger/contracts';
import type { Db } from '@ledger/db';
import { ProblemError, validate } from '@ledger/http';
import {
  type AdminAccountView,
  balanceAt,
  findAccount,
  listAccounts,
  memberAssetSummary,
  memberBalanceLogEntry,
  readBalanceLog,
} from '@ledger/ledger-projections';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { dateRangeOf, pageWindow, pagingOf } from '../list-queries.ts';

/**
 * The member's wallet reads (SPEC §2 Wallet): its accounts and per-asset totals, one account, its
 * balance-change log (paged, date filters with the SPEC §9 shortcuts) and its balance at any
 * instant. Every account is loaded scoped to the caller: another member's seq is a 404.
 */

export function accountNotFound(): ProblemError {
  return new ProblemError({ status: 404, code: 'account_not_found' });
}

/** What a member sees of its account (the administrator's view adds the ledger id and reasons). */
function memberAccountOf(view: AdminAccountView) {
  const {
    account: _account,
    status_reason: _reason,
    status_noted_at: _at,
    status_noted_by: _by,
    ...visible
  } = view;
  return visible;
}

export type LedgerReadContext = { db: Db; now: () => Date; waitForLedger: MiddlewareHandler };

/** The balance-log page of an account, as its owner or an administrator sees it. */
export async function balanceLogResponse(
  c: Context,
  context: LedgerReadContext,
  account: AdminAccountView,
  query: z.infer<typeof BalanceLogQuerySchema>,
  view: 'member' | 'admin',
): Promise<Response> {
  const range = dateRangeOf(query, context.now());
  const { rows, total } = await readBalanceLog(context.db, {
    account: account.account,
    from: range.from,
    to: range.to,
    order: query.order,
    ...pageWindow(query),
  });
  c.header('cache-control', 'no-store');
  return c.json({
    data: view === 'member' ? rows.map(memberBalanceLogEntry) : rows,
    paging: pagingOf(query, total),
  });
}

export async function balanceAtResponse(
  c: Context,
  context: LedgerReadContext,
  account: AdminAccountView,
  at: string | undefined,
): Promise<Response> {
  const instant = at === undefined ? undefined : new Date(at);
  const balance = await balanceAt(context.db, account, instant, context.now);
  c.header('cache-control', 'no-store');
  return c.json({ data: { seq: account.seq, asset: account.asset, ...balance } });
}

export function ledgerAccountRoutes(context: LedgerReadContext) {
  const { db, waitForLedger } = context;
  const account = validate('param', AccountParameterSchema);
  const owned = async (c: Context, seq: number) =>
    (await findAccount(db, seq, principalOf(c).memberSeq)) ?? Promise.reject(accountNotFound());
  return new Hono()
    .get('/account', waitForLedger, validate('query', AccountListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const range = dateRangeOf(query, context.now());
      const { rows, total } = await listAccounts(
        db,
        {
          memberSeq: principalOf(c).memberSeq,
          asset: query.asset,
          search: query.search,
          openedFrom: range.from,
          openedTo: range.to,
        },
        { key: query.sort, order: query.order },
        pageWindow(query),
      );
      c.header('cache-control', 'no-store');
      return c.json({ data: rows.map(memberAccountOf), paging: pagingOf(query, total) });
    })
    .get('/account-asset', waitForLedger, validate('query', AfterQuerySchema), async (c) => {
      c.header('cache-control', 'no-store');
      return c.json({ data: await memberAssetSummary(db, principalOf(c).memberSeq) });
    })
    .get(
      '/account/:seq',
      waitForLedger,
      account,
      validate('query', AfterQuerySchema),
      async (c) => {
        const view = await owned(c, c.req.valid('param').seq);
        c.header('cache-control', 'no-store');
        return c.json({ data: memberAccountOf(view) });
      },
    )
    .get(
      '/account/:seq/balance-log',
      waitForLedger,
      account,
      validate('query', BalanceLogQuerySchema),
      async (c) => {
        const view = await owned(c, c.req.valid('param').seq);
        return balanceLogResponse(c, context, view, c.req.valid('query'), 'member');
      },
    )
    .get(
      '/account/:seq/balance',
      waitForLedger,
      account,
      validate('query', BalanceAtQuerySchema),
      async (c) => {
        const view = await owned(c, c.req.valid('param').seq);
        return balanceAtResponse(c, context, view, c.req.valid('query').at);
      },
    );
}

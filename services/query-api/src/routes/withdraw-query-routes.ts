import { readExtraFormValues } from '@ledger/assets-store';
import { principalOf } from '@ledger/auth';
import {
  AdminWithdrawListQuerySchema,
  AfterQuerySchema,
  WithdrawalParameterSchema,
  WithdrawListQuerySchema,
  WithdrawTransferListQuerySchema,
} from '@ledger/contracts';
import type { Db } from '@ledger/db';
import { ProblemError, validate } from '@ledger/http';
import {
  findWithdrawal,
  listWithdrawals,
  listWithdrawPolicies,
  listWithdrawTransfers,
} from '@ledger/withdrawals-store';
import { Hono, type MiddlewareHandler } from 'hono';
import { dateRangeOf, pageWindow, pagingOf } from '../list-queries.ts';

/**
 * Withdrawal reads: the member's request history and inquiry (own withdrawals only:
 * another member's id is a 404), and the administrators' withdraw/list, withdraw-transfer/list
 * and withdraw/policy. `?after=` waits for the withdrawals projection (and
 * the ledger's, for balances shown beside them).
 */

const notFound = () => new ProblemError({ status: 404, code: 'withdrawal_not_found' });

/** Joins each withdrawal's extra-form values (personal data kept apart from events), or null. */
async function withExtra<Row extends { withdrawal_id: string }>(
  db: Db,
  rows: readonly Row[],
): Promise<(Row & { extra: Record<string, string> | null })[]> {
  const extra = await readExtraFormValues(
    db,
    'withdrawal',
    rows.map((row) => row.withdrawal_id),
  );
  return rows.map((row) => ({ ...row, extra: extra.get(row.withdrawal_id) ?? null }));
}

export function withdrawQueryRoutes(context: {
  db: Db;
  now: () => Date;
  waitForWithdrawals: MiddlewareHandler;
}) {
  const { db, waitForWithdrawals: wait } = context;
  const withdrawal = validate('param', WithdrawalParameterSchema);
  return new Hono()
    .get('/withdraw', wait, validate('query', WithdrawListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const range = dateRangeOf(query, context.now());
      const { rows, total } = await listWithdrawals(
        db,
        { memberSeq: principalOf(c).memberSeq, status: query.status, asset: query.asset, ...range },
        { ...pageWindow(query), order: query.order },
      );
      // The member's own history: the holder name and extra values are theirs to see.
      return c.json({ data: await withExtra(db, rows), paging: pagingOf(query, total) });
    })
    .get(
      '/withdraw/:withdrawalId',
      wait,
      withdrawal,
      validate('query', AfterQuerySchema),
      async (c) => {
        const found = await findWithdrawal(
          db,
          c.req.valid('param').withdrawalId,
          principalOf(c).memberSeq,
        );
        if (found === undefined) throw notFound();
        const transfers = await listWithdrawTransfers(
          db,
          { withdrawalId: found.withdrawal_id },
          { limit: 50, offset: 0, order: 'asc' },
        );
        c.header('cache-control', 'no-store');
        const [withValues] = await withExtra(db, [found]);
        return c.json({ data: { ...withValues, transfers: transfers.rows } });
      },
    )
    .get('/admin/withdraw', wait, validate('query', AdminWithdrawListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const range = dateRangeOf(query, context.now());
      const { rows, total } = await listWithdrawals(
        db,
        { memberSeq: query.member_seq, status: query.status, asset: query.asset, ...range },
        { ...pageWindow(query), order: query.order },
      );
      return c.json({ data: await withExtra(db, rows), paging: pagingOf(query, total) });
    })
    .get(
      '/admin/withdraw/:withdrawalId',
      wait,
      withdrawal,
      validate('query', AfterQuerySchema),
      async (c) => {
        const found = await findWithdrawal(db, c.req.valid('param').withdrawalId);
        if (found === undefined) throw notFound();
        const transfers = await listWithdrawTransfers(
          db,
          { withdrawalId: found.withdrawal_id },
          { limit: 50, offset: 0, order: 'asc' },
        );
        c.header('cache-control', 'no-store');
        const [withValues] = await withExtra(db, [found]);
        return c.json({ data: { ...withValues, transfers: transfers.rows } });
      },
    )
    .get(
      '/admin/withdraw-transfer',
      wait,
      validate('query', WithdrawTransferListQuerySchema),
      async (c) => {
        const query = c.req.valid('query');
        const range = dateRangeOf(query, context.now());
        const { rows, total } = await listWithdrawTransfers(
          db,
          { asset: query.asset, withdrawalId: query.withdrawal_id, ...range },
          { ...pageWindow(query), order: query.order },
        );
        return c.json({ data: rows, paging: pagingOf(query, total) });
      },
    )
    .get('/admin/withdraw-policy', wait, validate('query', AfterQuerySchema), async (c) => {
      c.header('cache-control', 'no-store');
      return c.json({ data: await listWithdrawPolicies(db) });
    });
}

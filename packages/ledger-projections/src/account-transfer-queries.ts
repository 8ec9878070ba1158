import { prepared } from '@ledger/db';
import { accountTransferCauses } from '@ledger/ledger';
import { type Kysely, sql } from 'kysely';
import { seqOfWalletAccountId } from './account-identity.ts';
import { pageFromNearerEnd } from './page-from-nearer-end.ts';

/**
 * The administrator's list of account transfers (SPEC account-transfer/list): the balance-log rows
 * of transfers between wallet accounts that members asked for (`accountTransferCauses`), one row per
 * leg (a fee leg too), in time order. Read through one partial index on those rows only,
 * (occurred_at, entry) carrying the asset: a page's entries are found in the index alone (an asset
 * filter too, on the carried column) and only its rows are read from the table, so a page never
 * walks the rest of the log; the total without a date range is the books' count per asset
 * (`account_transfer_rows`, kept by the same projection in the same transactions as the rows),
 * with one the range's entries are counted in the index; a page past the middle is read from the
 * other end (docs/adr/0011 §5).
 */

// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
type AnyDb = Kysely<any>;

/**
 * The rows the list holds, as SQL: the indexes' predicate (read-model-tables.ts) and the queries'
 * must be the same text for the planner to use them.
 */
export const accountTransferRowPredicate = `event_type = 'TransferPosted' AND cause IN (${accountTransferCauses
  .map((cause) => `'${cause}'`)
  .join(', ')})`;

export type AccountTransferView = {
  entry: number;
  transfer_id: string | null;
  cause: string;
  asset: string;
  /** The asset's decimal places (the amount has exactly as many). */
  decimal_point: number;
  amount: string;
  /** The wallet account's seq on each side; null for a system account (a fee leg's credit). */
  from_account_seq: number | null;
  to_account_seq: number | null;
  /** The system account credited, when it is one (feeRevenue on a fee leg). */
  to_system_role: string | null;
  actor: string;
  regdate: string;
};

export type AccountTransferFilter = {
  asset?: string | undefined;
  /** Half-open range [from, to) of the rows' times. */
  from?: Date | undefined;
  to?: Date | undefined;
};

type AccountTransferRecord = {
  entry: string;
  transfer_id: string | null;
  cause: string;
  asset: string;
  decimal_point: number;
  amount: string;
  debit_account: string | null;
  credit_account: string | null;
  credit_system_role: string | null;
  actor: string;
  occurred_at: Date;
};

export async function listAccountTransfers(
  db: AnyDb,
  filter: AccountTransferFilter,
  window: { limit: number; offset: number; order: 'asc' | 'desc' },
): Promise<{ rows: AccountTransferView[]; total: number }> {
  const where = whereOf(filter);
  const total = await countAccountTransfers(db, filter, where);
  // From the nearer end; the order (time, then entry) is total, so both ends agree.
  const read = pageFromNearerEnd(total, window);
  if (read === undefined) return { rows: [], total };
  const rows = await readPage(db, where, read.order, read.limit, read.offset);
  if (read.isReversed) rows.reverse();
  return { rows: rows.map(viewOf), total };
}

function whereOf(filter: AccountTransferFilter) {
  const conditions = [sql.raw(accountTransferRowPredicate)];
  if (filter.asset !== undefined) conditions.push(sql`asset = ${filter.asset}`);
  if (filter.from !== undefined) conditions.push(sql`occurred_at >= ${filter.from}::timestamptz`);
  if (filter.to !== undefined) conditions.push(sql`occurred_at < ${filter.to}::timestamptz`);
  return sql.join(conditions, sql` AND `);
}

async function readPage(
  db: AnyDb,
  where: ReturnType<typeof whereOf>,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
): Promise<AccountTransferRecord[]> {
  const direction = sql.raw(order === 'asc' ? 'ASC' : 'DESC');
  // The entries from an index-only scan (the rows skipped are never read from the table), then
  // the page's rows by key, with their asset's scale and the credited system account's role.
  const { rows } = await prepared(sql<AccountTransferRecord>`
    SELECT l.entry::text, l.transfer_id, l.cause, l.asset, t.decimal_point, l.amount::text,
      l.debit_account, l.credit_account, c.system_role AS credit_system_role, l.actor,
      l.occurred_at
      FROM ledger_balance_log l
      JOIN ledger_asset_totals t ON t.asset = l.asset
      LEFT JOIN ledger_accounts c ON c.account = l.credit_account
     WHERE l.entry IN (SELECT entry FROM ledger_balance_log WHERE ${where}
                        ORDER BY occurred_at ${direction}, entry ${direction}
                        LIMIT ${limit} OFFSET ${offset})
     ORDER BY l.occurred_at ${direction}, l.entry ${direction}`).execute(db);
  return rows;
}

/**
 * Without a date range, the books' count of the asset's (or every asset's) account-transfer rows;
 * with one, the rows in it, counted in the partial index.
 */
async function countAccountTransfers(
  db: AnyDb,
  filter: AccountTransferFilter,
  where: ReturnType<typeof whereOf>,
): Promise<number> {
  const ranged = filter.from !== undefined || filter.to !== undefined;
  const asset = filter.asset === undefined ? sql`TRUE` : sql`asset = ${filter.asset}`;
  const { rows } = await prepared(
    ranged
      ? sql<{
          total: string;
        }>`SELECT count(*)::text AS total FROM ledger_balance_log WHERE ${where}`
      : sql<{ total: string }>`SELECT coalesce(sum(account_transfer_rows), 0)::text AS total
          FROM ledger_asset_totals WHERE ${asset}`,
  ).execute(db);
  return Number(rows[0]?.total ?? 0);
}

/** A member's wallet account's seq; a system account (a fee leg's credit) has none. */
function seqOf(account: string | null): number | null {
  return account === null ? null : (seqOfWalletAccountId(account) ?? null);
}

function viewOf(row: AccountTransferRecord): AccountTransferView {
  return {
    entry: Number(row.entry),
    transfer_id: row.transfer_id,
    cause: row.cause,
    asset: row.asset,
    decimal_point: row.decimal_point,
    amount: row.amount,
    from_account_seq: seqOf(row.debit_account),
    to_account_seq: seqOf(row.credit_account),
    to_system_role: row.credit_system_role,
    actor: row.actor,
    regdate: row.occurred_at.toISOString(),
  };
}

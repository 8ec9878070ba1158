import { prepared } from '@ledger/db';
import { type Kysely, sql } from 'kysely';
import { formatMinorUnits, minorUnitsOf } from './minor-units.ts';
import { pageFromNearerEnd } from './page-from-nearer-end.ts';

/**
 * Account reads for the query API and the write API's ownership checks, over the live views
 * (`ledger_accounts` joined with `ledger_account_profiles`). Amounts are decimal strings with the
 * asset's digits; `available_balance` = balance − holding_balance. The member's reads are marked
 * `prepared`: the query API's pool keeps their plans (@ledger/db, createDbWithPreparedStatements).
 */

// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
type AnyDb = Kysely<any>;

export type AccountView = {
  seq: number;
  member_seq: number;
  title: string | null;
  account_number: string;
  asset: string;
  decimal_point: number;
  balance: string;
  holding_balance: string;
  available_balance: string;
  status: 'normal' | 'fraud';
  regdate: string;
};

/** The administrator's view adds the last status reason and the ledger account id. */
export type AdminAccountView = AccountView & {
  account: string;
  status_reason: string | null;
  status_noted_at: string | null;
  status_noted_by: string | null;
};

type AccountRecord = {
  account: string;
  seq: string;
  member_seq: string;
  title: string | null;
  account_number: string;
  asset: string;
  decimal_point: number;
  balance: string;
  held: string;
  status: 'normal' | 'fraud';
  opened_at: Date;
  status_reason: string | null;
  status_noted_at: Date | null;
  status_noted_by: string | null;
};

const accountColumns = sql`a.account, a.seq::text AS seq, a.member_seq::text AS member_seq,
  p.title, a.account_number, a.asset, a.decimal_point, a.balance::text AS balance,
  a.held::text AS held, a.status, a.opened_at, p.status_reason, p.status_noted_at,
  p.status_noted_by`;
const accountSource = sql`ledger_accounts a LEFT JOIN ledger_account_profiles p ON p.seq = a.seq`;

function accountViewOf(row: AccountRecord): AccountView {
  const units = (text: string) => minorUnitsOf(text, row.decimal_point);
  const format = (value: bigint) => formatMinorUnits(value, row.decimal_point);
  const balance = units(row.balance);
  const held = units(row.held);
  return {
    seq: Number(row.seq),
    member_seq: Number(row.member_seq),
    title: row.title,
    account_number: row.account_number,
    asset: row.asset,
    decimal_point: row.decimal_point,
    balance: format(balance),
    holding_balance: format(held),
    available_balance: format(balance - held),
    status: row.status,
    regdate: row.opened_at.toISOString(),
  };
}

function adminAccountViewOf(row: AccountRecord): AdminAccountView {
  return {
    ...accountViewOf(row),
    account: row.account,
    status_reason: row.status_reason,
    status_noted_at: row.status_noted_at?.toISOString() ?? null,
    status_noted_by: row.status_noted_by,
  };
}

export const accountSortKeys = ['regdate', 'seq', 'balance', 'asset'] as const;
export type AccountSortKey = (typeof accountSortKeys)[number];

export type AccountFilter = {
  memberSeq?: number | undefined;
  asset?: string | undefined;
  status?: 'normal' | 'fraud' | undefined;
  /** Matches the account number (digits, with or without dashes) or the title. */
  search?: string | undefined;
  openedFrom?: Date | undefined;
  openedTo?: Date | undefined;
};

export type Window = { limit: number; offset: number };

/** The account number a search names (12 digits, with or without dashes), or undefined. */
function accountNumberOf(search: string): string | undefined {
  const digits = search.replaceAll('-', '');
  if (!/^[0-9]{12}$/.test(digits)) return undefined;
  return `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8)}`;
}

/**
 * A title search shorter than three characters has no trigram (migration 0035); the index of
 * the titles' characters (migration 0037) narrows it when few titles hold all its characters.
 * When many do (a pair of common Latin letters), reading every profile with the ILIKE alone is
 * cheaper than computing each title's characters as well, so this asks first: fewer than
 * `titleCharacterCandidatesMax` candidates, counted on the index (or, for common characters, by a
 * scan that stops at the bound), and the search uses the index.
 */
const titleCharacterCandidatesMax = 5_000;

async function titleCharactersNarrow(db: AnyDb, search: string): Promise<boolean> {
  if ([...search].length >= 3 || accountNumberOf(search) !== undefined) return false;
  const { rows } = await sql<{ candidates: number }>`SELECT count(*)::int AS candidates
    FROM (SELECT 1 FROM ledger_account_profiles
           WHERE string_to_array(lower(title), NULL) @> string_to_array(lower(${search}), NULL)
           LIMIT ${titleCharacterCandidatesMax}) AS candidate`.execute(db);
  return (rows[0]?.candidates ?? 0) < titleCharacterCandidatesMax;
}

function whereOf(filter: AccountFilter, titleCharacters: boolean) {
  const conditions = [sql`a.kind = 'member'`];
  if (filter.memberSeq !== undefined) conditions.push(sql`a.member_seq = ${filter.memberSeq}`);
  if (filter.asset !== undefined) conditions.push(sql`a.asset = ${filter.asset}`);
  if (filter.status !== undefined) conditions.push(sql`a.status = ${filter.status}`);
  if (filter.openedFrom !== undefined) conditions.push(sql`a.opened_at >= ${filter.openedFrom}`);
  if (filter.openedTo !== undefined) conditions.push(sql`a.opened_at < ${filter.openedTo}`);
  if (filter.search !== undefined) {
    const number = accountNumberOf(filter.search);
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    if (number !== undefined) conditions.push(sql`a.account_number = ${number}`);
    else if (titleCharacters) {
      // The titles holding each of its characters narrow the search; the ILIKE decides.
      conditions.push(sql`string_to_array(lower(p.title), NULL)
        @> string_to_array(lower(${filter.search}), NULL) AND p.title ILIKE ${pattern}`);
    } else conditions.push(sql`p.title ILIKE ${pattern}`);
  }
  return sql.join(conditions, sql` AND `);
}

const sortColumns: Record<AccountSortKey, string> = {
  regdate: 'a.opened_at',
  seq: 'a.seq',
  balance: 'a.balance',
  asset: 'a.asset',
};

/**
 * Member accounts matching the filter, one page, with the total count. The page is read in the
 * order of an index where there is one (opening time, seq, asset: migration 0033; a member's own
 * accounts by member), so a page costs its offset and limit, not the whole table; the total is a
 * subquery of its own (`countOf`), never a window over every matching row, which made the
 * database read and sort every member account for each page. A page past the middle of the list
 * is read from its other end (the last page is the first one in the opposite order, reversed), so
 * no page walks more than half the list. Sorting by balance has no index (it would end heap-only
 * updates of every balance change) and still sorts the matching accounts.
 */
export async function listAccounts(
  db: AnyDb,
  filter: AccountFilter,
  sort: { key: AccountSortKey; order: 'asc' | 'desc' },
  window: Window,
): Promise<{ rows: AdminAccountView[]; total: number }> {
  const titleCharacters =
    filter.search !== undefined && (await titleCharactersNarrow(db, filter.search));
  const where = whereOf(filter, titleCharacters);
  if (window.offset > 0 && filter.search === undefined) {
    // The total first (the books' count, or the filter's), then whichever end is nearer.
    const total = await countAccounts(db, filter, where);
    const read = pageFromNearerEnd(total, { ...window, order: sort.order });
    if (read === undefined) return { rows: [], total };
    const rows = await pageOf(
      db,
      filter,
      where,
      sql`NULL`,
      sort.key,
      read.order,
      read.limit,
      read.offset,
    );
    if (read.isReversed) rows.reverse();
    return { rows: rows.map(adminAccountViewOf), total };
  }
  const rows = await pageOf(
    db,
    filter,
    where,
    totalOf(filter, where),
    sort.key,
    sort.order,
    window.limit,
    window.offset,
    titleCharacters,
  );
  const total =
    rows[0] === undefined ? await countAccounts(db, filter, where) : Number(rows[0].total);
  return { rows: rows.map(adminAccountViewOf), total };
}

/**
 * One page of the matching accounts in the sort's order, each row with `total` beside it. Without
 * a title search (the only filter on the profile), the page's seqs are found on the accounts alone
 * (from the index in the sort's order, index-only where the table's pages are all-visible) and
 * only the page's rows are joined with their profiles: the rows skipped for the offset are never
 * joined.
 */
async function pageOf(
  db: AnyDb,
  filter: AccountFilter,
  where: ReturnType<typeof whereOf>,
  total: ReturnType<typeof sql>,
  key: AccountSortKey,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
  titleCharacters = false,
): Promise<(AccountRecord & { total: string | null })[]> {
  const direction = sql.raw(order === 'asc' ? 'ASC' : 'DESC');
  const orderBy = sql`ORDER BY ${sql.raw(sortColumns[key])} ${direction}, a.seq ${direction}`;
  if (filter.search === undefined) {
    const { rows } = await prepared(sql<AccountRecord & { total: string | null }>`
    SELECT ${accountColumns}, ${total}::text AS total FROM ${accountSource}
     WHERE a.seq IN (SELECT a.seq FROM ledger_accounts a WHERE ${where} ${orderBy}
                      LIMIT ${limit} OFFSET ${offset})
     ${orderBy}`).execute(db);
    return rows;
  }
  const search = sql<AccountRecord & { total: string | null }>`
    SELECT ${accountColumns}, ${total}::text AS total FROM ${accountSource}
     WHERE ${where} ${orderBy} LIMIT ${limit} OFFSET ${offset}`;
  // A search narrowed by its characters runs unnamed, so it is planned for its own pattern: a
  // generic plan walked every account in page order (~45 ms at 300,000 accounts) instead of
  // reading the few candidates from the index.
  const { rows } = await (titleCharacters ? search : prepared(search)).execute(db);
  return rows;
}

/**
 * The page's total: a subquery of its own (`countOf`), except with a title search, whose few
 * matches are found by reading every profile anyway: there one pass finds and counts them (a
 * window over the matches), where walking an index in page order would look each profile up.
 */
function totalOf(filter: AccountFilter, where: ReturnType<typeof whereOf>) {
  return filter.search === undefined ? sql`(${countOf(filter, where)})` : sql`count(*) OVER ()`;
}

/**
 * The number of member accounts the filter matches. With no filter but the asset, it is what the
 * books keep per asset (`member_accounts`, counted by the same projection in the same
 * transactions as the accounts); otherwise the matching accounts are counted.
 */
function countOf(filter: AccountFilter, where: ReturnType<typeof whereOf>) {
  const narrowed = Object.entries(filter).some(
    ([key, value]) => key !== 'asset' && value !== undefined,
  );
  if (!narrowed) {
    const asset = filter.asset === undefined ? sql`TRUE` : sql`asset = ${filter.asset}`;
    return sql`SELECT coalesce(sum(member_accounts), 0) FROM ledger_asset_totals WHERE ${asset}`;
  }
  return sql`SELECT count(*) FROM ${accountSource} WHERE ${where}`;
}

async function countAccounts(
  db: AnyDb,
  filter: AccountFilter,
  where: ReturnType<typeof whereOf>,
): Promise<number> {
  const { rows } = await sql<{
    total: string;
  }>`SELECT (${countOf(filter, where)})::text AS total`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

/** One member account by seq; with `memberSeq`, only when that member owns it (else undefined). */
export async function findAccount(
  db: AnyDb,
  seq: number,
  memberSeq?: number,
): Promise<AdminAccountView | undefined> {
  const owner = memberSeq === undefined ? sql`TRUE` : sql`a.member_seq = ${memberSeq}`;
  const { rows } = await prepared(sql<AccountRecord>`SELECT ${accountColumns} FROM ${accountSource}
    WHERE a.seq = ${seq} AND a.kind = 'member' AND ${owner}`).execute(db);
  const row = rows[0];
  return row === undefined ? undefined : adminAccountViewOf(row);
}

/** The projection's asset of each currency it knows (assets are registered by opening accounts). */
export async function listLedgerAssets(
  db: AnyDb,
): Promise<{ asset: string; decimal_point: number }[]> {
  const { rows } = await sql<{ asset: string; decimal_point: number }>`
    SELECT asset, decimal_point FROM ledger_asset_totals ORDER BY asset`.execute(db);
  return rows;
}

export type MemberAssetSummary = {
  asset: string;
  decimal_point: number;
  accounts: number;
  balance: string;
  holding_balance: string;
  available_balance: string;
};

/** A member's wallet per asset: every asset the ledger knows, with the member's totals in it. */
export async function memberAssetSummary(
  db: AnyDb,
  memberSeq: number,
): Promise<MemberAssetSummary[]> {
  const { rows } = await prepared(sql<{
    asset: string;
    decimal_point: number;
    accounts: string;
    balance: string;
    held: string;
  }>`SELECT t.asset, t.decimal_point, count(a.account)::text AS accounts,
      coalesce(sum(a.balance), 0)::text AS balance, coalesce(sum(a.held), 0)::text AS held
     FROM ledger_asset_totals t
     LEFT JOIN ledger_accounts a
       ON a.asset = t.asset AND a.member_seq = ${memberSeq} AND a.kind = 'member'
    GROUP BY t.asset, t.decimal_point ORDER BY t.asset`).execute(db);
  return rows.map((row) => {
    const balance = minorUnitsOf(row.balance, row.decimal_point);
    const held = minorUnitsOf(row.held, row.decimal_point);
    const format = (value: bigint) => formatMinorUnits(value, row.decimal_point);
    return {
      asset: row.asset,
      decimal_point: row.decimal_point,
      accounts: Number(row.accounts),
      balance: format(balance),
      holding_balance: format(held),
      available_balance: format(balance - held),
    };
  });
}

export type OpenHoldView = {
  hold_id: string;
  amount: string;
  reason: string;
  placed_at: string;
  expires_at: string | null;
};

/** The holds still open on an account (partial index on open holds), oldest first, at most 100. */
export async function listOpenHolds(
  db: AnyDb,
  account: { account: string; decimal_point: number },
): Promise<OpenHoldView[]> {
  const { rows } = await sql<{
    hold_id: string;
    amount: string;
    reason: string;
    placed_at: Date;
    expires_at: Date | null;
  }>`SELECT hold_id, amount::text AS amount, reason, placed_at, expires_at FROM ledger_holds
      WHERE account = ${account.account} AND status = 'open'
      ORDER BY placed_at, hold_id LIMIT 100`.execute(db);
  return rows.map((row) => ({
    hold_id: row.hold_id,
    amount: formatMinorUnits(
      minorUnitsOf(row.amount, account.decimal_point),
      account.decimal_point,
    ),
    reason: row.reason,
    placed_at: row.placed_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
  }));
}

import { prepared } from '@ledger/db';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { formatMinorUnits, minorUnitsOf } from './minor-units.ts';

/**
 * The balance-change log of one account, seen from that account: each row says how its balance
 * (or held amount) changed and what it was after. Served by the two partial indexes
 * (debit_account | credit_account, occurred_at, entry): a page is two bounded index scans, and the
 * balance at an instant is the newest row at or before it, one indexed read per side. Both reads
 * are marked `prepared`: the query API's pool keeps their plans (@ledger/db).
 */

// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
type AnyDb = Kysely<any>;

export type BalanceLogEntry = {
  /** The log's key: ledger revision × 1024 + the row's index in its event (decimal text). */
  entry: string;
  occurred_at: string;
  /**
   * TransferPosted, HoldPlaced, HoldCaptured, HoldPartlyCaptured, HeldMoved (two hold rows: the
   * hold it left, the hold it went into), HoldReleased or HoldExpired.
   */
  type: string;
  cause: string;
  transfer_id: string | null;
  hold_id: string | null;
  asset: string;
  amount: string;
  /** debit: money left this account; credit: it arrived; hold: only the held amount changed. */
  side: 'debit' | 'credit' | 'hold';
  /** Signed change of the balance (zero on a hold row). */
  balance_change: string;
  balance_after: string;
  holding_balance_after: string;
  available_after: string;
  counter_account_number: string | null;
  counter_kind: string | null;
  counter_system_role: string | null;
};

/** The administrator's rows add who did it and the command. */
export type AdminBalanceLogEntry = BalanceLogEntry & {
  counter_account: string | null;
  actor: string;
  command_id: string;
};

type LogRecord = {
  entry: string;
  occurred_at: Date;
  event_type: string;
  cause: string;
  transfer_id: string | null;
  hold_id: string | null;
  asset: string;
  decimal_point: number;
  amount: string;
  side: 'debit' | 'credit';
  balance_after: string;
  held_after: string;
  counter_account: string | null;
  counter_account_number: string | null;
  counter_kind: string | null;
  counter_system_role: string | null;
  actor: string;
  command_id: string;
};

export type LogQuery = {
  account: string;
  from?: Date | undefined;
  to?: Date | undefined;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};

/**
 * One side's rows of the page, in page order. `bounds` are the page's own conditions: the date
 * range (an offset page), or where a bookmark puts the page's start (a deep page).
 */
function sideQuery(
  query: LogQuery,
  side: 'debit' | 'credit',
  rowsMax: number,
  bounds: RawBuilder<unknown>,
) {
  const own = sql.ref(`l.${side}_account`);
  const counter = sql.ref(`l.${side === 'debit' ? 'credit' : 'debit'}_account`);
  const direction = sql.raw(query.order === 'asc' ? 'ASC' : 'DESC');
  return sql`(SELECT l.entry, l.occurred_at, l.event_type, l.cause, l.transfer_id, l.hold_id,
      l.asset, l.amount::text AS amount, ${side}::text AS side,
      ${sql.ref(`l.${side}_balance_after`)}::text AS balance_after,
      ${sql.ref(`l.${side}_held_after`)}::text AS held_after, ${counter} AS counter_account,
      l.actor, l.command_id
     FROM ledger_balance_log l WHERE ${own} = ${query.account} AND ${bounds}
     ORDER BY l.occurred_at ${direction}, l.entry ${direction} LIMIT ${rowsMax})`;
}

function rangeOf(query: LogQuery) {
  const from = query.from === undefined ? sql`TRUE` : sql`l.occurred_at >= ${query.from}`;
  const to = query.to === undefined ? sql`TRUE` : sql`l.occurred_at < ${query.to}`;
  return sql`${from} AND ${to}`;
}

/** Both sides' rows merged in page order, with what a row shows: its asset's scale, the counter. */
function pageStatement(
  query: LogQuery,
  bounds: RawBuilder<unknown>,
  skip: number,
  take: number,
  total: RawBuilder<unknown>,
) {
  const rowsMax = skip + take;
  const direction = sql.raw(query.order === 'asc' ? 'ASC' : 'DESC');
  return prepared(sql<LogRecord & { total: string }>`
    SELECT s.entry::text AS entry, s.occurred_at, s.event_type, s.cause, s.transfer_id, s.hold_id,
      s.asset, t.decimal_point, s.amount, s.side, s.balance_after, s.held_after, s.counter_account,
      c.account_number AS counter_account_number, c.kind AS counter_kind,
      c.system_role AS counter_system_role, s.actor, s.command_id, (${total})::text AS total
     FROM (${sideQuery(query, 'debit', rowsMax, bounds)}
           UNION ALL ${sideQuery(query, 'credit', rowsMax, bounds)}) s
     JOIN ledger_asset_totals t ON t.asset = s.asset
     LEFT JOIN ledger_accounts c ON c.account = s.counter_account
    ORDER BY s.occurred_at ${direction}, s.entry ${direction}
    LIMIT ${take} OFFSET ${skip}`);
}

/**
 * One page of an account's log, newest first by default, with the total count. The count rides
 * on the page's statement (computed once, as an uncorrelated subquery); only a page past the end
 * counts in a statement of its own. A page at an offset of a bookmark interval or more is read
 * from the nearest bookmark instead (`readDeepPage`) while the account's rows came in time order.
 */
export async function readBalanceLog(
  db: AnyDb,
  query: LogQuery,
): Promise<{ rows: AdminBalanceLogEntry[]; total: number }> {
  if (query.offset >= logBookmarkEvery) {
    const page = await readDeepPage(db, query);
    if (page !== undefined) return page;
  }
  const { rows } = await pageStatement(
    query,
    rangeOf(query),
    query.offset,
    query.limit,
    countOf(query),
  ).execute(db);
  const total = rows[0] === undefined ? await countLog(db, query) : Number(rows[0].total);
  return { rows: rows.map(entryOf), total };
}

/**
 * Every this-many-th row of an account's log (by its ordinal on the account) is a bookmark: the
 * two partial indexes `…_debit_bookmark` and `…_credit_bookmark` hold exactly those rows (the
 * predicate `ordinal % 256 = 0` is written out in the statements below, so that the planner
 * can use them). Migration 0032; read-model-tables.ts.
 */
export const logBookmarkEvery = 256;

/** Where a deep page starts: a bookmark's ordinal (none: an end of the log), rows to skip, rows. */
export type DeepPagePlan = { bookmark: number | undefined; skip: number; take: number };

/**
 * The plan of a page of an account whose log rows came in time order, so that the rows of a date
 * range are the ordinals `lo + 1 … hi` (`lo`: rows before the range, `hi`: rows up to its end,
 * `newest`: the account's last ordinal). A page newest first starts at ordinal `hi − offset`
 * and goes down: from the nearest bookmark at or above it, or from the newest row when there is
 * none; oldest first it starts at `lo + offset + 1` and goes up: from the nearest bookmark at or
 * below it, or from the first row. Either way fewer than `every` rows are skipped. Pure.
 */
export function planDeepPage(input: {
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
  lo: number;
  hi: number;
  newest: number;
  every: number;
}): DeepPagePlan {
  const { order, offset, limit, lo, hi, newest, every } = input;
  const total = Math.max(hi - lo, 0);
  const take = Math.max(Math.min(limit, total - offset), 0);
  if (take === 0) return { bookmark: undefined, skip: 0, take };
  if (order === 'desc') {
    const first = hi - offset;
    const bookmark = Math.ceil(first / every) * every;
    return bookmark <= newest
      ? { bookmark, skip: bookmark - first, take }
      : { bookmark: undefined, skip: newest - first, take };
  }
  const first = lo + offset + 1;
  const bookmark = Math.floor(first / every) * every;
  return bookmark >= every
    ? { bookmark, skip: first - bookmark, take }
    : { bookmark: undefined, skip: first - 1, take };
}

/**
 * A deep page from the nearest bookmark (planDeepPage): one statement for where the range lies
 * in the account's ordinals, one for the page, each side an index seek and fewer than
 * `logBookmarkEvery + limit` rows, however deep the page. Undefined (read the page by offset)
 * when the account's rows ever came out of time order, or when the bookmark row is missing.
 */
async function readDeepPage(
  db: AnyDb,
  query: LogQuery,
): Promise<{ rows: AdminBalanceLogEntry[]; total: number } | undefined> {
  const { account } = query;
  const { rows: found } = await prepared(sql<{
    ordered: boolean;
    newest: string;
    lo: string;
    hi: string;
  }>`SELECT a.log_times_ordered AS ordered, a.log_rows::text AS newest,
      (${query.from === undefined ? sql`0` : rowsBefore(account, query.from)})::text AS lo,
      (${query.to === undefined ? sql`a.log_rows` : rowsBefore(account, query.to)})::text AS hi
     FROM ledger_accounts a WHERE a.account = ${account}`).execute(db);
  const ordinals = found[0];
  if (ordinals === undefined || !ordinals.ordered) return undefined;
  const [newest, lo, hi] = [ordinals.newest, ordinals.lo, ordinals.hi].map(Number) as [
    number,
    number,
    number,
  ];
  const total = Math.max(hi - lo, 0);
  const plan = planDeepPage({ ...query, lo, hi, newest, every: logBookmarkEvery });
  if (plan.take === 0) return { rows: [], total };
  const { rows } = await pageStatement(
    query,
    startAt(query, plan.bookmark),
    plan.skip,
    plan.take,
    sql`${total}::bigint`,
  ).execute(db);
  if (rows.length !== plan.take) return undefined;
  return { rows: rows.map(entryOf), total };
}

/**
 * Where a deep page's rows start: at or after (oldest first) or at or before (newest first) the
 * bookmark row, found by its ordinal in the partial indexes; no bookmark: the log's end.
 */
function startAt(query: LogQuery, bookmark: number | undefined) {
  if (bookmark === undefined) return sql`TRUE`;
  const { account } = query;
  const compare = sql.raw(query.order === 'asc' ? '>=' : '<=');
  const side = (name: 'debit' | 'credit') => {
    const ordinal = sql.ref(`${name}_ordinal`);
    return sql`(SELECT occurred_at, entry FROM ledger_balance_log
      WHERE ${sql.ref(`${name}_account`)} = ${account} AND ${ordinal} = ${bookmark}::bigint
        AND ${ordinal} % 256 = 0)`;
  };
  const mark = sql`(${side('debit')} UNION ALL ${side('credit')} LIMIT 1)`;
  return sql`(l.occurred_at, l.entry) ${compare}
    ((SELECT occurred_at FROM ${mark} b), (SELECT entry FROM ${mark} b))`;
}

/**
 * The number of the account's log rows in the query's date range (both sides). Without a range it
 * is the count the projector keeps on the account (one row). With one, while the account's rows
 * came in time order (`log_times_ordered`), the rows before an instant are a prefix of its log,
 * so the range's count is the ordinal of its last row before `to` less that of its last row
 * before `from`: two index probes per side, whatever the range holds. An account whose times went
 * backwards (a writer's clock stepping back across a failover) has its rows in the range counted.
 * Postgres runs only the branch the CASE takes (each subquery is an init plan, run on first use).
 */
function countOf(query: LogQuery) {
  const { account } = query;
  if (query.from === undefined && query.to === undefined) {
    return sql`(SELECT log_rows FROM ledger_accounts WHERE account = ${account})`;
  }
  const from = query.from === undefined ? sql`TRUE` : sql`occurred_at >= ${query.from}`;
  const to = query.to === undefined ? sql`TRUE` : sql`occurred_at < ${query.to}`;
  const before = query.from === undefined ? sql`0` : rowsBefore(account, query.from);
  const upTo =
    query.to === undefined
      ? sql`(SELECT log_rows FROM ledger_accounts WHERE account = ${account})`
      : rowsBefore(account, query.to);
  return sql`CASE WHEN (SELECT log_times_ordered FROM ledger_accounts WHERE account = ${account})
    THEN ${upTo} - ${before}
    ELSE (SELECT count(*) FROM ledger_balance_log WHERE debit_account = ${account} AND ${from} AND ${to})
      + (SELECT count(*) FROM ledger_balance_log WHERE credit_account = ${account} AND ${from} AND ${to})
    END`;
}

/**
 * The account's rows before an instant, while its rows came in time order: the ordinal of its last
 * row before it (one index probe per side; 0 when there is none).
 */
function rowsBefore(account: string, instant: Date) {
  const side = (name: 'debit' | 'credit') => sql`(SELECT ${sql.ref(`${name}_ordinal`)}
    FROM ledger_balance_log WHERE ${sql.ref(`${name}_account`)} = ${account}
      AND occurred_at < ${instant} ORDER BY occurred_at DESC, entry DESC LIMIT 1)`;
  return sql`greatest(${side('debit')}, ${side('credit')}, 0)`;
}

async function countLog(db: AnyDb, query: LogQuery): Promise<number> {
  const { rows } = await sql<{ total: string }>`SELECT (${countOf(query)})::text AS total`.execute(
    db,
  );
  return Number(rows[0]?.total ?? 0);
}

function entryOf(row: LogRecord): AdminBalanceLogEntry {
  const units = (text: string) => minorUnitsOf(text, row.decimal_point);
  const format = (value: bigint) => formatMinorUnits(value, row.decimal_point);
  const isHold =
    row.event_type !== 'TransferPosted' &&
    row.event_type !== 'HoldCaptured' &&
    row.event_type !== 'HoldPartlyCaptured';
  const amount = units(row.amount);
  const balance = units(row.balance_after);
  const held = units(row.held_after);
  return {
    entry: row.entry,
    occurred_at: row.occurred_at.toISOString(),
    type: row.event_type,
    cause: row.cause,
    transfer_id: row.transfer_id,
    hold_id: row.hold_id,
    asset: row.asset,
    amount: format(amount),
    side: isHold ? 'hold' : row.side,
    balance_change: format(isHold ? 0n : row.side === 'debit' ? -amount : amount),
    balance_after: format(balance),
    holding_balance_after: format(held),
    available_after: format(balance - held),
    counter_account: row.counter_account,
    counter_account_number: row.counter_account_number,
    counter_kind: row.counter_kind,
    counter_system_role: row.counter_system_role,
    actor: row.actor,
    command_id: row.command_id,
  };
}

/** What a member may see of a log row: not who acted, nor the counter account's ledger id. */
export function memberBalanceLogEntry(entry: AdminBalanceLogEntry): BalanceLogEntry {
  const { counter_account: _account, actor: _actor, command_id: _command, ...visible } = entry;
  return visible;
}

export type BalanceAt = {
  at: string;
  balance: string;
  holding_balance: string;
  available_balance: string;
  /** The log entry the balance is read from; null before the account's first change. */
  entry: string | null;
};

/**
 * The balance of an account at an instant: the newest log row at or before it, on either side.
 * Without an instant, the newest row of all (the current balance, whatever the reader's clock).
 */
export async function balanceAt(
  db: AnyDb,
  account: { account: string; decimal_point: number },
  at: Date | undefined,
  now: () => Date = () => new Date(),
): Promise<BalanceAt> {
  const until = at === undefined ? sql`TRUE` : sql`occurred_at <= ${at}`;
  const side = (name: 'debit' | 'credit') => sql`(SELECT entry, occurred_at,
      ${sql.ref(`${name}_balance_after`)}::text AS balance, ${sql.ref(`${name}_held_after`)}::text AS held
     FROM ledger_balance_log WHERE ${sql.ref(`${name}_account`)} = ${account.account}
       AND ${until} ORDER BY occurred_at DESC, entry DESC LIMIT 1)`;
  const { rows } = await prepared(sql<{ entry: string; balance: string; held: string }>`
    SELECT entry::text AS entry, balance, held FROM (${side('debit')} UNION ALL ${side('credit')}) s
    ORDER BY occurred_at DESC, entry DESC LIMIT 1`).execute(db);
  const row = rows[0];
  const format = (value: bigint) => formatMinorUnits(value, account.decimal_point);
  const balance = row === undefined ? 0n : minorUnitsOf(row.balance, account.decimal_point);
  const held = row === undefined ? 0n : minorUnitsOf(row.held, account.decimal_point);
  return {
    at: (at ?? now()).toISOString(),
    balance: format(balance),
    holding_balance: format(held),
    available_balance: format(balance - held),
    entry: row?.entry ?? null,
  };
}

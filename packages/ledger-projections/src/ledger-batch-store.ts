import { arrayElement, prepared } from '@ledger/db';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { AccountCache } from './account-cache.ts';
import type { AccountRow, AssetTotalRow, HoldRow, LedgerBatch } from './ledger-batch.ts';
import { formatMinorUnits, minorUnitsOf } from './minor-units.ts';
import { balanceTables, type TableOf } from './read-model-tables.ts';

/**
 * Loads and writes the rows of one batch: one SELECT per table for every row the batch names,
 * then ONE statement for every change (`unnest` arrays), whatever the batch size. (Reading the
 * rows in one statement as JSON text was tried: it saved Node ~17 µs per transfer but cost
 * Postgres 16–23 µs more, json_build_array and to_char per row; docs/performance.md, "Projector".)
 * Amounts travel as decimal text and are cast to numeric; the per-row guard on `last_revision`
 * refuses to apply an event twice even to a hand-repaired row.
 */

// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
type Trx = Transaction<any>;

type AccountRecord = {
  account: string;
  seq: string | null;
  account_number: string | null;
  kind: AccountRow['kind'];
  member_id: string | null;
  member_seq: string | null;
  system_role: string | null;
  asset: string;
  decimal_point: number;
  status: AccountRow['status'];
  balance: string;
  held: string;
  daily_limit: string | null;
  is_negative_allowed: boolean;
  opened_at: Date;
  last_revision: string;
  last_position: string;
  log_rows: string;
  log_last_at: Date | null;
  log_times_ordered: boolean;
};

function accountOf(row: AccountRecord): AccountRow {
  const decimalPoint = row.decimal_point;
  return {
    account: row.account,
    seq: row.seq === null ? null : Number(row.seq),
    accountNumber: row.account_number,
    kind: row.kind,
    memberId: row.member_id,
    memberSeq: row.member_seq === null ? null : Number(row.member_seq),
    systemRole: row.system_role,
    asset: row.asset,
    decimalPoint,
    status: row.status,
    balance: minorUnitsOf(row.balance, decimalPoint),
    held: minorUnitsOf(row.held, decimalPoint),
    dailyLimit: row.daily_limit === null ? null : minorUnitsOf(row.daily_limit, decimalPoint),
    isNegativeAllowed: row.is_negative_allowed,
    openedAt: row.opened_at.toISOString(),
    lastRevision: BigInt(row.last_revision),
    lastPosition: row.last_position,
    logRows: Number(row.log_rows),
    logLastAt: row.log_last_at?.toISOString() ?? null,
    logTimesOrdered: row.log_times_ordered,
  };
}

export async function loadBatchRows(
  trx: Trx,
  table: TableOf,
  batch: LedgerBatch,
  keys: { accounts: Set<string>; holds: Set<string>; assets: Set<string> },
  cache?: AccountCache,
): Promise<void> {
  const missing: string[] = [];
  for (const id of keys.accounts) {
    const cached = cache?.get(id);
    if (cached === undefined) {
      missing.push(id);
      continue;
    }
    batch.accounts.set(id, cached);
    batch.accountRevisions.set(id, cached.lastRevision);
    batch.accountsCached.add(id);
  }
  if (missing.length > 0) {
    const { rows } = await sql<AccountRecord>`SELECT * FROM ${table(balanceTables.accounts)}
      WHERE account = ANY(${missing}::text[])`.execute(trx);
    for (const row of rows) {
      const account = accountOf(row);
      batch.accounts.set(row.account, account);
      batch.accountRevisions.set(row.account, account.lastRevision);
    }
  }
  if (keys.holds.size > 0) await loadHolds(trx, table, batch, keys.holds);
  // An account's asset may be one no event of the batch names (a hold on it, a status change).
  const assets = new Set(keys.assets);
  for (const account of batch.accounts.values()) assets.add(account.asset);
  // The asset totals too, from the same cache when it has them (kept under the same guards).
  if (cache !== undefined) {
    for (const asset of assets) {
      const cached = cache.getAsset(asset);
      if (cached === undefined) continue;
      batch.assets.set(asset, cached);
      batch.assetRevisions.set(asset, cached.lastRevision);
      batch.assetsCached.add(asset);
      assets.delete(asset);
    }
  }
  if (assets.size > 0) await loadAssetTotals(trx, table, batch, assets);
}

async function loadHolds(trx: Trx, table: TableOf, batch: LedgerBatch, holdIds: Set<string>) {
  const { rows } = await sql<{
    hold_id: string;
    account: string;
    asset: string;
    decimal_point: number;
    amount: string;
    reason: string;
    status: HoldRow['status'];
    amount_captured: string | null;
    placed_at: Date;
    expires_at: Date | null;
    limit_account: string | null;
    limit_day: string | null;
    placed_revision: string;
    last_revision: string;
  }>`SELECT h.hold_id, h.account, h.asset, a.decimal_point, h.amount::text, h.reason, h.status,
      h.amount_captured::text, h.placed_at, h.expires_at, h.limit_account, h.limit_day,
      h.placed_revision::text, h.last_revision::text
      FROM ${table(balanceTables.holds)} h JOIN ${table(balanceTables.accounts)} a USING (account)
     WHERE h.hold_id = ANY(${[...holdIds]}::text[])`.execute(trx);
  for (const row of rows) {
    batch.holds.set(row.hold_id, {
      holdId: row.hold_id,
      account: row.account,
      asset: row.asset,
      decimalPoint: row.decimal_point,
      amount: minorUnitsOf(row.amount, row.decimal_point),
      reason: row.reason,
      status: row.status,
      amountCaptured:
        row.amount_captured === null ? null : minorUnitsOf(row.amount_captured, row.decimal_point),
      amountReleased: null,
      placedAt: row.placed_at.toISOString(),
      expiresAt: row.expires_at?.toISOString() ?? null,
      resolvedAt: null,
      limitAccount: row.limit_account,
      limitDay: row.limit_day,
      placedRevision: BigInt(row.placed_revision),
      lastRevision: BigInt(row.last_revision),
    });
  }
}

async function loadAssetTotals(trx: Trx, table: TableOf, batch: LedgerBatch, assets: Set<string>) {
  const { rows } = await sql<{
    asset: string;
    decimal_point: number;
    balance_total: string;
    member_balance_total: string;
    member_held_total: string;
    system_balance_total: string;
    member_accounts: number;
    system_accounts: number;
    account_transfer_rows: string;
    last_revision: string;
  }>`SELECT * FROM ${table(balanceTables.assetTotals)}
      WHERE asset = ANY(${[...assets]}::text[])`.execute(trx);
  for (const row of rows) {
    const units = (text: string) => minorUnitsOf(text, row.decimal_point);
    batch.assets.set(row.asset, {
      asset: row.asset,
      decimalPoint: row.decimal_point,
      balanceTotal: units(row.balance_total),
      memberBalanceTotal: units(row.member_balance_total),
      memberHeldTotal: units(row.member_held_total),
      systemBalanceTotal: units(row.system_balance_total),
      memberAccounts: row.member_accounts,
      systemAccounts: row.system_accounts,
      accountTransferRows: Number(row.account_transfer_rows),
      lastRevision: BigInt(row.last_revision),
    });
    batch.assetRevisions.set(row.asset, BigInt(row.last_revision));
  }
}

const amountText = (units: bigint | null, decimalPoint: number) =>
  units === null ? null : formatMinorUnits(units, decimalPoint);

type Element = string | number | bigint | boolean | null;

/**
 * A Postgres array literal (cast in SQL to the column's array type) of `pick` applied to each
 * value, in one pass with no array in between: text quoted (escaped where needed), numbers,
 * big integers and booleans bare, NULL for null. Built here rather than by node-postgres, whose
 * per-element escaping (two regular-expression replaces per element) and intermediate strings
 * were a visible part of the projector's CPU per batch.
 */
export function arrayLiteral<T = Element>(
  values: readonly T[],
  pick: (value: T) => Element = (value) => value as Element,
): string {
  let text = '{';
  for (let index = 0; index < values.length; index += 1) {
    if (index > 0) text += ',';
    const value = pick(values[index] as T);
    if (value === null || value === undefined) text += 'NULL';
    else if (typeof value !== 'string') text += String(value);
    else text += arrayElement(value);
  }
  return `${text}}`;
}

/**
 * Writes everything the batch changed, in ONE statement (data-modifying CTEs: new accounts,
 * changed accounts, holds, asset totals, log rows; they touch disjoint rows, so none needs to see
 * another's effect); throws when a row guard refuses an update. One round trip instead of one per
 * table and kind of change: on this box each round trip costs a context switch on both sides.
 */
export async function writeBatchRows(trx: Trx, table: TableOf, batch: LedgerBatch) {
  const opened = [...batch.accountsOpened].map((id) => batch.accounts.get(id) as AccountRow);
  const changed = [...batch.accountsChanged]
    .filter((id) => !batch.accountsOpened.has(id))
    .map((id) => batch.accounts.get(id) as AccountRow);
  const holds = [...new Set([...batch.holdsPlaced, ...batch.holdsChanged])].map(
    (id) => batch.holds.get(id) as HoldRow,
  );
  const assets = [...batch.assetsChanged].map((asset) => batch.assets.get(asset) as AssetTotalRow);
  const assetsNew = assets.filter((row) => !batch.assetRevisions.has(row.asset));
  const assetsChanged = assets.filter((row) => batch.assetRevisions.has(row.asset));
  const parts: RawBuilder<unknown>[] = [];
  if (opened.length > 0) parts.push(sql`opened AS (${insertAccounts(table, opened)})`);
  if (changed.length > 0) parts.push(sql`changed AS (${updateAccounts(table, changed, batch)})`);
  if (holds.length > 0) parts.push(sql`holds AS (${writeHolds(table, holds)})`);
  if (assetsNew.length > 0) parts.push(sql`totals_new AS (${insertAssetTotals(table, assetsNew)})`);
  if (assetsChanged.length > 0)
    parts.push(sql`totals AS (${updateAssetTotals(table, assetsChanged, batch)})`);
  if (batch.log.length > 0) parts.push(sql`log AS (${insertLog(table, batch)})`);
  if (parts.length === 0) return;
  const count = (name: string, present: boolean) =>
    present ? sql`(SELECT count(*) FROM ${sql.id(name)})::int` : sql`0`;
  // A named prepared statement where the runner's pool prepares marked ones: its text depends only
  // on the tables and on which kinds of change the batch has (a few shapes), never on the data.
  const { rows } = await prepared(sql<{
    changed: number;
    holds: number;
    totals: number;
  }>`WITH ${sql.join(parts, sql`, `)}
    SELECT ${count('changed', changed.length > 0)} AS changed,
      ${count('holds', holds.length > 0)} AS holds,
      ${count('totals_new', assetsNew.length > 0)} + ${count('totals', assetsChanged.length > 0)}
        AS totals`).execute(trx);
  const written = rows[0];
  if (written?.changed !== changed.length) {
    // (With cached rows, applyLedgerBatch retries from the table first: the cache may be stale.)
    throw new Error('an account row is not at the revision this batch read: applied twice');
  }
  if (written.holds !== holds.length) throw new Error('a hold row was resolved twice');
  if (written.totals !== assets.length) {
    throw new Error('an asset totals row is not at the revision this batch read: applied twice');
  }
}

function insertAccounts(table: TableOf, rows: AccountRow[]) {
  const column = (pick: (row: AccountRow) => Element) => arrayLiteral(rows, pick);
  return sql`INSERT INTO ${table(balanceTables.accounts)}
    (account, seq, account_number, kind, member_id, member_seq, system_role, asset, decimal_point,
     status, balance, held, daily_limit, is_negative_allowed, opened_at, last_revision, last_position,
     log_rows, log_last_at, log_times_ordered)
    SELECT * FROM unnest(${column((r) => r.account)}::text[], ${column((r) => r.seq)}::bigint[],
      ${column((r) => r.accountNumber)}::text[], ${column((r) => r.kind)}::text[],
      ${column((r) => r.memberId)}::text[], ${column((r) => r.memberSeq)}::bigint[],
      ${column((r) => r.systemRole)}::text[], ${column((r) => r.asset)}::text[],
      ${column((r) => r.decimalPoint)}::smallint[], ${column((r) => r.status)}::text[],
      ${column((r) => amountText(r.balance, r.decimalPoint))}::numeric[],
      ${column((r) => amountText(r.held, r.decimalPoint))}::numeric[],
      ${column((r) => amountText(r.dailyLimit, r.decimalPoint))}::numeric[],
      ${column((r) => r.isNegativeAllowed)}::boolean[], ${column((r) => r.openedAt)}::timestamptz[],
      ${column((r) => r.lastRevision)}::bigint[],
      ${column((r) => r.lastPosition)}::text[], ${column((r) => r.logRows)}::bigint[],
      ${column((r) => r.logLastAt)}::timestamptz[], ${column((r) => r.logTimesOrdered)}::boolean[])`;
}

/**
 * Each row only if the table still holds the revision the batch started from (never twice). The
 * `= ANY` condition gives the planner an index scan on the accounts the batch names: joined with
 * the unnest alone, it hashed the unnest and scanned the whole table (every account, every
 * batch) while the table was small enough to look cheap.
 */
function updateAccounts(table: TableOf, rows: AccountRow[], batch: LedgerBatch) {
  const column = (pick: (row: AccountRow) => Element) => arrayLiteral(rows, pick);
  const before = (row: AccountRow) => batch.accountRevisions.get(row.account) as bigint;
  const accounts = column((r) => r.account);
  return sql`UPDATE ${table(balanceTables.accounts)} AS t
    SET status = u.status, balance = u.balance, held = u.held, daily_limit = u.daily_limit,
        last_revision = u.last_revision, last_position = u.last_position, log_rows = u.log_rows,
        log_last_at = u.log_last_at, log_times_ordered = u.log_times_ordered
    FROM unnest(${accounts}::text[], ${column((r) => r.status)}::text[],
      ${column((r) => amountText(r.balance, r.decimalPoint))}::numeric[],
      ${column((r) => amountText(r.held, r.decimalPoint))}::numeric[],
      ${column((r) => amountText(r.dailyLimit, r.decimalPoint))}::numeric[],
      ${column((r) => r.lastRevision)}::bigint[], ${column((r) => r.lastPosition)}::text[],
      ${column((r) => r.logRows)}::bigint[], ${column((r) => r.logLastAt)}::timestamptz[],
      ${column((r) => r.logTimesOrdered)}::boolean[], ${column(before)}::bigint[])
      AS u(account, status, balance, held, daily_limit, last_revision, last_position, log_rows,
        log_last_at, log_times_ordered, before)
    WHERE t.account = ANY(${accounts}::text[]) AND t.account = u.account
      AND t.last_revision = u.before AND t.last_revision < u.last_revision
    RETURNING 1`;
}

function writeHolds(table: TableOf, holds: HoldRow[]) {
  const column = (pick: (row: HoldRow) => Element) => arrayLiteral(holds, pick);
  // New holds are inserted whole; changed ones their status, amounts and times only.
  return sql`INSERT INTO ${table(balanceTables.holds)} AS t
    (hold_id, account, asset, amount, reason, status, amount_captured, amount_released, placed_at,
     expires_at, resolved_at, limit_account, limit_day, placed_revision, last_revision)
    SELECT * FROM unnest(${column((r) => r.holdId)}::text[], ${column((r) => r.account)}::text[],
      ${column((r) => r.asset)}::text[],
      ${column((r) => amountText(r.amount, r.decimalPoint))}::numeric[],
      ${column((r) => r.reason)}::text[], ${column((r) => r.status)}::text[],
      ${column((r) => amountText(r.amountCaptured, r.decimalPoint))}::numeric[],
      ${column((r) => amountText(r.amountReleased, r.decimalPoint))}::numeric[],
      ${column((r) => r.placedAt)}::timestamptz[], ${column((r) => r.expiresAt)}::timestamptz[],
      ${column((r) => r.resolvedAt)}::timestamptz[], ${column((r) => r.limitAccount)}::text[],
      ${column((r) => r.limitDay)}::text[], ${column((r) => r.placedRevision)}::bigint[],
      ${column((r) => r.lastRevision)}::bigint[])
    ON CONFLICT (hold_id) DO UPDATE SET status = excluded.status, amount = excluded.amount,
      amount_captured = excluded.amount_captured, amount_released = excluded.amount_released,
      resolved_at = excluded.resolved_at, last_revision = excluded.last_revision
      WHERE t.last_revision < excluded.last_revision AND t.status = 'open'
    RETURNING 1`;
}

/** Totals of assets that had none before this batch; a row that appeared meanwhile is refused. */
function insertAssetTotals(table: TableOf, rows: AssetTotalRow[]) {
  const column = (pick: (row: AssetTotalRow) => Element) => arrayLiteral(rows, pick);
  const amounts = (pick: (row: AssetTotalRow) => bigint) =>
    arrayLiteral(rows, (row) => formatMinorUnits(pick(row), row.decimalPoint));
  return sql`INSERT INTO ${table(balanceTables.assetTotals)}
    (asset, decimal_point, balance_total, member_balance_total, member_held_total,
     system_balance_total, member_accounts, system_accounts, account_transfer_rows,
     last_revision)
    SELECT * FROM unnest(${column((r) => r.asset)}::text[],
      ${column((r) => r.decimalPoint)}::smallint[], ${amounts((r) => r.balanceTotal)}::numeric[],
      ${amounts((r) => r.memberBalanceTotal)}::numeric[],
      ${amounts((r) => r.memberHeldTotal)}::numeric[],
      ${amounts((r) => r.systemBalanceTotal)}::numeric[],
      ${column((r) => r.memberAccounts)}::integer[], ${column((r) => r.systemAccounts)}::integer[],
      ${column((r) => r.accountTransferRows)}::bigint[], ${column((r) => r.lastRevision)}::bigint[])
    ON CONFLICT (asset) DO NOTHING
    RETURNING 1`;
}

/**
 * Each totals row only if the table still holds the revision the batch started from (read or
 * cached), as the account update does: a stale cache can never overwrite the books.
 */
function updateAssetTotals(table: TableOf, rows: AssetTotalRow[], batch: LedgerBatch) {
  const column = (pick: (row: AssetTotalRow) => Element) => arrayLiteral(rows, pick);
  const amounts = (pick: (row: AssetTotalRow) => bigint) =>
    arrayLiteral(rows, (row) => formatMinorUnits(pick(row), row.decimalPoint));
  const before = (row: AssetTotalRow) => batch.assetRevisions.get(row.asset) as bigint;
  const assets = column((r) => r.asset);
  return sql`UPDATE ${table(balanceTables.assetTotals)} AS t
    SET balance_total = u.balance_total, member_balance_total = u.member_balance_total,
      member_held_total = u.member_held_total, system_balance_total = u.system_balance_total,
      member_accounts = u.member_accounts, system_accounts = u.system_accounts,
      account_transfer_rows = u.account_transfer_rows, last_revision = u.last_revision
    FROM unnest(${assets}::text[], ${amounts((r) => r.balanceTotal)}::numeric[],
      ${amounts((r) => r.memberBalanceTotal)}::numeric[],
      ${amounts((r) => r.memberHeldTotal)}::numeric[],
      ${amounts((r) => r.systemBalanceTotal)}::numeric[],
      ${column((r) => r.memberAccounts)}::integer[], ${column((r) => r.systemAccounts)}::integer[],
      ${column((r) => r.accountTransferRows)}::bigint[], ${column((r) => r.lastRevision)}::bigint[],
      ${column(before)}::bigint[])
      AS u(asset, balance_total, member_balance_total, member_held_total, system_balance_total,
        member_accounts, system_accounts, account_transfer_rows, last_revision, before)
    WHERE t.asset = ANY(${assets}::text[]) AND t.asset = u.asset
      AND t.last_revision = u.before AND t.last_revision < u.last_revision
    RETURNING 1`;
}

function insertLog(table: TableOf, batch: LedgerBatch) {
  const rows = batch.log;
  const column = (pick: (row: (typeof rows)[number]) => Element) => arrayLiteral(rows, pick);
  const amount = (units: bigint | undefined, decimalPoint: number) =>
    units === undefined ? null : formatMinorUnits(units, decimalPoint);
  return sql`INSERT INTO ${table(balanceTables.balanceLog)}
    (entry, revision, position, occurred_at, event_type, cause, transfer_id, hold_id, asset, amount,
     debit_account, credit_account, debit_balance_after, debit_held_after, credit_balance_after,
     credit_held_after, actor, command_id, debit_ordinal, credit_ordinal)
    SELECT * FROM unnest(${column((r) => r.entry)}::bigint[],
      ${column((r) => r.revision)}::bigint[], ${column((r) => r.position)}::text[],
      ${column((r) => r.occurredAt)}::timestamptz[], ${column((r) => r.eventType)}::text[],
      ${column((r) => r.cause)}::text[], ${column((r) => r.transferId)}::text[],
      ${column((r) => r.holdId)}::text[], ${column((r) => r.asset)}::text[],
      ${column((r) => formatMinorUnits(r.amount, r.decimalPoint))}::numeric[],
      ${column((r) => r.debit?.account ?? null)}::text[],
      ${column((r) => r.credit?.account ?? null)}::text[],
      ${column((r) => amount(r.debit?.balanceAfter, r.decimalPoint))}::numeric[],
      ${column((r) => amount(r.debit?.heldAfter, r.decimalPoint))}::numeric[],
      ${column((r) => amount(r.credit?.balanceAfter, r.decimalPoint))}::numeric[],
      ${column((r) => amount(r.credit?.heldAfter, r.decimalPoint))}::numeric[],
      ${column((r) => r.actor)}::text[], ${column((r) => r.commandId)}::text[],
      ${column((r) => r.debit?.ordinal ?? null)}::bigint[],
      ${column((r) => r.credit?.ordinal ?? null)}::bigint[])`;
}

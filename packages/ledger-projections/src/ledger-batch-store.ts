import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { AccountRow, AssetTotalRow, HoldRow, LedgerBatch } from './ledger-batch.ts';
import { formatMinorUnits, minorUnitsOf } from './minor-units.ts';
import { balanceTables, type TableOf } from './read-model-tables.ts';

/**
 * Loads and writes the rows of one batch: ONE statement reads every row the batch names (accounts,
 * holds, asset totals, as JSON text), and ONE statement writes every change (`unnest` arrays),
 * whatever the batch size. Amounts travel as decimal text and are cast to numeric; the per-row
 * guard on `last_revision` refuses to apply an event twice even to a hand-repaired row.
 */

// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
type Trx = Transaction<any>;

/** An account row as the load sends it: the columns in table order, numbers as text. */
type AccountRecord = [
  account: string,
  seq: string | null,
  accountNumber: string | null,
  kind: AccountRow['kind'],
  memberId: string | null,
  memberSeq: string | null,
  systemRole: string | null,
  asset: string,
  decimalPoint: number,
  status: AccountRow['status'],
  balance: string,
  held: string,
  dailyLimit: string | null,
  isNegativeAllowed: boolean,
  openedAt: string,
  lastRevision: string,
  lastPosition: string,
];

function accountOf(row: AccountRecord): AccountRow {
  const decimalPoint = row[8];
  return {
    account: row[0],
    seq: row[1] === null ? null : Number(row[1]),
    accountNumber: row[2],
    kind: row[3],
    memberId: row[4],
    memberSeq: row[5] === null ? null : Number(row[5]),
    systemRole: row[6],
    asset: row[7],
    decimalPoint,
    status: row[9],
    balance: minorUnitsOf(row[10], decimalPoint),
    held: minorUnitsOf(row[11], decimalPoint),
    dailyLimit: row[12] === null ? null : minorUnitsOf(row[12], decimalPoint),
    isNegativeAllowed: row[13],
    openedAt: row[14],
    lastRevision: BigInt(row[15]),
    lastPosition: row[16],
  };
}

type HoldRecord = [
  holdId: string,
  account: string,
  asset: string,
  decimalPoint: number,
  amount: string,
  reason: string,
  status: HoldRow['status'],
  placedAt: string,
  expiresAt: string | null,
  limitAccount: string | null,
  limitDay: string | null,
  placedRevision: string,
  lastRevision: string,
];

type AssetTotalRecord = [
  asset: string,
  decimalPoint: number,
  balanceTotal: string,
  memberBalanceTotal: string,
  memberHeldTotal: string,
  systemBalanceTotal: string,
  memberAccounts: number,
  systemAccounts: number,
  lastRevision: string,
];

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds, truncated as a Date is). */
const isoTime = (column: RawBuilder<unknown>) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export async function loadBatchRows(
  trx: Trx,
  table: TableOf,
  batch: LedgerBatch,
  keys: { accounts: Set<string>; holds: Set<string>; assets: Set<string> },
): Promise<void> {
  if (keys.accounts.size === 0 && keys.holds.size === 0 && keys.assets.size === 0) return;
  const accounts = arrayLiteral([...keys.accounts]);
  const accountsTable = table(balanceTables.accounts);
  // An account's asset may be one no event of the batch names (a hold on it, a status change).
  const { rows } = await sql<{ accounts: string; holds: string; totals: string }>`
    WITH a AS (SELECT * FROM ${accountsTable} WHERE account = ANY(${accounts}::text[]))
    SELECT
      (SELECT coalesce(json_agg(json_build_array(a.account, a.seq::text, a.account_number, a.kind,
          a.member_id, a.member_seq::text, a.system_role, a.asset, a.decimal_point, a.status,
          a.balance::text, a.held::text, a.daily_limit::text, a.is_negative_allowed,
          ${isoTime(sql.ref('a.opened_at'))}, a.last_revision::text, a.last_position)), '[]')::text
         FROM a) AS accounts,
      (SELECT coalesce(json_agg(json_build_array(h.hold_id, h.account, h.asset, ac.decimal_point,
          h.amount::text, h.reason, h.status, ${isoTime(sql.ref('h.placed_at'))},
          ${isoTime(sql.ref('h.expires_at'))}, h.limit_account, h.limit_day,
          h.placed_revision::text, h.last_revision::text)), '[]')::text
         FROM ${table(balanceTables.holds)} h JOIN ${accountsTable} ac USING (account)
        WHERE h.hold_id = ANY(${arrayLiteral([...keys.holds])}::text[])) AS holds,
      (SELECT coalesce(json_agg(json_build_array(t.asset, t.decimal_point, t.balance_total::text,
          t.member_balance_total::text, t.member_held_total::text, t.system_balance_total::text,
          t.member_accounts, t.system_accounts, t.last_revision::text)), '[]')::text
         FROM ${table(balanceTables.assetTotals)} t
        WHERE t.asset = ANY(${arrayLiteral([...keys.assets])}::text[])
           OR t.asset IN (SELECT a.asset FROM a)) AS totals`.execute(trx);
  const loaded = rows[0];
  if (loaded === undefined) return;
  for (const row of JSON.parse(loaded.accounts) as AccountRecord[]) {
    batch.accounts.set(row[0], accountOf(row));
  }
  for (const row of JSON.parse(loaded.holds) as HoldRecord[]) {
    const decimalPoint = row[3];
    batch.holds.set(row[0], {
      holdId: row[0],
      account: row[1],
      asset: row[2],
      decimalPoint,
      amount: minorUnitsOf(row[4], decimalPoint),
      reason: row[5],
      status: row[6],
      amountCaptured: null,
      amountReleased: null,
      placedAt: row[7],
      expiresAt: row[8],
      resolvedAt: null,
      limitAccount: row[9],
      limitDay: row[10],
      placedRevision: BigInt(row[11]),
      lastRevision: BigInt(row[12]),
    });
  }
  for (const row of JSON.parse(loaded.totals) as AssetTotalRecord[]) {
    const units = (text: string) => minorUnitsOf(text, row[1]);
    batch.assets.set(row[0], {
      asset: row[0],
      decimalPoint: row[1],
      balanceTotal: units(row[2]),
      memberBalanceTotal: units(row[3]),
      memberHeldTotal: units(row[4]),
      systemBalanceTotal: units(row[5]),
      memberAccounts: row[6],
      systemAccounts: row[7],
      lastRevision: BigInt(row[8]),
    });
  }
}

const amountText = (units: bigint | null, decimalPoint: number) =>
  units === null ? null : formatMinorUnits(units, decimalPoint);

/**
 * A Postgres array literal of text elements (cast in SQL to the column's array type): every
 * element quoted, NULL for null. Built here rather than by node-postgres, whose per-element
 * escaping (two regular-expression replaces per element) and intermediate strings were a visible
 * part of the projector's CPU per batch.
 */
export function arrayLiteral(
  values: readonly (string | number | bigint | boolean | null)[],
): string {
  let text = '{';
  for (let index = 0; index < values.length; index += 1) {
    if (index > 0) text += ',';
    const value = values[index];
    if (value === null || value === undefined) {
      text += 'NULL';
      continue;
    }
    const element = String(value);
    text += needsEscape.test(element)
      ? `"${element.replace(escaped, (character) => `\\${character}`)}"`
      : `"${element}"`;
  }
  return `${text}}`;
}
const needsEscape = /["\\]/;
const escaped = /["\\]/g;

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
  const parts: RawBuilder<unknown>[] = [];
  if (opened.length > 0) parts.push(sql`opened AS (${insertAccounts(table, opened)})`);
  if (changed.length > 0) parts.push(sql`changed AS (${updateAccounts(table, changed)})`);
  if (holds.length > 0) parts.push(sql`holds AS (${writeHolds(table, holds)})`);
  if (assets.length > 0) parts.push(sql`totals AS (${upsertAssetTotals(table, assets)})`);
  if (batch.log.length > 0) parts.push(sql`log AS (${insertLog(table, batch)})`);
  if (parts.length === 0) return;
  const count = (name: string, present: boolean) =>
    present ? sql`(SELECT count(*) FROM ${sql.id(name)})::int` : sql`0`;
  const { rows } = await sql<{ changed: number; holds: number }>`WITH ${sql.join(parts, sql`, `)}
    SELECT ${count('changed', changed.length > 0)} AS changed,
      ${count('holds', holds.length > 0)} AS holds`.execute(trx);
  const written = rows[0];
  if (written?.changed !== changed.length) {
    throw new Error('an account row is already at or past this batch: applied twice');
  }
  if (written.holds !== holds.length) throw new Error('a hold row was resolved twice');
}

function insertAccounts(table: TableOf, rows: AccountRow[]) {
  const column = (pick: (row: AccountRow) => string | number | boolean | null) =>
    arrayLiteral(rows.map(pick));
  return sql`INSERT INTO ${table(balanceTables.accounts)}
    (account, seq, account_number, kind, member_id, member_seq, system_role, asset, decimal_point,
     status, balance, held, daily_limit, is_negative_allowed, opened_at, last_revision, last_position)
    SELECT * FROM unnest(${column((r) => r.account)}::text[], ${column((r) => r.seq)}::bigint[],
      ${column((r) => r.accountNumber)}::text[], ${column((r) => r.kind)}::text[],
      ${column((r) => r.memberId)}::text[], ${column((r) => r.memberSeq)}::bigint[],
      ${column((r) => r.systemRole)}::text[], ${column((r) => r.asset)}::text[],
      ${column((r) => r.decimalPoint)}::smallint[], ${column((r) => r.status)}::text[],
      ${column((r) => amountText(r.balance, r.decimalPoint))}::numeric[],
      ${column((r) => amountText(r.held, r.decimalPoint))}::numeric[],
      ${column((r) => amountText(r.dailyLimit, r.decimalPoint))}::numeric[],
      ${column((r) => r.isNegativeAllowed)}::boolean[], ${column((r) => r.openedAt)}::timestamptz[],
      ${column((r) => r.lastRevision.toString())}::bigint[],
      ${column((r) => r.lastPosition)}::text[])`;
}

function updateAccounts(table: TableOf, rows: AccountRow[]) {
  const column = (pick: (row: AccountRow) => string | null) => arrayLiteral(rows.map(pick));
  return sql`UPDATE ${table(balanceTables.accounts)} AS t
    SET status = u.status, balance = u.balance, held = u.held, daily_limit = u.daily_limit,
        last_revision = u.last_revision, last_position = u.last_position
    FROM unnest(${column((r) => r.account)}::text[], ${column((r) => r.status)}::text[],
      ${column((r) => amountText(r.balance, r.decimalPoint))}::numeric[],
      ${column((r) => amountText(r.held, r.decimalPoint))}::numeric[],
      ${column((r) => amountText(r.dailyLimit, r.decimalPoint))}::numeric[],
      ${column((r) => r.lastRevision.toString())}::bigint[], ${column((r) => r.lastPosition)}::text[])
      AS u(account, status, balance, held, daily_limit, last_revision, last_position)
    WHERE t.account = u.account AND t.last_revision < u.last_revision
    RETURNING 1`;
}

function writeHolds(table: TableOf, holds: HoldRow[]) {
  const column = (pick: (row: HoldRow) => string | null) => arrayLiteral(holds.map(pick));
  // New holds are inserted whole; resolved ones change their status, amounts and times only.
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
      ${column((r) => r.limitDay)}::text[], ${column((r) => r.placedRevision.toString())}::bigint[],
      ${column((r) => r.lastRevision.toString())}::bigint[])
    ON CONFLICT (hold_id) DO UPDATE SET status = excluded.status,
      amount_captured = excluded.amount_captured, amount_released = excluded.amount_released,
      resolved_at = excluded.resolved_at, last_revision = excluded.last_revision
      WHERE t.last_revision < excluded.last_revision AND t.status = 'open'
    RETURNING 1`;
}

function upsertAssetTotals(table: TableOf, rows: AssetTotalRow[]) {
  const column = (pick: (row: AssetTotalRow) => string | number) => arrayLiteral(rows.map(pick));
  const amounts = (pick: (row: AssetTotalRow) => bigint) =>
    arrayLiteral(rows.map((row) => formatMinorUnits(pick(row), row.decimalPoint)));
  return sql`INSERT INTO ${table(balanceTables.assetTotals)} AS t
    (asset, decimal_point, balance_total, member_balance_total, member_held_total,
     system_balance_total, member_accounts, system_accounts, last_revision)
    SELECT * FROM unnest(${column((r) => r.asset)}::text[],
      ${column((r) => r.decimalPoint)}::smallint[], ${amounts((r) => r.balanceTotal)}::numeric[],
      ${amounts((r) => r.memberBalanceTotal)}::numeric[],
      ${amounts((r) => r.memberHeldTotal)}::numeric[],
      ${amounts((r) => r.systemBalanceTotal)}::numeric[],
      ${column((r) => r.memberAccounts)}::integer[], ${column((r) => r.systemAccounts)}::integer[],
      ${column((r) => r.lastRevision.toString())}::bigint[])
    ON CONFLICT (asset) DO UPDATE SET balance_total = excluded.balance_total,
      member_balance_total = excluded.member_balance_total,
      member_held_total = excluded.member_held_total,
      system_balance_total = excluded.system_balance_total,
      member_accounts = excluded.member_accounts, system_accounts = excluded.system_accounts,
      last_revision = excluded.last_revision`;
}

function insertLog(table: TableOf, batch: LedgerBatch) {
  const rows = batch.log;
  const column = (pick: (row: (typeof rows)[number]) => string | null) =>
    arrayLiteral(rows.map(pick));
  const amount = (units: bigint | undefined, decimalPoint: number) =>
    units === undefined ? null : formatMinorUnits(units, decimalPoint);
  return sql`INSERT INTO ${table(balanceTables.balanceLog)}
    (entry, revision, position, occurred_at, event_type, cause, transfer_id, hold_id, asset, amount,
     debit_account, credit_account, debit_balance_after, debit_held_after, credit_balance_after,
     credit_held_after, actor, command_id)
    SELECT * FROM unnest(${column((r) => r.entry.toString())}::bigint[],
      ${column((r) => r.revision.toString())}::bigint[], ${column((r) => r.position)}::text[],
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
      ${column((r) => r.actor)}::text[], ${column((r) => r.commandId)}::text[])`;
}

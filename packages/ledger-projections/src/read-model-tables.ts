import type { ProjectionContext } from '@ledger/projection-runner';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import { accountTransferRowPredicate } from './account-transfer-queries.ts';

/**
 * The DDL of both ledger projections, one function per projection, run by their `setup` (a new
 * version's tables, or the auditor's scratch schema). Version 1 of the same tables comes from
 * migration 0006 so the query API can read before the projector first registers; the text here
 * must stay identical to it. Amounts are `numeric`, never int8 (18-decimal assets).
 */

export const balanceTables = {
  accounts: 'ledger_accounts',
  balanceLog: 'ledger_balance_log',
  holds: 'ledger_holds',
  assetTotals: 'ledger_asset_totals',
} as const;

export const profileTables = {
  profiles: 'ledger_account_profiles',
  adjustments: 'ledger_adjustments',
  adminActivity: 'ledger_admin_activity',
} as const;

/** The physical table of a logical one, as an identifier (schema-qualified names allowed). */
export type TableOf = (logicalName: string) => RawBuilder<unknown>;

export function tableOf(context: Pick<ProjectionContext, 'table'>): TableOf {
  return (logicalName) => sql.table(context.table(logicalName));
}

/** An index name from the physical table's own name (an index lives in its table's schema). */
function indexOf(context: Pick<ProjectionContext, 'table'>, logicalName: string, suffix: string) {
  const physical = context.table(logicalName);
  return sql.id(`${physical.slice(physical.lastIndexOf('.') + 1)}_${suffix}`);
}

// biome-ignore lint/suspicious/noExplicitAny: DDL runs on any schema.
type Trx = Transaction<any>;

export async function createBalanceTables(trx: Trx, context: Pick<ProjectionContext, 'table'>) {
  const table = tableOf(context);
  const index = (name: string, suffix: string) => indexOf(context, name, suffix);
  const { accounts, balanceLog, holds, assetTotals } = balanceTables;
  await sql`CREATE TABLE IF NOT EXISTS ${table(accounts)} (
    account text COLLATE "C" PRIMARY KEY, seq bigint, account_number text COLLATE "C",
    kind text NOT NULL, member_id text, member_seq bigint, system_role text,
    asset text COLLATE "C" NOT NULL, decimal_point smallint NOT NULL, status text NOT NULL,
    balance numeric NOT NULL, held numeric NOT NULL, daily_limit numeric,
    is_negative_allowed boolean NOT NULL, opened_at timestamptz NOT NULL,
    last_revision bigint NOT NULL, last_position text COLLATE "C" NOT NULL,
    log_rows bigint NOT NULL DEFAULT 0, log_last_at timestamptz,
    log_times_ordered boolean NOT NULL DEFAULT true)`.execute(trx);
  await sql`CREATE UNIQUE INDEX IF NOT EXISTS ${index(accounts, 'seq')} ON ${table(accounts)} (seq)`.execute(
    trx,
  );
  await sql`CREATE UNIQUE INDEX IF NOT EXISTS ${index(accounts, 'number')} ON ${table(accounts)} (account_number)`.execute(
    trx,
  );
  await sql`CREATE INDEX IF NOT EXISTS ${index(accounts, 'member')} ON ${table(accounts)} (member_seq, asset, seq)`.execute(
    trx,
  );
  await sql`CREATE INDEX IF NOT EXISTS ${index(accounts, 'asset_kind')} ON ${table(accounts)} (asset, kind)`.execute(
    trx,
  );
  // The administrator's account list in index order (account-queries.ts): columns never updated.
  await sql`CREATE INDEX IF NOT EXISTS ${index(accounts, 'member_opened')} ON ${table(accounts)}
    (opened_at, seq) WHERE kind = 'member'`.execute(trx);
  await sql`CREATE INDEX IF NOT EXISTS ${index(accounts, 'member_asset')} ON ${table(accounts)}
    (asset, seq) WHERE kind = 'member'`.execute(trx);
  // Frozen accounts only (a status change is rare; a balance update leaves the status as it was).
  await sql`CREATE INDEX IF NOT EXISTS ${index(accounts, 'member_frozen')} ON ${table(accounts)}
    (opened_at, seq) WHERE kind = 'member' AND status = 'fraud'`.execute(trx);
  await sql`CREATE TABLE IF NOT EXISTS ${table(balanceLog)} (
    entry bigint PRIMARY KEY, revision bigint NOT NULL, position text COLLATE "C" NOT NULL,
    occurred_at timestamptz NOT NULL, event_type text NOT NULL, cause text NOT NULL,
    transfer_id text, hold_id text, asset text COLLATE "C" NOT NULL, amount numeric NOT NULL,
    debit_account text COLLATE "C", credit_account text COLLATE "C",
    debit_balance_after numeric, debit_held_after numeric,
    credit_balance_after numeric, credit_held_after numeric,
    actor text NOT NULL, command_id text NOT NULL, debit_ordinal bigint, credit_ordinal bigint)`.execute(
    trx,
  );
  await sql`CREATE INDEX IF NOT EXISTS ${index(balanceLog, 'debit')} ON ${table(balanceLog)}
    (debit_account, occurred_at, entry) WHERE debit_account IS NOT NULL`.execute(trx);
  await sql`CREATE INDEX IF NOT EXISTS ${index(balanceLog, 'credit')} ON ${table(balanceLog)}
    (credit_account, occurred_at, entry) WHERE credit_account IS NOT NULL`.execute(trx);
  // Bookmarks for deep pages: every 256th row of each account (balance-log-queries.ts).
  await sql`CREATE INDEX IF NOT EXISTS ${index(balanceLog, 'debit_bookmark')} ON ${table(balanceLog)}
    (debit_account, debit_ordinal) WHERE debit_ordinal % 256 = 0`.execute(trx);
  await sql`CREATE INDEX IF NOT EXISTS ${index(balanceLog, 'credit_bookmark')} ON ${table(balanceLog)}
    (credit_account, credit_ordinal) WHERE credit_ordinal % 256 = 0`.execute(trx);
  // The administrator's account-transfer list in index order (account-transfer-queries.ts).
  await sql`CREATE INDEX IF NOT EXISTS ${index(balanceLog, 'account_transfer')} ON ${table(balanceLog)}
    (occurred_at, entry) INCLUDE (asset) WHERE ${sql.raw(accountTransferRowPredicate)}`.execute(
    trx,
  );
  await sql`CREATE TABLE IF NOT EXISTS ${table(holds)} (
    hold_id text COLLATE "C" PRIMARY KEY, account text COLLATE "C" NOT NULL,
    asset text COLLATE "C" NOT NULL, amount numeric NOT NULL, reason text NOT NULL,
    status text NOT NULL, amount_captured numeric, amount_released numeric,
    placed_at timestamptz NOT NULL, expires_at timestamptz, resolved_at timestamptz,
    limit_account text, limit_day text, placed_revision bigint NOT NULL,
    last_revision bigint NOT NULL)`.execute(trx);
  await sql`CREATE INDEX IF NOT EXISTS ${index(holds, 'open')} ON ${table(holds)} (account)
    WHERE status = 'open'`.execute(trx);
  await sql`CREATE TABLE IF NOT EXISTS ${table(assetTotals)} (
    asset text COLLATE "C" PRIMARY KEY, decimal_point smallint NOT NULL,
    balance_total numeric NOT NULL, member_balance_total numeric NOT NULL,
    member_held_total numeric NOT NULL, system_balance_total numeric NOT NULL,
    member_accounts integer NOT NULL, system_accounts integer NOT NULL,
    last_revision bigint NOT NULL, account_transfer_rows bigint NOT NULL DEFAULT 0)`.execute(trx);
}

export async function createProfileTables(trx: Trx, context: Pick<ProjectionContext, 'table'>) {
  const table = tableOf(context);
  const index = (name: string, suffix: string) => indexOf(context, name, suffix);
  const { profiles, adjustments, adminActivity } = profileTables;
  await sql`CREATE TABLE IF NOT EXISTS ${table(profiles)} (
    seq bigint PRIMARY KEY, account text COLLATE "C" NOT NULL, member_seq bigint NOT NULL,
    title text NOT NULL, titled_at timestamptz NOT NULL, status_reason text,
    status_noted_at timestamptz, status_noted_by text,
    last_position text COLLATE "C" NOT NULL)`.execute(trx);
  await sql`CREATE TABLE IF NOT EXISTS ${table(adjustments)} (
    adjustment_id text COLLATE "C" PRIMARY KEY, account text COLLATE "C" NOT NULL,
    account_seq bigint NOT NULL, member_seq bigint NOT NULL, asset text COLLATE "C" NOT NULL,
    direction text NOT NULL, amount numeric NOT NULL, reason text NOT NULL, status text NOT NULL,
    approval_required boolean NOT NULL, proposed_by bigint NOT NULL,
    proposed_at timestamptz NOT NULL, decided_by bigint, decided_at timestamptz,
    decision_reason text, transfer_id text, ledger_revision bigint, executed_at timestamptz,
    failure jsonb, last_position text COLLATE "C" NOT NULL)`.execute(trx);
  // The administrator's search by title (account-queries.ts): pg_trgm, created by migration 0035.
  await sql`CREATE INDEX IF NOT EXISTS ${index(profiles, 'title_trigram')} ON ${table(profiles)}
    USING gin (title gin_trgm_ops)`.execute(trx);
  // ... and by one or two characters, which have no trigram: the title's characters, migration 0037.
  await sql`CREATE INDEX IF NOT EXISTS ${index(profiles, 'title_characters')} ON ${table(profiles)}
    USING gin (string_to_array(lower(title), NULL))`.execute(trx);
  await sql`CREATE INDEX IF NOT EXISTS ${index(adjustments, 'status')} ON ${table(adjustments)}
    (status, proposed_at)`.execute(trx);
  await sql`CREATE INDEX IF NOT EXISTS ${index(adjustments, 'account')} ON ${table(adjustments)}
    (account_seq, proposed_at)`.execute(trx);
  await sql`CREATE TABLE IF NOT EXISTS ${table(adminActivity)} (
    event_id uuid PRIMARY KEY, position text COLLATE "C" NOT NULL,
    occurred_at timestamptz NOT NULL, actor text NOT NULL, action text NOT NULL,
    account_seq bigint, adjustment_id text, detail jsonb NOT NULL)`.execute(trx);
  await sql`CREATE INDEX IF NOT EXISTS ${index(adminActivity, 'position')} ON ${table(adminActivity)}
    (position)`.execute(trx);
  await sql`CREATE INDEX IF NOT EXISTS ${index(adminActivity, 'account')} ON ${table(adminActivity)}
    (account_seq, position)`.execute(trx);
}

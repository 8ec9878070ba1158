import { type Kysely, sql } from 'kysely';

/**
 * The ledger's read models, version 1 (docs/adr/0011-ledger-projections-and-auditor.md): the
 * `ledger-balances` projection's accounts, balance-change log, holds and per-asset totals, and
 * the `ledger-profiles` projection's wallet account profiles, forced adjustments and
 * administrators' ledger activity, with the views readers use (the projection runner re-points
 * them when a later version is swapped in), and the sequence wallet account seqs come from.
 * The DDL is the same text the projections' `setup` runs for later versions and for the
 * auditor's scratch schema. Frozen in time: later changes are new migrations.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SEQUENCE ledger_account_seq AS bigint MINVALUE 1 MAXVALUE 9999999999`.execute(
    db,
  );
  await sql`
    CREATE TABLE ledger_accounts_v1 (
      account text COLLATE "C" PRIMARY KEY, seq bigint, account_number text COLLATE "C",
      kind text NOT NULL, member_id text, member_seq bigint, system_role text,
      asset text COLLATE "C" NOT NULL, decimal_point smallint NOT NULL, status text NOT NULL,
      balance numeric NOT NULL, held numeric NOT NULL, daily_limit numeric,
      is_negative_allowed boolean NOT NULL, opened_at timestamptz NOT NULL,
      last_revision bigint NOT NULL, last_position text COLLATE "C" NOT NULL);
    CREATE UNIQUE INDEX ledger_accounts_v1_seq ON ledger_accounts_v1 (seq);
    CREATE UNIQUE INDEX ledger_accounts_v1_number ON ledger_accounts_v1 (account_number);
    CREATE INDEX ledger_accounts_v1_member ON ledger_accounts_v1 (member_seq, asset, seq);
    CREATE INDEX ledger_accounts_v1_asset_kind ON ledger_accounts_v1 (asset, kind);
    CREATE TABLE ledger_balance_log_v1 (
      entry bigint PRIMARY KEY, revision bigint NOT NULL, position text COLLATE "C" NOT NULL,
      occurred_at timestamptz NOT NULL, event_type text NOT NULL, cause text NOT NULL,
      transfer_id text, hold_id text, asset text COLLATE "C" NOT NULL, amount numeric NOT NULL,
      debit_account text COLLATE "C", credit_account text COLLATE "C",
      debit_balance_after numeric, debit_held_after numeric,
      credit_balance_after numeric, credit_held_after numeric,
      actor text NOT NULL, command_id text NOT NULL);
    CREATE INDEX ledger_balance_log_v1_debit ON ledger_balance_log_v1
      (debit_account, occurred_at, entry) WHERE debit_account IS NOT NULL;
    CREATE INDEX ledger_balance_log_v1_credit ON ledger_balance_log_v1
      (credit_account, occurred_at, entry) WHERE credit_account IS NOT NULL;
    CREATE TABLE ledger_holds_v1 (
      hold_id text COLLATE "C" PRIMARY KEY, account text COLLATE "C" NOT NULL,
      asset text COLLATE "C" NOT NULL, amount numeric NOT NULL, reason text NOT NULL,
      status text NOT NULL, amount_captured numeric, amount_released numeric,
      placed_at timestamptz NOT NULL, expires_at timestamptz, resolved_at timestamptz,
      limit_account text, limit_day text, placed_revision bigint NOT NULL,
      last_revision bigint NOT NULL);
    CREATE INDEX ledger_holds_v1_open ON ledger_holds_v1 (account) WHERE status = 'open';
    CREATE TABLE ledger_asset_totals_v1 (
      asset text COLLATE "C" PRIMARY KEY, decimal_point smallint NOT NULL,
      balance_total numeric NOT NULL, member_balance_total numeric NOT NULL,
      member_held_total numeric NOT NULL, system_balance_total numeric NOT NULL,
      member_accounts integer NOT NULL, system_accounts integer NOT NULL,
      last_revision bigint NOT NULL);
    CREATE VIEW ledger_accounts AS SELECT * FROM ledger_accounts_v1;
    CREATE VIEW ledger_balance_log AS SELECT * FROM ledger_balance_log_v1;
    CREATE VIEW ledger_holds AS SELECT * FROM ledger_holds_v1;
    CREATE VIEW ledger_asset_totals AS SELECT * FROM ledger_asset_totals_v1;
  `.execute(db);
  await sql`
    CREATE TABLE ledger_account_profiles_v1 (
      seq bigint PRIMARY KEY, account text COLLATE "C" NOT NULL, member_seq bigint NOT NULL,
      title text NOT NULL, titled_at timestamptz NOT NULL, status_reason text,
      status_noted_at timestamptz, status_noted_by text,
      last_position text COLLATE "C" NOT NULL);
    CREATE TABLE ledger_adjustments_v1 (
      adjustment_id text COLLATE "C" PRIMARY KEY, account text COLLATE "C" NOT NULL,
      account_seq bigint NOT NULL, member_seq bigint NOT NULL, asset text COLLATE "C" NOT NULL,
      direction text NOT NULL, amount numeric NOT NULL, reason text NOT NULL, status text NOT NULL,
      approval_required boolean NOT NULL, proposed_by bigint NOT NULL,
      proposed_at timestamptz NOT NULL, decided_by bigint, decided_at timestamptz,
      decision_reason text, transfer_id text, ledger_revision bigint, executed_at timestamptz,
      failure jsonb, last_position text COLLATE "C" NOT NULL);
    CREATE INDEX ledger_adjustments_v1_status ON ledger_adjustments_v1 (status, proposed_at);
    CREATE INDEX ledger_adjustments_v1_account ON ledger_adjustments_v1 (account_seq, proposed_at);
    CREATE TABLE ledger_admin_activity_v1 (
      event_id uuid PRIMARY KEY, position text COLLATE "C" NOT NULL,
      occurred_at timestamptz NOT NULL, actor text NOT NULL, action text NOT NULL,
      account_seq bigint, adjustment_id text, detail jsonb NOT NULL);
    CREATE INDEX ledger_admin_activity_v1_position ON ledger_admin_activity_v1 (position);
    CREATE INDEX ledger_admin_activity_v1_account ON ledger_admin_activity_v1 (account_seq, position);
    CREATE VIEW ledger_account_profiles AS SELECT * FROM ledger_account_profiles_v1;
    CREATE VIEW ledger_adjustments AS SELECT * FROM ledger_adjustments_v1;
    CREATE VIEW ledger_admin_activity AS SELECT * FROM ledger_admin_activity_v1;
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP VIEW IF EXISTS ledger_admin_activity, ledger_adjustments, ledger_account_profiles,
      ledger_asset_totals, ledger_holds, ledger_balance_log, ledger_accounts;
    DROP TABLE ledger_admin_activity_v1, ledger_adjustments_v1, ledger_account_profiles_v1,
      ledger_asset_totals_v1, ledger_holds_v1, ledger_balance_log_v1, ledger_accounts_v1;
    DROP SEQUENCE ledger_account_seq;
  `.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * The `withdrawals` projection's read models, version 1 (docs/adr/0014): withdrawals (the
 * request and where its process stands), withdraw transfers (from, to, txid, amount, fee_amount,
 * status, message) and the withdraw policy per asset, with the views readers use. The DDL is the
 * text the projection's `setup` runs for later versions. Amounts are numeric. Frozen in time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE withdrawals_v1 (
      withdrawal_id text COLLATE "C" PRIMARY KEY, member_seq bigint NOT NULL,
      account_seq bigint NOT NULL, account text COLLATE "C" NOT NULL,
      asset text COLLATE "C" NOT NULL, decimal_point smallint NOT NULL,
      request_amount numeric NOT NULL, fee_type text NOT NULL, fee_amount numeric NOT NULL,
      fee_asset text COLLATE "C" NOT NULL, fee_decimal_point smallint NOT NULL,
      fee_account_seq bigint NOT NULL, net_amount numeric NOT NULL, to_address text NOT NULL,
      memo text, bank_code text, address_certification_seq bigint, status text NOT NULL,
      hold text NOT NULL, refusal jsonb, decided_by bigint, reason text, txid text,
      confirmed_txid text, has_created_transfer boolean NOT NULL DEFAULT false,
      requested_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
      last_position text COLLATE "C" NOT NULL);
    CREATE INDEX withdrawals_v1_member ON withdrawals_v1 (member_seq, requested_at);
    CREATE INDEX withdrawals_v1_status ON withdrawals_v1 (status, requested_at);
    CREATE INDEX withdrawals_v1_address ON withdrawals_v1 (asset, to_address);
    CREATE TABLE withdraw_transfers_v1 (
      transfer_id text COLLATE "C" PRIMARY KEY, withdrawal_id text COLLATE "C" NOT NULL,
      asset text COLLATE "C" NOT NULL, decimal_point smallint NOT NULL, from_address text,
      to_address text NOT NULL, txid text, amount numeric NOT NULL, fee_amount numeric,
      status text NOT NULL, message text, created_by text NOT NULL,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL);
    CREATE INDEX withdraw_transfers_v1_withdrawal ON withdraw_transfers_v1 (withdrawal_id);
    CREATE INDEX withdraw_transfers_v1_created ON withdraw_transfers_v1 (created_at);
    CREATE TABLE withdraw_policies_v1 (
      asset text COLLATE "C" PRIMARY KEY, one_time_limit numeric, daily_limit numeric,
      fee_type text NOT NULL, fee_amount numeric NOT NULL, fee_asset text COLLATE "C" NOT NULL,
      set_by bigint NOT NULL, set_at timestamptz NOT NULL);
    CREATE VIEW withdrawals AS SELECT * FROM withdrawals_v1;
    CREATE VIEW withdraw_transfers AS SELECT * FROM withdraw_transfers_v1;
    CREATE VIEW withdraw_policies AS SELECT * FROM withdraw_policies_v1;
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP VIEW IF EXISTS withdraw_policies, withdraw_transfers, withdrawals;
    DROP TABLE withdraw_policies_v1, withdraw_transfers_v1, withdrawals_v1;
  `.execute(db);
}

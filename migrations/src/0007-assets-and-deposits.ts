import { type Kysely, sql } from 'kysely';

/**
 * The `assets` projection's read models, version 1 (docs/adr/0012-assets-chain-and-deposits.md):
 * the asset catalog, asset plug-ins, deposit addresses, chain deposits and deposit requests, with
 * the views readers use. The same DDL as the projection's `setup` (packages/assets-store
 * asset-tables.ts). Frozen in time: later changes are new migrations.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE asset_catalog_v1 (
      code text COLLATE "C" PRIMARY KEY, title text NOT NULL, decimal_point smallint NOT NULL,
      allow_deposit boolean NOT NULL, allow_withdraw boolean NOT NULL, is_active boolean NOT NULL,
      output_order integer NOT NULL, withdraw_fees jsonb NOT NULL, deposit_extra_form jsonb NOT NULL,
      withdraw_extra_form jsonb NOT NULL, minimum_deposit numeric NOT NULL,
      memo_required boolean NOT NULL, confirmations_required integer NOT NULL,
      is_frozen boolean NOT NULL, frozen_reason text, frozen_at timestamptz,
      registered_at timestamptz NOT NULL, changed_at timestamptz,
      last_position text COLLATE "C" NOT NULL);
    CREATE TABLE asset_plugins_v1 (
      plugin_id text COLLATE "C" PRIMARY KEY, asset text COLLATE "C" NOT NULL, plugin text NOT NULL,
      title text NOT NULL, start_block bigint NOT NULL, allow_scan boolean NOT NULL,
      registered_at timestamptz NOT NULL, changed_at timestamptz,
      last_position text COLLATE "C" NOT NULL);
    CREATE INDEX asset_plugins_v1_asset ON asset_plugins_v1 (asset);
    CREATE TABLE deposit_addresses_v1 (
      account_seq bigint PRIMARY KEY, account text COLLATE "C" NOT NULL, member_seq bigint NOT NULL,
      asset text COLLATE "C" NOT NULL, kind text NOT NULL, chain text COLLATE "C",
      address text COLLATE "C" NOT NULL, memo text COLLATE "C", assigned_at timestamptz NOT NULL,
      last_position text COLLATE "C" NOT NULL);
    CREATE UNIQUE INDEX deposit_addresses_v1_target ON deposit_addresses_v1
      (coalesce(chain, ''), address, coalesce(memo, ''));
    CREATE TABLE chain_deposits_v1 (
      deposit_id text COLLATE "C" PRIMARY KEY, chain text COLLATE "C" NOT NULL,
      asset text COLLATE "C" NOT NULL, txid text COLLATE "C" NOT NULL, output integer NOT NULL,
      address text NOT NULL, memo text, amount numeric NOT NULL, block_height bigint NOT NULL,
      block_hash text NOT NULL, destination text NOT NULL, suspense_reason text, account text,
      account_seq bigint, member_seq bigint, status text NOT NULL, suspense_status text,
      reorged_after_credit boolean NOT NULL, reorg_depth integer, confirmations integer,
      transfer_id text, resolved_account_seq bigint, resolved_by text, resolution_reason text,
      detected_at timestamptz NOT NULL, first_detected_at timestamptz NOT NULL,
      credited_at timestamptz, resolved_at timestamptz, last_position text COLLATE "C" NOT NULL);
    CREATE INDEX chain_deposits_v1_chain_status ON chain_deposits_v1 (chain, status);
    CREATE INDEX chain_deposits_v1_member ON chain_deposits_v1 (member_seq, first_detected_at);
    CREATE INDEX chain_deposits_v1_detected ON chain_deposits_v1 (first_detected_at);
    CREATE TABLE deposit_requests_v1 (
      request_id text COLLATE "C" PRIMARY KEY, seq bigint NOT NULL, account text NOT NULL,
      account_seq bigint NOT NULL, member_seq bigint NOT NULL, asset text COLLATE "C" NOT NULL,
      request_amount numeric NOT NULL, status text NOT NULL, requested_at timestamptz NOT NULL,
      decided_by bigint, decided_at timestamptz, reason text, transfer_id text, failure jsonb,
      credited_at timestamptz, last_position text COLLATE "C" NOT NULL);
    CREATE UNIQUE INDEX deposit_requests_v1_seq ON deposit_requests_v1 (seq);
    CREATE INDEX deposit_requests_v1_status ON deposit_requests_v1 (status, requested_at);
    CREATE INDEX deposit_requests_v1_member ON deposit_requests_v1 (member_seq, requested_at);
    CREATE VIEW asset_catalog AS SELECT * FROM asset_catalog_v1;
    CREATE VIEW asset_plugins AS SELECT * FROM asset_plugins_v1;
    CREATE VIEW deposit_addresses AS SELECT * FROM deposit_addresses_v1;
    CREATE VIEW chain_deposits AS SELECT * FROM chain_deposits_v1;
    CREATE VIEW deposit_requests AS SELECT * FROM deposit_requests_v1;
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP VIEW IF EXISTS deposit_requests, chain_deposits, deposit_addresses, asset_plugins,
      asset_catalog;
    DROP TABLE IF EXISTS deposit_requests_v1, chain_deposits_v1, deposit_addresses_v1,
      asset_plugins_v1, asset_catalog_v1;
  `.execute(db);
}

import type { ProjectionContext } from '@ledger/projection-runner';
import { sql, type Transaction } from 'kysely';

/**
 * The DDL of the `assets` projection's read models, run by its `setup` for a new version. Version
 * 1 of the same tables comes from migration 0007 (so the query API can read before the projector
 * first registers); the text here must stay the same as there. Amounts are `numeric`.
 */
export const assetTables = {
  assets: 'asset_catalog',
  plugins: 'asset_plugins',
  addresses: 'deposit_addresses',
  chainDeposits: 'chain_deposits',
  depositRequests: 'deposit_requests',
} as const;

// biome-ignore lint/suspicious/noExplicitAny: DDL runs on any schema.
type Trx = Transaction<any>;

export async function createAssetTables(
  trx: Trx,
  context: Pick<ProjectionContext, 'table'>,
): Promise<void> {
  const t = (name: string) => sql.table(context.table(name));
  const i = (name: string, suffix: string) => {
    const physical = context.table(name);
    return sql.id(`${physical.slice(physical.lastIndexOf('.') + 1)}_${suffix}`);
  };
  const { assets, plugins, addresses, chainDeposits, depositRequests } = assetTables;
  await sql`CREATE TABLE IF NOT EXISTS ${t(assets)} (
    code text COLLATE "C" PRIMARY KEY, title text NOT NULL, decimal_point smallint NOT NULL,
    allow_deposit boolean NOT NULL, allow_withdraw boolean NOT NULL, is_active boolean NOT NULL,
    output_order integer NOT NULL, withdraw_fees jsonb NOT NULL, deposit_extra_form jsonb NOT NULL,
    withdraw_extra_form jsonb NOT NULL, minimum_deposit numeric NOT NULL,
    memo_required boolean NOT NULL, confirmations_required integer NOT NULL,
    is_frozen boolean NOT NULL, frozen_reason text, frozen_at timestamptz,
    registered_at timestamptz NOT NULL, changed_at timestamptz,
    last_position text COLLATE "C" NOT NULL)`.execute(trx);
  await sql`CREATE TABLE IF NOT EXISTS ${t(plugins)} (
    plugin_id text COLLATE "C" PRIMARY KEY, asset text COLLATE "C" NOT NULL, plugin text NOT NULL,
    title text NOT NULL, start_block bigint NOT NULL, allow_scan boolean NOT NULL,
    registered_at timestamptz NOT NULL, changed_at timestamptz,
    last_position text COLLATE "C" NOT NULL)`.execute(trx);
  await sql`CREATE INDEX IF NOT EXISTS ${i(plugins, 'asset')} ON ${t(plugins)} (asset)`.execute(
    trx,
  );
  await sql`CREATE TABLE IF NOT EXISTS ${t(addresses)} (
    account_seq bigint PRIMARY KEY, account text COLLATE "C" NOT NULL, member_seq bigint NOT NULL,
    asset text COLLATE "C" NOT NULL, kind text NOT NULL, chain text COLLATE "C",
    address text COLLATE "C" NOT NULL, memo text COLLATE "C", assigned_at timestamptz NOT NULL,
    last_position text COLLATE "C" NOT NULL)`.execute(trx);
  await sql`CREATE UNIQUE INDEX IF NOT EXISTS ${i(addresses, 'target')} ON ${t(addresses)}
    (coalesce(chain, ''), address, coalesce(memo, ''))`.execute(trx);
  await sql`CREATE TABLE IF NOT EXISTS ${t(chainDeposits)} (
    deposit_id text COLLATE "C" PRIMARY KEY, chain text COLLATE "C" NOT NULL,
    asset text COLLATE "C" NOT NULL, txid text COLLATE "C" NOT NULL, output integer NOT NULL,
    address text NOT NULL, memo text, amount numeric NOT NULL, block_height bigint NOT NULL,
    block_hash text NOT NULL, destination text NOT NULL, suspense_reason text, account text,
    account_seq bigint, member_seq bigint, status text NOT NULL, suspense_status text,
    reorged_after_credit boolean NOT NULL, reorg_depth integer, confirmations integer,
    transfer_id text, resolved_account_seq bigint, resolved_by text, resolution_reason text,
    detected_at timestamptz NOT NULL, first_detected_at timestamptz NOT NULL,
    credited_at timestamptz, resolved_at timestamptz, last_position text COLLATE "C" NOT NULL)`.execute(
    trx,
  );
  await sql`CREATE INDEX IF NOT EXISTS ${i(chainDeposits, 'chain_status')} ON ${t(chainDeposits)}
    (chain, status)`.execute(trx);
  await sql`CREATE INDEX IF NOT EXISTS ${i(chainDeposits, 'member')} ON ${t(chainDeposits)}
    (member_seq, first_detected_at)`.execute(trx);
  await sql`CREATE INDEX IF NOT EXISTS ${i(chainDeposits, 'detected')} ON ${t(chainDeposits)}
    (first_detected_at)`.execute(trx);
  await sql`CREATE TABLE IF NOT EXISTS ${t(depositRequests)} (
    request_id text COLLATE "C" PRIMARY KEY, seq bigint NOT NULL, account text NOT NULL,
    account_seq bigint NOT NULL, member_seq bigint NOT NULL, asset text COLLATE "C" NOT NULL,
    request_amount numeric NOT NULL, status text NOT NULL, requested_at timestamptz NOT NULL,
    decided_by bigint, decided_at timestamptz, reason text, transfer_id text, failure jsonb,
    credited_at timestamptz, last_position text COLLATE "C" NOT NULL)`.execute(trx);
  await sql`CREATE UNIQUE INDEX IF NOT EXISTS ${i(depositRequests, 'seq')} ON ${t(depositRequests)}
    (seq)`.execute(trx);
  await sql`CREATE INDEX IF NOT EXISTS ${i(depositRequests, 'status')} ON ${t(depositRequests)}
    (status, requested_at)`.execute(trx);
  await sql`CREATE INDEX IF NOT EXISTS ${i(depositRequests, 'member')} ON ${t(depositRequests)}
    (member_seq, requested_at)`.execute(trx);
}

import { type Kysely, sql } from 'kysely';

/**
 * The chain scanner's own progress (docs/adr/0012): per plug-in, the last block it processed and
 * the hash of every block it processed, so a reorg at any depth is found by comparing hashes.
 * Operational state like a projection checkpoint: the money and deposit facts are events.
 * And the built-in simulated chain (packages/chain): its canonical blocks and its transactions
 * (a transaction without a block height is in the mempool), kept so `npm start` survives
 * restarts. Frozen in time: later changes are new migrations.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE chain_scan_cursors (
      plugin_id text COLLATE "C" PRIMARY KEY, height bigint NOT NULL, hash text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE chain_scan_blocks (
      plugin_id text COLLATE "C" NOT NULL, height bigint NOT NULL, hash text NOT NULL,
      PRIMARY KEY (plugin_id, height));
    CREATE TABLE simulated_chain_state (
      chain text COLLATE "C" PRIMARY KEY, generation bigint NOT NULL, sent bigint NOT NULL);
    CREATE TABLE simulated_chain_blocks (
      chain text COLLATE "C" NOT NULL, height bigint NOT NULL, hash text NOT NULL,
      parent_hash text NOT NULL, PRIMARY KEY (chain, height));
    CREATE TABLE simulated_chain_transactions (
      chain text COLLATE "C" NOT NULL, txid text COLLATE "C" NOT NULL, block_height bigint,
      sequence bigint NOT NULL, status text NOT NULL, outputs jsonb NOT NULL,
      PRIMARY KEY (chain, txid));
    CREATE INDEX simulated_chain_transactions_block ON simulated_chain_transactions
      (chain, block_height, sequence);
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS simulated_chain_transactions, simulated_chain_blocks,
      simulated_chain_state, chain_scan_blocks, chain_scan_cursors;
  `.execute(db);
}

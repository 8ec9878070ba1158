import { type Kysely, sql } from 'kysely';

/**
 * The simulated chain remembers which transfer a broadcast transaction carries (a withdrawal's
 * transfer id), so broadcasting the same transfer again after a crash is the same transaction,
 * whatever its txid has become (malleated or not). Frozen in time: later changes are new migrations.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE simulated_chain_transactions ADD COLUMN transfer_id text COLLATE "C";
    CREATE UNIQUE INDEX simulated_chain_transactions_transfer ON simulated_chain_transactions
      (chain, transfer_id) WHERE transfer_id IS NOT NULL;
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP INDEX IF EXISTS simulated_chain_transactions_transfer;
    ALTER TABLE simulated_chain_transactions DROP COLUMN IF EXISTS transfer_id;
  `.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * The simulated chain's wallet (reliability test T25; docs/adr/0020, addendum of the tenth pass):
 * the addresses that are the exchange's own on each simulated chain — every deposit address it
 * issued, the shared address of a memo chain, and its treasury address. The wallet's holdings are
 * what the chain paid to them less what the exchange sent (`walletActivity`). A real adapter's
 * wallet knows its keys the same way. Existing deposit addresses are taken over from the
 * deposit-address read model once, here. Frozen in time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE simulated_chain_wallet_addresses (
      chain   text COLLATE "C" NOT NULL,
      address text COLLATE "C" NOT NULL,
      purpose text NOT NULL CHECK (purpose IN ('deposit', 'shared', 'treasury')),
      PRIMARY KEY (chain, address)
    );
    INSERT INTO simulated_chain_wallet_addresses (chain, address, purpose)
      SELECT DISTINCT chain, address, CASE kind WHEN 'chain_memo' THEN 'shared' ELSE 'deposit' END
        FROM deposit_addresses_v1
       WHERE chain IS NOT NULL AND kind IN ('chain', 'chain_memo')
      ON CONFLICT DO NOTHING;
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS simulated_chain_wallet_addresses`.execute(db);
}

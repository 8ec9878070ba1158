import { type Kysely, sql } from 'kysely';

/**
 * The administrator's account search by title (a substring, ILIKE '%…%') from a trigram index on
 * the wallet account profiles' titles, where it read every profile (about 80 ms a search at
 * 300,000 accounts; docs/adr/0011, addendum of 29 November, session 16). pg_trgm is a trusted
 * extension shipped with PostgreSQL (contrib): a database owner may create it. Titles change only
 * when a member renames an account, so the projector rarely touches the index. Frozen in time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS ledger_account_profiles_v1_title_trigram
      ON ledger_account_profiles_v1 USING gin (title gin_trgm_ops);
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX ledger_account_profiles_v1_title_trigram`.execute(db);
}

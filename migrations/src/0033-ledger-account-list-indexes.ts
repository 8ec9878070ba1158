import { type Kysely, sql } from 'kysely';

/**
 * The administrator's account list in index order: member accounts by opening time and by asset,
 * so that a page of the list newest first (the default) or by asset reads its rows from an index
 * instead of sorting every member account (about 600 ms a page at 300,000 accounts; docs/adr/0011,
 * addendum of 28 November, session 15). Both indexes are on columns an account never changes
 * (kind, asset, opened_at, seq), so the projector's balance updates stay heap-only. Built in the
 * migration's transaction. Frozen in time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX IF NOT EXISTS ledger_accounts_v1_member_opened ON ledger_accounts_v1
      (opened_at, seq) WHERE kind = 'member';
    CREATE INDEX IF NOT EXISTS ledger_accounts_v1_member_asset ON ledger_accounts_v1
      (asset, seq) WHERE kind = 'member';
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP INDEX ledger_accounts_v1_member_opened;
    DROP INDEX ledger_accounts_v1_member_asset;
  `.execute(db);
}

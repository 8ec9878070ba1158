import { type Kysely, sql } from 'kysely';

/**
 * The administrator's account list filtered to frozen (fraud) accounts, newest first, from a
 * partial index on just those accounts, where a page walked the index of every member account by
 * opening time and skipped the normal ones (about 33 ms a page at 300,000 accounts, 1 % frozen;
 * docs/adr/0011, addendum of 29 November, session 16); the filter's total counts the same index.
 * A balance update leaves the status as it was, so it stays heap-only; only a status change,
 * which is rare, touches the index. Frozen in time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX IF NOT EXISTS ledger_accounts_v1_member_frozen ON ledger_accounts_v1
      (opened_at, seq) WHERE kind = 'member' AND status = 'fraud';
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX ledger_accounts_v1_member_frozen`.execute(db);
}

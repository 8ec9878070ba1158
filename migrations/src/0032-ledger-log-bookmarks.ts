import { type Kysely, sql } from 'kysely';

/**
 * Bookmarks into each account's balance log: two partial indexes holding only the rows whose
 * ordinal on their side's account is a multiple of 256 (migration 0031 numbered them), one in
 * 256 of each side's rows. A deep page of an account whose rows came in time order starts from
 * the nearest bookmark and skips fewer than 256 rows, where it read `offset + limit` rows per side
 * (the last page of a million-row fee account: the whole log). docs/adr/0011, addendum of 28
 * November (session 15). Built in the migration's transaction, which holds the table against the
 * projector for the length of one scan of it. Frozen in time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX IF NOT EXISTS ledger_balance_log_v1_debit_bookmark ON ledger_balance_log_v1
      (debit_account, debit_ordinal) WHERE debit_ordinal % 256 = 0;
    CREATE INDEX IF NOT EXISTS ledger_balance_log_v1_credit_bookmark ON ledger_balance_log_v1
      (credit_account, credit_ordinal) WHERE credit_ordinal % 256 = 0;
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP INDEX ledger_balance_log_v1_debit_bookmark;
    DROP INDEX ledger_balance_log_v1_credit_bookmark;
  `.execute(db);
}

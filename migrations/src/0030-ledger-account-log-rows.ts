import { type Kysely, sql } from 'kysely';

/**
 * Each ledger account keeps the number of balance-log rows on it, both sides (`log_rows`): the
 * total of its log pages without a date filter is then one row, where it was a count over the
 * account's whole history on every page (docs/performance.md, "Twelfth pass"). The projector
 * keeps it from now on; existing rows are counted here, in the migration's transaction, which
 * holds the table against the projector meanwhile. The view is rebuilt to carry the column.
 * Frozen in time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE ledger_accounts_v1 ADD COLUMN log_rows bigint NOT NULL DEFAULT 0;
    UPDATE ledger_accounts_v1 AS a SET log_rows = c.rows
      FROM (SELECT account, count(*) AS rows FROM (
              SELECT debit_account AS account FROM ledger_balance_log_v1
               WHERE debit_account IS NOT NULL
              UNION ALL
              SELECT credit_account FROM ledger_balance_log_v1 WHERE credit_account IS NOT NULL
            ) AS sides GROUP BY account) AS c
     WHERE a.account = c.account;
    CREATE OR REPLACE VIEW ledger_accounts AS SELECT * FROM ledger_accounts_v1;
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP VIEW ledger_accounts;
    ALTER TABLE ledger_accounts_v1 DROP COLUMN log_rows;
    CREATE VIEW ledger_accounts AS SELECT * FROM ledger_accounts_v1;
  `.execute(db);
}

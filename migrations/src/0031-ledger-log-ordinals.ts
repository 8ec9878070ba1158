import { type Kysely, sql } from 'kysely';

/**
 * Each balance-log row carries its ordinal on each side's account (`debit_ordinal`,
 * `credit_ordinal`: 1 for the account's first row, counting the rows where it is on either side),
 * and each ledger account the time of its newest row and whether its rows' times never went
 * backwards (`log_last_at`, `log_times_ordered`). While they did not, a date range's total is the
 * difference of two ordinals, each read from one index entry, where it counted every row in the
 * range (docs/adr/0011, thirteenth-pass addendum). The projector keeps them from now on; existing
 * rows are numbered here, in entry order (the order the projector logged them), in the
 * migration's transaction, which holds the tables against the projector meanwhile. The views are
 * rebuilt to carry the columns. Frozen in time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE ledger_balance_log_v1 ADD COLUMN debit_ordinal bigint,
      ADD COLUMN credit_ordinal bigint;
    ALTER TABLE ledger_accounts_v1 ADD COLUMN log_last_at timestamptz,
      ADD COLUMN log_times_ordered boolean NOT NULL DEFAULT true;
    CREATE TEMPORARY TABLE ledger_log_sides ON COMMIT DROP AS
      SELECT entry, side, account, occurred_at,
             row_number() OVER (PARTITION BY account ORDER BY entry) AS ordinal,
             max(occurred_at) OVER (PARTITION BY account ORDER BY entry
               ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS latest_before
        FROM (SELECT entry, 'debit' AS side, debit_account AS account, occurred_at
                FROM ledger_balance_log_v1 WHERE debit_account IS NOT NULL
              UNION ALL
              SELECT entry, 'credit', credit_account, occurred_at
                FROM ledger_balance_log_v1 WHERE credit_account IS NOT NULL) AS sides;
    UPDATE ledger_balance_log_v1 AS l
       SET debit_ordinal = n.debit_ordinal, credit_ordinal = n.credit_ordinal
      FROM (SELECT entry, max(ordinal) FILTER (WHERE side = 'debit') AS debit_ordinal,
                   max(ordinal) FILTER (WHERE side = 'credit') AS credit_ordinal
              FROM ledger_log_sides GROUP BY entry) AS n
     WHERE l.entry = n.entry;
    UPDATE ledger_accounts_v1 AS a
       SET log_last_at = s.last_at, log_times_ordered = s.ordered
      FROM (SELECT account, max(occurred_at) AS last_at,
                   bool_and(latest_before IS NULL OR occurred_at >= latest_before) AS ordered
              FROM ledger_log_sides GROUP BY account) AS s
     WHERE a.account = s.account;
    CREATE OR REPLACE VIEW ledger_accounts AS SELECT * FROM ledger_accounts_v1;
    CREATE OR REPLACE VIEW ledger_balance_log AS SELECT * FROM ledger_balance_log_v1;
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP VIEW ledger_accounts;
    DROP VIEW ledger_balance_log;
    ALTER TABLE ledger_accounts_v1 DROP COLUMN log_last_at, DROP COLUMN log_times_ordered;
    ALTER TABLE ledger_balance_log_v1 DROP COLUMN debit_ordinal, DROP COLUMN credit_ordinal;
    CREATE VIEW ledger_accounts AS SELECT * FROM ledger_accounts_v1;
    CREATE VIEW ledger_balance_log AS SELECT * FROM ledger_balance_log_v1;
  `.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * The administrator's account-transfer list in index order: a partial index on the balance-log
 * rows of transfers members made between wallet accounts (causes internalTransfer and
 * memberTransfer), by time, carrying the asset, so a page finds its rows in the index instead of
 * walking the whole log (one index, not a second by asset: each costs the projector about 2 µs
 * per row); and the books' count of those rows per asset
 * (`account_transfer_rows`), the list's total without a date range, where every page counted the
 * whole log (docs/adr/0011, addendum of 29 November, session 16). The projector keeps the count
 * from now on; existing rows are counted here, in the migration's transaction, which holds the
 * tables against the projector meanwhile. The view is rebuilt to carry the column. The predicate
 * is the text account-transfer-queries.ts reads with. Frozen in time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE ledger_asset_totals_v1 ADD COLUMN account_transfer_rows bigint NOT NULL DEFAULT 0;
    UPDATE ledger_asset_totals_v1 AS t SET account_transfer_rows = c.rows
      FROM (SELECT asset, count(*) AS rows FROM ledger_balance_log_v1
             WHERE event_type = 'TransferPosted' AND cause IN ('internalTransfer', 'memberTransfer')
             GROUP BY asset) AS c
     WHERE t.asset = c.asset;
    CREATE INDEX IF NOT EXISTS ledger_balance_log_v1_account_transfer ON ledger_balance_log_v1
      (occurred_at, entry) INCLUDE (asset)
      WHERE event_type = 'TransferPosted' AND cause IN ('internalTransfer', 'memberTransfer');
    CREATE OR REPLACE VIEW ledger_asset_totals AS SELECT * FROM ledger_asset_totals_v1;
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP INDEX ledger_balance_log_v1_account_transfer;
    DROP VIEW ledger_asset_totals;
    ALTER TABLE ledger_asset_totals_v1 DROP COLUMN account_transfer_rows;
    CREATE VIEW ledger_asset_totals AS SELECT * FROM ledger_asset_totals_v1;
  `.execute(db);
}

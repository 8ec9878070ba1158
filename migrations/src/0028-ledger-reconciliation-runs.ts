import { type Kysely, sql } from 'kysely';

/**
 * The continuous reconciliation's runs (reliability test T25; docs/adr/0020): one row per run of
 * the scheduled check (the projector) — ok or discrepancy, when it started and finished, the
 * `ledger-balances` checkpoint and ledger revision it checked up to, what it counted, and its
 * findings as JSON (the first 1,000; the counts stay exact). A read model of the check, not of
 * the log: nothing replays into it, and the job deletes the oldest runs beyond a week of them.
 * Frozen in time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE ledger_reconciliation_runs (
      run_id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      status           text        NOT NULL CHECK (status IN ('ok', 'discrepancy')),
      started_at       timestamptz NOT NULL,
      finished_at      timestamptz NOT NULL,
      checked_position text        COLLATE "C",
      checked_revision bigint      NOT NULL,
      accounts_checked integer     NOT NULL,
      assets_checked   integer     NOT NULL,
      findings_total   integer     NOT NULL,
      counts           jsonb       NOT NULL,
      findings         jsonb       NOT NULL
    );
    CREATE INDEX ledger_reconciliation_runs_status ON ledger_reconciliation_runs (status, run_id);
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE ledger_reconciliation_runs`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * identity_request_metadata's recorded_at index as a BRIN index instead of a B-tree (docs/adr/0018,
 * addendum 2; docs/performance.md "Fourth pass, write API"). The money routes write one row per
 * request, thousands a second; recorded_at is only ever read by the retention purge
 * (`recorded_at < cutoff`), and rows arrive in time order, so a block-range summary answers it:
 * a B-tree entry per row cost ~2.5 µs of Postgres per request (scratch probe at 300,000 rows, with
 * time-ordered request ids: 9.5 → 6.8 µs per row). A range that a purge emptied and new rows
 * refilled only widens its summary: the purge then reads that range too, never misses a row.
 * autosummarize lets autovacuum summarize each filled range. Frozen in time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    DROP INDEX identity_request_metadata_recorded;
    CREATE INDEX identity_request_metadata_recorded ON identity_request_metadata
      USING brin (recorded_at) WITH (autosummarize = on);
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP INDEX identity_request_metadata_recorded;
    CREATE INDEX identity_request_metadata_recorded ON identity_request_metadata (recorded_at);
  `.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * The write API's HTTP idempotency record for commands outside the ledger (identity and other
 * event-sourced aggregates; the ledger keeps its own outcomes in its stream, docs/adr/0010): one
 * row per (actor, Idempotency-Key), the request's hash, and once answered the status and body to
 * replay. `answered_at` null = in progress. Rows are purged after their retention (a day).
 * Frozen in time: later changes are new migrations.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE write_idempotency (
      actor        text        NOT NULL,
      key          text        NOT NULL,
      request_hash text        NOT NULL,
      status       integer,
      content_type text,
      body         text,
      created_at   timestamptz NOT NULL DEFAULT now(),
      answered_at  timestamptz,
      PRIMARY KEY (actor, key)
    );
    CREATE INDEX write_idempotency_created ON write_idempotency (created_at);
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE write_idempotency`.execute(db);
}

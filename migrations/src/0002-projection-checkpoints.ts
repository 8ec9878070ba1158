import { type Kysely, sql } from 'kysely';

/**
 * Projection bookkeeping (docs/adr/0007-projections-and-eventstoredb.md, guides/event-store.md §5):
 * which version of each projection serves reads, each version's checkpoint (compared and set in
 * the same transaction as the read-model change), and the failures that stopped a projection.
 * Checkpoints live here, beside the read models, whichever adapter is the event source.
 * Frozen in time: later changes are new migrations.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  // One live version per projection; a newer one is 'building' (projecting from the start into its
  // own tables) until it has caught up and is swapped in; older ones are 'retired'.
  await sql`
    CREATE TABLE projection_registry (
      projection text        NOT NULL,
      version    integer     NOT NULL CHECK (version >= 1),
      status     text        NOT NULL CHECK (status IN ('building', 'live', 'retired')),
      tables     text[]      NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      live_at    timestamptz,
      retired_at timestamptz,
      PRIMARY KEY (projection, version)
    );
    CREATE UNIQUE INDEX projection_registry_one_live ON projection_registry (projection)
      WHERE status = 'live';
  `.execute(db);

  // Positions are compared as strings (the compare-and-set, read-your-writes): byte order, hence
  // COLLATE "C". NULL = nothing applied yet.
  await sql`
    CREATE TABLE projection_checkpoints (
      projection text        NOT NULL,
      version    integer     NOT NULL,
      position   text        COLLATE "C",
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (projection, version),
      FOREIGN KEY (projection, version) REFERENCES projection_registry ON DELETE CASCADE
    );
  `.execute(db);

  // An event a projection could not apply stops it: never skipped, never clamped. The open row
  // (resolved_at NULL) is the stopped state; an operator resolves it after fixing the cause.
  await sql`
    CREATE TABLE projection_failures (
      id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      projection      text        NOT NULL,
      version         integer     NOT NULL,
      checkpoint      text        COLLATE "C",
      event_position  text        COLLATE "C",
      event_id        text,
      event_type      text,
      stream_name     text,
      stream_revision bigint,
      error_name      text        NOT NULL,
      error_message   text        NOT NULL,
      error_detail    jsonb       NOT NULL DEFAULT '{}',
      failed_at       timestamptz NOT NULL DEFAULT now(),
      resolved_at     timestamptz,
      resolution      text,
      FOREIGN KEY (projection, version) REFERENCES projection_registry ON DELETE CASCADE
    );
    CREATE UNIQUE INDEX projection_failures_open ON projection_failures (projection, version)
      WHERE resolved_at IS NULL;
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE projection_failures;
    DROP TABLE projection_checkpoints;
    DROP TABLE projection_registry;
  `.execute(db);
}

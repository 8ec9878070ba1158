import { type Kysely, sql } from 'kysely';

/**
 * The ledger writer's tables (docs/adr/0010-ledger-writer.md): snapshots of the ledger state (the
 * canonical JSON text exactly as hashed, its SHA-256, and the revision, event id and global
 * position it was taken at), and version 1 of the command-outcome projection with the views
 * readers use (the projection runner re-points the views when a later version is swapped in).
 * Frozen in time: later changes are new migrations.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  // `state` is text, not jsonb: jsonb reorders keys, and the hash is over the exact text.
  await sql`
    CREATE TABLE ledger_snapshots (
      id             bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      stream_id      text        NOT NULL,
      revision       bigint      NOT NULL CHECK (revision >= 0),
      last_event_id  uuid        NOT NULL,
      position       text        COLLATE "C",
      format_version integer     NOT NULL,
      state_hash     text        NOT NULL,
      state          text        NOT NULL,
      created_at     timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ledger_snapshots_latest ON ledger_snapshots (stream_id, revision DESC);
  `.execute(db);

  // One row per ledger command; revision_first + event_count locate its events in the stream.
  await sql`
    CREATE TABLE ledger_command_outcomes_v1 (
      actor          text    NOT NULL,
      command_id     text    NOT NULL,
      body_hash      text    NOT NULL,
      revision_first bigint  NOT NULL,
      event_count    integer NOT NULL,
      position       text    COLLATE "C" NOT NULL,
      PRIMARY KEY (actor, command_id)
    );
    CREATE TABLE ledger_command_outcome_progress_v1 (
      id       smallint PRIMARY KEY CHECK (id = 1),
      revision bigint   NOT NULL
    );
    INSERT INTO ledger_command_outcome_progress_v1 VALUES (1, -1);
    CREATE VIEW ledger_command_outcomes AS SELECT * FROM ledger_command_outcomes_v1;
    CREATE VIEW ledger_command_outcome_progress AS SELECT * FROM ledger_command_outcome_progress_v1;
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP VIEW IF EXISTS ledger_command_outcome_progress;
    DROP VIEW IF EXISTS ledger_command_outcomes;
    DROP TABLE ledger_command_outcome_progress_v1;
    DROP TABLE ledger_command_outcomes_v1;
    DROP TABLE ledger_snapshots;
  `.execute(db);
}

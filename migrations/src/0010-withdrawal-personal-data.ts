import { type Kysely, sql } from 'kysely';

/**
 * What a withdrawal must keep out of its events (DESIGN.md §4, docs/adr/0014): the holder name
 * (and any real-name data a later feature adds), keyed by withdrawal id, erasable (an erasure
 * blanks the row and stamps erased_at; no event is rewritten). Frozen in time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE withdrawal_personal_data (
      withdrawal_id text COLLATE "C" PRIMARY KEY,
      member_seq    bigint      NOT NULL,
      holder_name   text,
      created_at    timestamptz NOT NULL DEFAULT now(),
      erased_at     timestamptz
    );
    CREATE INDEX withdrawal_personal_data_member ON withdrawal_personal_data (member_seq);
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE withdrawal_personal_data`.execute(db);
}

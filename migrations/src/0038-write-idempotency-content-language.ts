import { type Kysely, sql } from 'kysely';

/**
 * The language of a kept answer (its Content-Language: a problem's title and detail are in the
 * locale its request's Accept-Language picked), so a replay says which language its body is in.
 * Null for answers kept before, and for answers without one (a success's data is not localized).
 * Frozen in time: later changes are new migrations.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE write_idempotency ADD COLUMN IF NOT EXISTS content_language text`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE write_idempotency DROP COLUMN content_language`.execute(db);
}

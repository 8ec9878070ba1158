import { type Kysely, sql } from 'kysely';

/**
 * The administrator's account search by a title pattern of one or two characters, which the
 * trigram index (0035) cannot answer: a trigram needs three characters, so such a search read
 * every profile (about 70–180 ms at 300,000 accounts). In Korean, the default locale, a word of
 * two syllables (저축, 비상) is the usual short search. A GIN index on the characters of the
 * lowered title (`string_to_array(lower(title), NULL)`, built in) finds the titles holding every
 * character of the lowered pattern, and the search's ILIKE (which lowers both sides the same way
 * in a UTF-8 database) checks each candidate, so the index only narrows, never decides. Titles
 * change only when a member renames an account, so the projector rarely touches the index.
 * Frozen in time (docs/adr/0022, addendum of session 17).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX IF NOT EXISTS ledger_account_profiles_v1_title_characters
      ON ledger_account_profiles_v1 USING gin (string_to_array(lower(title), NULL));
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX ledger_account_profiles_v1_title_characters`.execute(db);
}

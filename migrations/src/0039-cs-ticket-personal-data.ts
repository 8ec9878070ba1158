import { type Kysely, sql } from 'kysely';

/**
 * The words of customer-service tickets: a ticket's title, content and answer may name people,
 * and a guest's mail address is personal data, so none of them goes into an event. One row per
 * ticket, written before the ticket's first event; the answer is written before the event that
 * records it. A guest's lookup code is kept only as its SHA-256. When a member withdraws, the
 * words of the member's tickets are blanked and `erased_at` stamped. Frozen in time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE cs_ticket_personal_data (
      ticket_id        text COLLATE "C" PRIMARY KEY,
      member_seq       bigint,
      guest_mail       text,
      lookup_code_hash text COLLATE "C",
      title            text,
      content          text,
      answer           text,
      created_at       timestamptz NOT NULL DEFAULT now(),
      erased_at        timestamptz,
      CHECK ((member_seq IS NULL) = (lookup_code_hash IS NOT NULL))
    );
    CREATE INDEX cs_ticket_personal_data_member ON cs_ticket_personal_data (member_seq)
      WHERE member_seq IS NOT NULL;
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE cs_ticket_personal_data`.execute(db);
}

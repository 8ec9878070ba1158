import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

/**
 * The words of customer-service tickets (`cs_ticket_personal_data`, migration 0039): title,
 * content, answer and a guest's mail address, kept out of events because they may name people
 * (DESIGN.md §4). A guest's lookup code is kept as its SHA-256 only. Written before the event that
 * names them, joined by the queries at read time, blanked when the member withdraws.
 */

// biome-ignore lint/suspicious/noExplicitAny: raw SQL on its own table; any schema.
export type AnyDb = Kysely<any>;

export const lookupCodeHash = (code: string) => createHash('sha256').update(code).digest('hex');

export type TicketWords = {
  ticketId: string;
  /** The member who files it, or null for a guest (then `guest` is required). */
  memberSeq: number | null;
  guest: { mail: string; lookupCode: string } | null;
  title: string;
  content: string | null;
};

/** Stores a new ticket's words once (a retry of the same ticket keeps the first). */
export async function insertTicketWords(db: AnyDb, words: TicketWords): Promise<void> {
  const hash = words.guest === null ? null : lookupCodeHash(words.guest.lookupCode);
  await sql`INSERT INTO cs_ticket_personal_data (ticket_id, member_seq, guest_mail,
      lookup_code_hash, title, content)
    VALUES (${words.ticketId}, ${words.memberSeq}, ${words.guest?.mail ?? null}, ${hash},
      ${words.title}, ${words.content})
    ON CONFLICT (ticket_id) DO NOTHING`.execute(db);
}

/** Removes the words of a ticket whose filing was refused (nothing names them). */
export async function deleteTicketWords(db: AnyDb, ticketId: string): Promise<void> {
  await sql`DELETE FROM cs_ticket_personal_data WHERE ticket_id = ${ticketId}`.execute(db);
}

/** Sets a ticket's answer; returns the answer it replaced (to put back if the answer is refused). */
export async function writeTicketAnswer(
  db: AnyDb,
  ticketId: string,
  answer: string | null,
): Promise<string | null> {
  const { rows } = await sql<{ before: string | null }>`UPDATE cs_ticket_personal_data AS d
      SET answer = ${answer}
    FROM (SELECT answer FROM cs_ticket_personal_data WHERE ticket_id = ${ticketId}) AS old
    WHERE d.ticket_id = ${ticketId} AND d.erased_at IS NULL
    RETURNING old.answer AS before`.execute(db);
  return rows[0]?.before ?? null;
}

/** The ticket a guest's id and lookup code name, or undefined: a wrong code is an unknown ticket. */
export async function guestTicketId(
  db: AnyDb,
  ticketId: string,
  lookupCode: string,
): Promise<string | undefined> {
  const { rows } = await sql<{ ticket_id: string }>`SELECT ticket_id FROM cs_ticket_personal_data
    WHERE ticket_id = ${ticketId} AND member_seq IS NULL
      AND lookup_code_hash = ${lookupCodeHash(lookupCode)}`.execute(db);
  return rows[0]?.ticket_id;
}

/** A withdrawn member's ticket words are blanked (idempotent; no event is rewritten). */
export async function eraseTicketPersonalData(
  db: AnyDb,
  memberSeq: number,
  erasedAt: string,
): Promise<void> {
  await sql`UPDATE cs_ticket_personal_data SET title = NULL, content = NULL, answer = NULL,
      guest_mail = NULL, erased_at = COALESCE(erased_at, ${erasedAt}::timestamptz)
    WHERE member_seq = ${memberSeq}`.execute(db);
}

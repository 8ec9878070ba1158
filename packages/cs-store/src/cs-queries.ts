import type { CsLocale, TicketStatus } from '@ledger/cs';
import { type RawBuilder, sql } from 'kysely';
import type { AnyDb } from './cs-personal-data.ts';

/**
 * The customer-service reads (SPEC §2 customer service, cs/ticket/list, cs/faq/list): ticket
 * types and FAQ types in list order; tickets newest first with their total, filtered by member,
 * state, type and filing time; one ticket with its words; FAQ entries by locale, type, published
 * and a search in question and answer. A ticket's words come from `cs_ticket_personal_data`
 * (null once erased).
 */

export type Page = { limit: number; offset: number };

export type TicketTypeRow = {
  type_id: string;
  title: string;
  list_order: number;
  use_content: boolean;
  allow_guest: boolean;
  notify_member: boolean;
  notify_manager: boolean;
  defined_at: string;
};

export type TicketRow = {
  ticket_id: string;
  type_id: string;
  member_seq: number | null;
  is_guest: boolean;
  status: TicketStatus;
  title: string | null;
  filed_at: string;
  answered_at: string | null;
  finished_at: string | null;
  updated_at: string;
};

export type TicketDetailRow = TicketRow & {
  content: string | null;
  answer: string | null;
  guest_mail: string | null;
  erased_at: string | null;
};

export type TicketFilter = Page & {
  memberSeq?: number | undefined;
  status?: TicketStatus | undefined;
  typeId?: string | undefined;
  /** Filed at or after this instant. */
  filedFrom?: Date | undefined;
  /** Filed before this instant. */
  filedBefore?: Date | undefined;
  /** Newest first unless `asc`. */
  order?: 'asc' | 'desc' | undefined;
};

export type FaqTypeRow = { faq_type_id: string; title: string; list_order: number };

export type FaqRow = {
  faq_id: string;
  faq_type_id: string;
  locale: CsLocale;
  question: string;
  answer: string;
  list_order: number;
  published: boolean;
  written_at: string;
  updated_at: string;
};

export type FaqFilter = Page & {
  locale?: CsLocale | undefined;
  faqTypeId?: string | undefined;
  published?: boolean | undefined;
  /** Words the question or the answer contains (case-insensitive). */
  search?: string | undefined;
};

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string));
const isoOrNull = (value: unknown) => (value === null ? null : iso(value));

function whereOf(conditions: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return conditions.length === 0 ? sql`TRUE` : sql.join(conditions, sql` AND `);
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const likeOf = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listTicketTypes(db: AnyDb): Promise<TicketTypeRow[]> {
  const { rows } = await sql<TicketTypeRow>`SELECT type_id, title, list_order, use_content,
      allow_guest, notify_member, notify_manager, defined_at FROM cs_ticket_types
    ORDER BY list_order, type_id`.execute(db);
  return rows.map((row) => ({ ...row, defined_at: iso(row.defined_at) }));
}

export async function findTicketType(
  db: AnyDb,
  typeId: string,
): Promise<TicketTypeRow | undefined> {
  return (await listTicketTypes(db)).find((row) => row.type_id === typeId);
}

const ticketColumns = sql`t.ticket_id, t.type_id, t.member_seq::int AS member_seq, t.is_guest,
  t.status, p.title, t.filed_at, t.answered_at, t.finished_at, t.updated_at`;

function ticketOf(row: Record<string, unknown>): TicketRow {
  return {
    ...(row as TicketRow),
    filed_at: iso(row.filed_at),
    answered_at: isoOrNull(row.answered_at),
    finished_at: isoOrNull(row.finished_at),
    updated_at: iso(row.updated_at),
  };
}

function ticketConditions(filter: TicketFilter): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.memberSeq !== undefined) conditions.push(sql`t.member_seq = ${filter.memberSeq}`);
  if (filter.status !== undefined) conditions.push(sql`t.status = ${filter.status}`);
  if (filter.typeId !== undefined) conditions.push(sql`t.type_id = ${filter.typeId}`);
  if (filter.filedFrom !== undefined) conditions.push(sql`t.filed_at >= ${filter.filedFrom}`);
  if (filter.filedBefore !== undefined) conditions.push(sql`t.filed_at < ${filter.filedBefore}`);
  return conditions;
}

/** A page of tickets newest first, with the total the filter matches. */
export async function listTickets(
  db: AnyDb,
  filter: TicketFilter,
): Promise<{ rows: TicketRow[]; total: number }> {
  const where = whereOf(ticketConditions(filter));
  const { rows } = await sql<Record<string, unknown>>`SELECT ${ticketColumns}
    FROM cs_tickets t LEFT JOIN cs_ticket_personal_data p ON p.ticket_id = t.ticket_id
    WHERE ${where} ORDER BY ${filter.order === 'asc' ? sql`t.filed_at, t.ticket_id` : sql`t.filed_at DESC, t.ticket_id DESC`}
    LIMIT ${filter.limit} OFFSET ${filter.offset}`.execute(db);
  const counted = await sql<{ total: number }>`SELECT count(*)::int AS total FROM cs_tickets t
    WHERE ${where}`.execute(db);
  return { rows: rows.map(ticketOf), total: counted.rows[0]?.total ?? 0 };
}

/** One ticket with its words, or undefined. */
export async function findTicket(
  db: AnyDb,
  ticketId: string,
): Promise<TicketDetailRow | undefined> {
  const { rows } = await sql<Record<string, unknown>>`SELECT ${ticketColumns}, p.content,
      p.answer, p.guest_mail, p.erased_at
    FROM cs_tickets t LEFT JOIN cs_ticket_personal_data p ON p.ticket_id = t.ticket_id
    WHERE t.ticket_id = ${ticketId}`.execute(db);
  const row = rows[0];
  if (row === undefined) return undefined;
  return { ...(row as TicketDetailRow), ...ticketOf(row), erased_at: isoOrNull(row.erased_at) };
}

export async function listFaqTypes(db: AnyDb): Promise<FaqTypeRow[]> {
  const { rows } = await sql<FaqTypeRow>`SELECT faq_type_id, title, list_order FROM cs_faq_types
    ORDER BY list_order, faq_type_id`.execute(db);
  return rows;
}

function faqConditions(filter: FaqFilter): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.locale !== undefined) conditions.push(sql`f.locale = ${filter.locale}`);
  if (filter.faqTypeId !== undefined) conditions.push(sql`f.faq_type_id = ${filter.faqTypeId}`);
  if (filter.published !== undefined) conditions.push(sql`f.published = ${filter.published}`);
  const search = filter.search?.trim();
  if (search !== undefined && search.length > 0) {
    const pattern = likeOf(search);
    conditions.push(sql`(f.question ILIKE ${pattern} OR f.answer ILIKE ${pattern})`);
  }
  return conditions;
}

function faqOf(row: Record<string, unknown>): FaqRow {
  return { ...(row as FaqRow), written_at: iso(row.written_at), updated_at: iso(row.updated_at) };
}

const faqColumns = sql`f.faq_id, f.faq_type_id, f.locale, f.question, f.answer, f.list_order,
  f.published, f.written_at, f.updated_at`;

/** A page of FAQ entries in their type's order, then their own, with the total. */
export async function listFaqs(
  db: AnyDb,
  filter: FaqFilter,
): Promise<{ rows: FaqRow[]; total: number }> {
  const where = whereOf(faqConditions(filter));
  const { rows } = await sql<Record<string, unknown>>`SELECT ${faqColumns}
    FROM cs_faqs f LEFT JOIN cs_faq_types ft ON ft.faq_type_id = f.faq_type_id
    WHERE ${where} ORDER BY ft.list_order NULLS LAST, f.faq_type_id, f.list_order, f.faq_id
    LIMIT ${filter.limit} OFFSET ${filter.offset}`.execute(db);
  const counted = await sql<{ total: number }>`SELECT count(*)::int AS total FROM cs_faqs f
    WHERE ${where}`.execute(db);
  return { rows: rows.map(faqOf), total: counted.rows[0]?.total ?? 0 };
}

export async function findFaq(db: AnyDb, faqId: string): Promise<FaqRow | undefined> {
  const { rows } = await sql<Record<string, unknown>>`SELECT ${faqColumns} FROM cs_faqs f
    WHERE f.faq_id = ${faqId}`.execute(db);
  return rows[0] === undefined ? undefined : faqOf(rows[0]);
}

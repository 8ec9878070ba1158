import {
  type FaqEvent,
  type FaqTypeEvent,
  faqStreamPrefix,
  faqTypeStreamPrefix,
  type TicketEvent,
  type TicketTypeEvent,
  ticketStreamPrefix,
  ticketTypeStreamPrefix,
} from '@ledger/cs';
import type { RecordedEvent } from '@ledger/event-store';
import type { Projection, ProjectionContext } from '@ledger/projection-runner';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import { eraseTicketPersonalData } from './cs-personal-data.ts';

/**
 * The `cs` projection: one row per ticket type, ticket, FAQ type and FAQ entry, for the customer
 * service screens (a member's tickets, the administrator's ticket queue, the FAQ by locale). A
 * ticket's words are not here: they are in `cs_ticket_personal_data`, joined at read time. On a
 * member's `MemberWithdrawn` the words of the member's tickets are blanked there (no event is
 * rewritten; idempotent on a rebuild). An event the projection does not know stops it.
 */

export const csProjectionName = 'cs';
export const csTables = {
  ticketTypes: 'cs_ticket_types',
  tickets: 'cs_tickets',
  faqTypes: 'cs_faq_types',
  faqs: 'cs_faqs',
} as const;

const memberStreamPrefix = 'member-';

// biome-ignore lint/suspicious/noExplicitAny: raw SQL on its own tables.
type Trx = Transaction<any>;
type TableOf = (logicalName: string) => RawBuilder<unknown>;

export class CsProjectionError extends Error {
  constructor(event: RecordedEvent, message: string) {
    super(`${message}: ${event.type} ${event.id} in ${event.streamName}`);
    this.name = 'CsProjectionError';
  }
}

async function createTables(trx: Trx, context: Pick<ProjectionContext, 'table'>): Promise<void> {
  const table = (logical: string) => sql.table(context.table(logical));
  await sql`CREATE TABLE ${table(csTables.ticketTypes)} (
      type_id text COLLATE "C" PRIMARY KEY, title text NOT NULL, list_order integer NOT NULL,
      use_content boolean NOT NULL, allow_guest boolean NOT NULL, notify_member boolean NOT NULL,
      notify_manager boolean NOT NULL, defined_at timestamptz NOT NULL,
      last_position text COLLATE "C" NOT NULL)`.execute(trx);
  const tickets = table(csTables.tickets);
  await sql`CREATE TABLE ${tickets} (
      ticket_id text COLLATE "C" PRIMARY KEY, type_id text COLLATE "C" NOT NULL,
      member_seq bigint, is_guest boolean NOT NULL, status text NOT NULL,
      filed_at timestamptz NOT NULL, answered_at timestamptz, answered_by bigint,
      finished_at timestamptz, finished_by bigint, updated_at timestamptz NOT NULL,
      last_position text COLLATE "C" NOT NULL)`.execute(trx);
  await sql`CREATE INDEX ON ${tickets} (filed_at)`.execute(trx);
  await sql`CREATE INDEX ON ${tickets} (status, filed_at)`.execute(trx);
  await sql`CREATE INDEX ON ${tickets} (type_id, filed_at)`.execute(trx);
  await sql`CREATE INDEX ON ${tickets} (member_seq, filed_at) WHERE member_seq IS NOT NULL`.execute(
    trx,
  );
  await sql`CREATE TABLE ${table(csTables.faqTypes)} (
      faq_type_id text COLLATE "C" PRIMARY KEY, title text NOT NULL, list_order integer NOT NULL,
      defined_at timestamptz NOT NULL, last_position text COLLATE "C" NOT NULL)`.execute(trx);
  const faqs = table(csTables.faqs);
  await sql`CREATE TABLE ${faqs} (
      faq_id text COLLATE "C" PRIMARY KEY, faq_type_id text COLLATE "C" NOT NULL,
      locale text COLLATE "C" NOT NULL, question text NOT NULL, answer text NOT NULL,
      list_order integer NOT NULL, published boolean NOT NULL, written_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL, last_position text COLLATE "C" NOT NULL)`.execute(trx);
  await sql`CREATE INDEX ON ${faqs} (locale, published, list_order)`.execute(trx);
}

// biome-ignore lint/suspicious/noExplicitAny: raw SQL on its own tables; runs on any projector's db.
export const csProjection: Projection<any> = {
  name: csProjectionName,
  version: 1,
  filter: {
    streamPrefixes: [
      ticketTypeStreamPrefix,
      ticketStreamPrefix,
      faqTypeStreamPrefix,
      faqStreamPrefix,
      memberStreamPrefix,
    ],
  },
  tables: Object.values(csTables),
  setup: (trx, context) => createTables(trx, context),
  apply: async (trx, events, context) => {
    const table: TableOf = (logical) => sql.table(context.table(logical));
    for (const event of events) await applyEvent(trx, table, event);
  },
};

async function applyEvent(trx: Trx, table: TableOf, event: RecordedEvent): Promise<void> {
  const name = event.streamName;
  const position = event.position ?? '';
  if (name.startsWith(memberStreamPrefix)) return eraseOnMemberWithdrawn(trx, event);
  if (name.startsWith(ticketTypeStreamPrefix))
    return applyTicketType(trx, table, event as unknown as TicketTypeEvent, position);
  if (name.startsWith(ticketStreamPrefix))
    return applyTicket(trx, table, event, event as unknown as TicketEvent, position);
  if (name.startsWith(faqTypeStreamPrefix))
    return applyFaqType(trx, table, event as unknown as FaqTypeEvent, position);
  return applyFaq(trx, table, event, event as unknown as FaqEvent, position);
}

async function eraseOnMemberWithdrawn(trx: Trx, event: RecordedEvent): Promise<void> {
  if (event.type !== 'MemberWithdrawn') return;
  const memberSeq = (event.data as { memberSeq?: unknown }).memberSeq;
  if (typeof memberSeq !== 'number') {
    throw new CsProjectionError(event, 'a MemberWithdrawn without a member seq');
  }
  await eraseTicketPersonalData(trx, memberSeq, event.recordedAt.toISOString());
}

async function applyTicketType(
  trx: Trx,
  table: TableOf,
  event: TicketTypeEvent,
  position: string,
): Promise<void> {
  const d = event.data;
  await sql`INSERT INTO ${table(csTables.ticketTypes)} (type_id, title, list_order, use_content,
      allow_guest, notify_member, notify_manager, defined_at, last_position)
    VALUES (${d.typeId}, ${d.title}, ${d.listOrder}, ${d.useContent}, ${d.allowGuest},
      ${d.notifyMember}, ${d.notifyManager}, ${d.definedAt}, ${position})
    ON CONFLICT (type_id) DO UPDATE SET title = EXCLUDED.title, list_order = EXCLUDED.list_order,
      use_content = EXCLUDED.use_content, allow_guest = EXCLUDED.allow_guest,
      notify_member = EXCLUDED.notify_member, notify_manager = EXCLUDED.notify_manager,
      defined_at = EXCLUDED.defined_at, last_position = EXCLUDED.last_position`.execute(trx);
}

async function updated(event: RecordedEvent, result: Promise<{ numAffectedRows?: bigint }>) {
  if ((await result).numAffectedRows !== 1n) {
    throw new CsProjectionError(event, 'no row to apply it to');
  }
}

async function applyTicket(
  trx: Trx,
  table: TableOf,
  recorded: RecordedEvent,
  event: TicketEvent,
  position: string,
): Promise<void> {
  const tickets = table(csTables.tickets);
  switch (event.type) {
    case 'CsTicketFiled': {
      const { ticketId, typeId, filer, filedAt } = event.data;
      const memberSeq = filer.kind === 'member' ? filer.memberSeq : null;
      await sql`INSERT INTO ${tickets} (ticket_id, type_id, member_seq, is_guest, status,
          filed_at, updated_at, last_position)
        VALUES (${ticketId}, ${typeId}, ${memberSeq}, ${filer.kind === 'guest'}, 'open',
          ${filedAt}, ${filedAt}, ${position})`.execute(trx);
      return;
    }
    case 'CsTicketAnswered': {
      const { ticketId, adminSeq, answeredAt } = event.data;
      return updated(
        recorded,
        sql`UPDATE ${tickets} SET status = 'answered', answered_at = ${answeredAt},
          answered_by = ${adminSeq}, updated_at = ${answeredAt}, last_position = ${position}
        WHERE ticket_id = ${ticketId}`.execute(trx),
      );
    }
    case 'CsTicketCompleted':
    case 'CsTicketClosed': {
      const { ticketId, adminSeq } = event.data;
      const at = event.type === 'CsTicketCompleted' ? event.data.completedAt : event.data.closedAt;
      const status = event.type === 'CsTicketCompleted' ? 'completed' : 'closed';
      return updated(
        recorded,
        sql`UPDATE ${tickets} SET status = ${status}, finished_at = ${at},
          finished_by = ${adminSeq}, updated_at = ${at}, last_position = ${position}
        WHERE ticket_id = ${ticketId}`.execute(trx),
      );
    }
    default:
      throw new CsProjectionError(recorded, 'a ticket event the projection does not know');
  }
}

async function applyFaqType(
  trx: Trx,
  table: TableOf,
  event: FaqTypeEvent,
  position: string,
): Promise<void> {
  const d = event.data;
  await sql`INSERT INTO ${table(csTables.faqTypes)} (faq_type_id, title, list_order, defined_at,
      last_position)
    VALUES (${d.faqTypeId}, ${d.title}, ${d.listOrder}, ${d.definedAt}, ${position})
    ON CONFLICT (faq_type_id) DO UPDATE SET title = EXCLUDED.title,
      list_order = EXCLUDED.list_order, defined_at = EXCLUDED.defined_at,
      last_position = EXCLUDED.last_position`.execute(trx);
}

async function applyFaq(
  trx: Trx,
  table: TableOf,
  recorded: RecordedEvent,
  event: FaqEvent,
  position: string,
): Promise<void> {
  const faqs = table(csTables.faqs);
  switch (event.type) {
    case 'CsFaqWritten': {
      const d = event.data;
      await sql`INSERT INTO ${faqs} (faq_id, faq_type_id, locale, question, answer, list_order,
          published, written_at, updated_at, last_position)
        VALUES (${d.faqId}, ${d.faqTypeId}, ${d.locale}, ${d.question}, ${d.answer},
          ${d.listOrder}, false, ${d.writtenAt}, ${d.writtenAt}, ${position})
        ON CONFLICT (faq_id) DO UPDATE SET faq_type_id = EXCLUDED.faq_type_id,
          locale = EXCLUDED.locale, question = EXCLUDED.question, answer = EXCLUDED.answer,
          list_order = EXCLUDED.list_order, updated_at = EXCLUDED.updated_at,
          last_position = EXCLUDED.last_position`.execute(trx);
      return;
    }
    case 'CsFaqPublished':
    case 'CsFaqUnpublished': {
      const published = event.type === 'CsFaqPublished';
      const at =
        event.type === 'CsFaqPublished' ? event.data.publishedAt : event.data.unpublishedAt;
      return updated(
        recorded,
        sql`UPDATE ${faqs} SET published = ${published}, updated_at = ${at},
          last_position = ${position} WHERE faq_id = ${event.data.faqId}`.execute(trx),
      );
    }
    default:
      throw new CsProjectionError(recorded, 'an FAQ event the projection does not know');
  }
}

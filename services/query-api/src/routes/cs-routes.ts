import { principalOf } from '@ledger/auth';
import {
  CsAdminFaqListQuerySchema,
  CsFaqListQuerySchema,
  CsTicketIdParameterSchema,
  CsTicketListQuerySchema,
  MyCsTicketListQuerySchema,
} from '@ledger/contracts';
import {
  csProjectionName,
  type FaqRow,
  findTicket,
  listFaqs,
  listFaqTypes,
  listTickets,
  listTicketTypes,
  type TicketDetailRow,
  type TicketRow,
  type TicketTypeRow,
} from '@ledger/cs-store';
import type { Db } from '@ledger/db';
import { ProblemError, validate } from '@ledger/http';
import { Hono, type MiddlewareHandler } from 'hono';
import type { IdentityReadDependencies } from '../identity-dependencies.ts';
import { dateRangeOf, pageWindow, pagingOf } from '../list-queries.ts';
import { readYourWrites } from '../read-your-writes.ts';

type CsReadContext = { db: Db; now: () => Date; waitForCs: MiddlewareHandler };

const ticketTypeOf = ({ defined_at: _at, ...row }: TicketTypeRow) => row;
const ticketOf = ({ updated_at: _at, ...row }: TicketRow) => row;
const faqOf = ({ written_at: _at, ...row }: FaqRow) => row;

function detailOf(row: TicketDetailRow) {
  const { guest_mail: _mail, erased_at: _erased, ...rest } = row;
  return { ...ticketOf(rest), content: row.content, answer: row.answer };
}

function ticketNotFound(): ProblemError {
  return new ProblemError({ status: 404, code: 'cs_ticket_not_found' });
}

/**
 * What everyone reads (SPEC §2 customer service, for members and guests): the ticket types (for
 * the new-ticket form, with whether guests may use each) and the published FAQ by locale, type
 * and search.
 */
function csPublicReadRoutes(context: CsReadContext) {
  return new Hono()
    .get('/cs/ticket-type', context.waitForCs, async (c) => {
      return c.json({ data: (await listTicketTypes(context.db)).map(ticketTypeOf) });
    })
    .get('/cs/faq-type', context.waitForCs, async (c) =>
      c.json({ data: await listFaqTypes(context.db) }),
    )
    .get('/cs/faq', validate('query', CsFaqListQuerySchema), context.waitForCs, async (c) => {
      const query = c.req.valid('query');
      const { rows, total } = await listFaqs(context.db, {
        ...pageWindow(query),
        locale: query.locale,
        faqTypeId: query.faq_type_id,
        published: true,
        search: query.search,
      });
      return c.json({ data: rows.map(faqOf), paging: pagingOf(query, total) });
    });
}

/** A member's own tickets: every query is scoped to the caller; another's ticket is not found. */
function csMemberReadRoutes(context: CsReadContext) {
  return new Hono()
    .get(
      '/cs/ticket',
      validate('query', MyCsTicketListQuerySchema),
      context.waitForCs,
      async (c) => {
        const query = c.req.valid('query');
        const { rows, total } = await listTickets(context.db, {
          ...pageWindow(query),
          ...periodOf(query, context.now()),
          order: query.order,
          memberSeq: principalOf(c).memberSeq,
          status: query.status,
        });
        c.header('cache-control', 'no-store');
        return c.json({ data: rows.map(ticketOf), paging: pagingOf(query, total) });
      },
    )
    .get(
      '/cs/ticket/:ticketId',
      validate('param', CsTicketIdParameterSchema),
      context.waitForCs,
      async (c) => {
        const ticket = await findTicket(context.db, c.req.valid('param').ticketId);
        if (ticket === undefined || ticket.member_seq !== principalOf(c).memberSeq)
          throw ticketNotFound();
        c.header('cache-control', 'no-store');
        return c.json({ data: detailOf(ticket) });
      },
    );
}

function periodOf(query: Parameters<typeof dateRangeOf>[0], now: Date) {
  const { from, to } = dateRangeOf(query, now);
  return { filedFrom: from, filedBefore: to };
}

/** The administrator's cs/ticket/list and cs/faq/list, with the tickets' words joined. */
function csAdminReadRoutes(context: CsReadContext) {
  return new Hono()
    .get(
      '/admin/cs/ticket',
      validate('query', CsTicketListQuerySchema),
      context.waitForCs,
      async (c) => {
        const query = c.req.valid('query');
        const { rows, total } = await listTickets(context.db, {
          ...pageWindow(query),
          ...periodOf(query, context.now()),
          order: query.order,
          memberSeq: query.member_seq,
          status: query.status,
          typeId: query.type_id,
        });
        c.header('cache-control', 'no-store');
        return c.json({ data: rows.map(ticketOf), paging: pagingOf(query, total) });
      },
    )
    .get(
      '/admin/cs/ticket/:ticketId',
      validate('param', CsTicketIdParameterSchema),
      context.waitForCs,
      async (c) => {
        const ticket = await findTicket(context.db, c.req.valid('param').ticketId);
        if (ticket === undefined) throw ticketNotFound();
        c.header('cache-control', 'no-store');
        return c.json({ data: { ...detailOf(ticket), guest_mail: ticket.guest_mail } });
      },
    )
    .get('/admin/cs/ticket-type', context.waitForCs, async (c) => {
      return c.json({ data: (await listTicketTypes(context.db)).map(ticketTypeOf) });
    })
    .get(
      '/admin/cs/faq',
      validate('query', CsAdminFaqListQuerySchema),
      context.waitForCs,
      async (c) => {
        const query = c.req.valid('query');
        const { rows, total } = await listFaqs(context.db, {
          ...pageWindow(query),
          locale: query.locale,
          faqTypeId: query.faq_type_id,
          published: query.published === undefined ? undefined : query.published === 'true',
          search: query.search,
        });
        return c.json({ data: rows.map(faqOf), paging: pagingOf(query, total) });
      },
    );
}

/** Customer service's read routes under /api/v1. */
export function mountCsRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env.
  app: Hono<any>,
  dependencies: { db: Db; identity: IdentityReadDependencies },
): void {
  const context: CsReadContext = {
    db: dependencies.db,
    now: dependencies.identity.now,
    waitForCs: readYourWrites(dependencies, [csProjectionName]),
  };
  app.route('/api/v1', csPublicReadRoutes(context));
  app.route('/api/v1', csMemberReadRoutes(context));
  app.route('/api/v1', csAdminReadRoutes(context));
}

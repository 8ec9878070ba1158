import { type RouteEntry, route, v1 } from './route-entry.ts';

const ticketId = { parameter: 'ticketId', kind: 'cs_ticket' } as const;
const faqId = { parameter: 'faqId', kind: 'cs_faq' } as const;

/** Customer service: tickets, ticket types, FAQ types and FAQ entries (SPEC §2, §3, §6). */
export const csRoutes: RouteEntry[] = [
  route('GET', `${v1}/cs/ticket-type`, 'query', 'public', 'Ticket types'),
  route('GET', `${v1}/cs/faq-type`, 'query', 'public', 'FAQ types'),
  route('GET', `${v1}/cs/faq`, 'query', 'public', 'Published FAQ entries'),
  route('GET', `${v1}/cs/ticket`, 'query', 'member', 'The caller’s tickets'),
  route('GET', `${v1}/cs/ticket/:ticketId`, 'query', 'member', 'One of the caller’s tickets', {
    id: ticketId,
  }),
  route('POST', `${v1}/cs/ticket`, 'write', 'member', 'File a ticket'),
  route('POST', `${v1}/cs/guest-ticket`, 'write', 'public', 'File a ticket as a guest'),
  route('POST', `${v1}/cs/guest-ticket/lookup`, 'write', 'public', 'Read a guest’s ticket'),
  route('GET', `${v1}/admin/cs/ticket`, 'query', 'admin', 'Tickets (cs/ticket/list)'),
  route('GET', `${v1}/admin/cs/ticket/:ticketId`, 'query', 'admin', 'One ticket', {
    id: ticketId,
  }),
  route('GET', `${v1}/admin/cs/ticket-type`, 'query', 'admin', 'Ticket types'),
  route('PUT', `${v1}/admin/cs/ticket-type/:typeId`, 'write', 'admin', 'Define a ticket type', {
    id: { parameter: 'typeId', kind: 'cs_ticket_type' },
  }),
  route('PUT', `${v1}/admin/cs/ticket/:ticketId/answer`, 'write', 'admin', 'Answer a ticket', {
    id: ticketId,
  }),
  route('PUT', `${v1}/admin/cs/ticket/:ticketId/complete`, 'write', 'admin', 'Complete a ticket', {
    id: ticketId,
  }),
  route('PUT', `${v1}/admin/cs/ticket/:ticketId/close`, 'write', 'admin', 'Close a ticket', {
    id: ticketId,
  }),
  route('GET', `${v1}/admin/cs/faq`, 'query', 'admin', 'FAQ entries (cs/faq/list)'),
  route('PUT', `${v1}/admin/cs/faq-type/:faqTypeId`, 'write', 'admin', 'Define an FAQ type', {
    id: { parameter: 'faqTypeId', kind: 'cs_faq_type' },
  }),
  route('POST', `${v1}/admin/cs/faq`, 'write', 'admin', 'Write an FAQ entry'),
  route('PUT', `${v1}/admin/cs/faq/:faqId`, 'write', 'admin', 'Rewrite an FAQ entry', {
    id: faqId,
  }),
  route('PUT', `${v1}/admin/cs/faq/:faqId/publish`, 'write', 'admin', 'Publish an FAQ entry', {
    id: faqId,
  }),
];

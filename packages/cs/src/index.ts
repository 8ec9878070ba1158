/**
 * @ledger/cs: customer service as deciders (SPEC §3, §4, §6): ticket types, tickets filed by
 * members or guests and answered, completed or closed by an administrator, FAQ types and FAQ
 * entries per locale. Pure.
 */
export { answerTicket } from './answer-ticket.ts';
export { isListOrder, listOrderMax } from './catalogue-checks.ts';
export { closeTicket } from './close-ticket.ts';
export { completeTicket } from './complete-ticket.ts';
export type * from './cs-commands.ts';
export * from './cs-deciders.ts';
export * from './cs-events.ts';
export type * from './cs-rejections.ts';
export * from './cs-state.ts';
export * from './cs-streams.ts';
export { defineFaqType } from './define-faq-type.ts';
export { defineTicketType } from './define-ticket-type.ts';
export { fileTicket } from './file-ticket.ts';
export { publishFaq } from './publish-faq.ts';
export { writeFaq } from './write-faq.ts';

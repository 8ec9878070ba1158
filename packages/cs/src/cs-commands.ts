import type { CsLocale, FaqTypeTerms, TicketFiler, TicketTypeTerms } from './cs-events.ts';

/** The commands of customer service; `now` is the caller's clock, read once per request. */

export type DefineTicketType = { type: 'DefineTicketType'; terms: TicketTypeTerms; now: string };

/** What filing a ticket needs to know of its type (read from the type's stream), or null. */
export type TicketTypeFacts = Pick<TicketTypeTerms, 'typeId' | 'allowGuest' | 'useContent'>;

export type FileTicket = {
  type: 'FileTicket';
  ticketId: string;
  ticketType: TicketTypeFacts | null;
  filer: TicketFiler;
  /** The ticket came with a content body (its words are kept apart). */
  hasContent: boolean;
  now: string;
};

export type AnswerTicket = { type: 'AnswerTicket'; adminSeq: number; now: string };
export type CompleteTicket = { type: 'CompleteTicket'; adminSeq: number; now: string };
export type CloseTicket = { type: 'CloseTicket'; adminSeq: number; now: string };

export type TicketCommand = FileTicket | AnswerTicket | CompleteTicket | CloseTicket;

export type DefineFaqType = { type: 'DefineFaqType'; terms: FaqTypeTerms; now: string };

export type WriteFaq = {
  type: 'WriteFaq';
  faqId: string;
  faqTypeId: string;
  /** The FAQ type exists (read from its stream). */
  faqTypeKnown: boolean;
  locale: CsLocale;
  question: string;
  answer: string;
  listOrder: number;
  now: string;
};

export type PublishFaq = { type: 'PublishFaq'; published: boolean; now: string };

export type FaqCommand = WriteFaq | PublishFaq;

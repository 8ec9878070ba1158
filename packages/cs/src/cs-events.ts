/**
 * The events of customer service (SPEC §3 CS ticket, ticket type, FAQ, FAQ type), documented in
 * docs/events.md. A ticket's words (its title, content and answer, a guest's mail address and
 * lookup code) are personal data and never in an event: they live in `cs_ticket_personal_data`,
 * keyed by the ticket id. Ticket types and FAQ entries are the administrator's catalogue and carry
 * their texts. Times are the command's `now`.
 */

type EventOf<Type extends string, Data> = { type: Type; data: Data };

/** The five locales an FAQ entry is written in. */
export const csLocales = ['ko-KR', 'en-US', 'ja-JP', 'vi-VN', 'zh-TW'] as const;
export type CsLocale = (typeof csLocales)[number];

export type TicketTypeTerms = {
  typeId: string;
  title: string;
  listOrder: number;
  /** The ticket carries a content body besides its title. */
  useContent: boolean;
  /** Visitors without an account may file tickets of this type (SPEC §6). */
  allowGuest: boolean;
  notifyMember: boolean;
  notifyManager: boolean;
};

export type TicketTypeEvent = EventOf<
  'CsTicketTypeDefined',
  TicketTypeTerms & { definedAt: string }
>;

/** Who filed a ticket: a member, or a guest known only by the mail address kept apart. */
export type TicketFiler = { kind: 'member'; memberSeq: number } | { kind: 'guest' };

export type TicketEvent =
  | EventOf<
      'CsTicketFiled',
      { ticketId: string; typeId: string; filer: TicketFiler; filedAt: string }
    >
  | EventOf<'CsTicketAnswered', { ticketId: string; adminSeq: number; answeredAt: string }>
  | EventOf<'CsTicketCompleted', { ticketId: string; adminSeq: number; completedAt: string }>
  | EventOf<'CsTicketClosed', { ticketId: string; adminSeq: number; closedAt: string }>;

export type FaqTypeTerms = { faqTypeId: string; title: string; listOrder: number };

export type FaqTypeEvent = EventOf<'CsFaqTypeDefined', FaqTypeTerms & { definedAt: string }>;

export type FaqContent = {
  faqId: string;
  faqTypeId: string;
  locale: CsLocale;
  question: string;
  answer: string;
  listOrder: number;
};

export type FaqEvent =
  | EventOf<'CsFaqWritten', FaqContent & { writtenAt: string }>
  | EventOf<'CsFaqPublished', { faqId: string; publishedAt: string }>
  | EventOf<'CsFaqUnpublished', { faqId: string; unpublishedAt: string }>;

export type CsEvent = TicketTypeEvent | TicketEvent | FaqTypeEvent | FaqEvent;

import type { FaqEvent, TicketEvent, TicketTypeTerms } from './cs-events.ts';

/** Shared events and terms of the customer-service tests. */
export const now = '2026-01-02T03:04:05.000Z';
export const later = '2026-01-02T04:00:00.000Z';

export const accountTerms: TicketTypeTerms = {
  typeId: 'account',
  title: 'Account',
  listOrder: 1,
  useContent: true,
  allowGuest: false,
  notifyMember: true,
  notifyManager: true,
};

export const filed = (
  filer: { kind: 'member'; memberSeq: number } | { kind: 'guest' } = {
    kind: 'member',
    memberSeq: 7,
  },
): TicketEvent => ({
  type: 'CsTicketFiled',
  data: { ticketId: 't1', typeId: 'account', filer, filedAt: now },
});

export const answered = (): TicketEvent => ({
  type: 'CsTicketAnswered',
  data: { ticketId: 't1', adminSeq: 1, answeredAt: later },
});

export const completed = (): TicketEvent => ({
  type: 'CsTicketCompleted',
  data: { ticketId: 't1', adminSeq: 1, completedAt: later },
});

export const closed = (): TicketEvent => ({
  type: 'CsTicketClosed',
  data: { ticketId: 't1', adminSeq: 1, closedAt: later },
});

export const faqWritten = (question = 'How do I log in?'): FaqEvent => ({
  type: 'CsFaqWritten',
  data: {
    faqId: 'f1',
    faqTypeId: 'general',
    locale: 'en-US',
    question,
    answer: 'With your mail address.',
    listOrder: 1,
    writtenAt: now,
  },
});

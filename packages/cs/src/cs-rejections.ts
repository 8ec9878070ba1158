import type { TicketState } from './cs-state.ts';

/** Why a customer-service command is refused (answered as problem details by the write API). */
export type CatalogueRejection = {
  type: 'CsEntryInvalid';
  field: 'title' | 'listOrder' | 'question' | 'answer' | 'locale';
};

export type TicketTypeRejection = CatalogueRejection;

export type TicketRejection =
  | { type: 'CsTicketExists' }
  | { type: 'CsTicketNotFound' }
  | { type: 'CsTicketTypeNotFound' }
  | { type: 'CsTicketGuestNotAllowed'; typeId: string }
  | { type: 'CsTicketContentRequired'; typeId: string }
  | { type: 'CsTicketNotAnswered' }
  | { type: 'CsTicketFinished'; state: Exclude<TicketState['status'], 'none'> };

export type FaqTypeRejection = CatalogueRejection;

export type FaqRejection =
  | CatalogueRejection
  | { type: 'CsFaqNotFound' }
  | { type: 'CsFaqTypeNotFound'; faqTypeId: string };

import type { Decider, Decision } from '@ledger/decider';
import { answerTicket } from './answer-ticket.ts';
import { closeTicket } from './close-ticket.ts';
import { completeTicket } from './complete-ticket.ts';
import type { DefineFaqType, DefineTicketType, FaqCommand, TicketCommand } from './cs-commands.ts';
import type { FaqEvent, FaqTypeEvent, TicketEvent, TicketTypeEvent } from './cs-events.ts';
import type {
  FaqRejection,
  FaqTypeRejection,
  TicketRejection,
  TicketTypeRejection,
} from './cs-rejections.ts';
import {
  evolveFaq,
  evolveFaqType,
  evolveTicket,
  evolveTicketType,
  type FaqState,
  type FaqTypeState,
  initialFaqState,
  initialFaqTypeState,
  initialTicketState,
  initialTicketTypeState,
  type TicketState,
  type TicketTypeState,
} from './cs-state.ts';
import { defineFaqType } from './define-faq-type.ts';
import { defineTicketType } from './define-ticket-type.ts';
import { fileTicket } from './file-ticket.ts';
import { publishFaq } from './publish-faq.ts';
import { writeFaq } from './write-faq.ts';

/** Decides one ticket command; pure. */
export function decideTicket(
  command: TicketCommand,
  state: TicketState,
): Decision<TicketEvent, TicketRejection> {
  switch (command.type) {
    case 'FileTicket':
      return fileTicket(command, state);
    case 'AnswerTicket':
      return answerTicket(command, state);
    case 'CompleteTicket':
      return completeTicket(command, state);
    case 'CloseTicket':
      return closeTicket(command, state);
  }
}

/** Decides one FAQ entry command; pure. */
export function decideFaq(command: FaqCommand, state: FaqState): Decision<FaqEvent, FaqRejection> {
  return command.type === 'WriteFaq' ? writeFaq(command, state) : publishFaq(command, state);
}

export const ticketTypeDecider: Decider<
  DefineTicketType,
  TicketTypeEvent,
  TicketTypeState,
  TicketTypeRejection
> = { initialState: initialTicketTypeState, evolve: evolveTicketType, decide: defineTicketType };

export const ticketDecider: Decider<TicketCommand, TicketEvent, TicketState, TicketRejection> = {
  initialState: initialTicketState,
  evolve: evolveTicket,
  decide: decideTicket,
};

export const faqTypeDecider: Decider<DefineFaqType, FaqTypeEvent, FaqTypeState, FaqTypeRejection> =
  { initialState: initialFaqTypeState, evolve: evolveFaqType, decide: defineFaqType };

export const faqDecider: Decider<FaqCommand, FaqEvent, FaqState, FaqRejection> = {
  initialState: initialFaqState,
  evolve: evolveFaq,
  decide: decideFaq,
};

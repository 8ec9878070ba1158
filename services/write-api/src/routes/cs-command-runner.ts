import {
  type DefineFaqType,
  type DefineTicketType,
  decideFaq,
  decideTicket,
  defineFaqType,
  defineTicketType,
  evolveFaq,
  evolveFaqType,
  evolveTicket,
  evolveTicketType,
  type FaqCommand,
  type FaqRejection,
  faqStream,
  faqTypeStream,
  initialFaqState,
  initialFaqTypeState,
  initialTicketState,
  initialTicketTypeState,
  type TicketCommand,
  type TicketRejection,
  type TicketTypeState,
  ticketStream,
  ticketTypeStream,
} from '@ledger/cs';
import type { Decision } from '@ledger/decider';
import type { GlobalPosition } from '@ledger/event-store';
import { ProblemError, type ProblemInit } from '@ledger/http';
import {
  type Aggregate,
  type CommandContext,
  handleCommand,
  loadAggregate,
} from '../command-handling.ts';
import type { MemberWriteContext } from '../member-command-runner.ts';

type Rejection = TicketRejection | FaqRejection;
type ProblemOf = { [Type in Rejection['type']]: () => ProblemInit };

/** Every customer-service rejection as a problem; the map's type makes it exhaustive. */
const csProblems: ProblemOf = {
  CsTicketExists: () => ({ status: 409, code: 'conflict' }),
  CsTicketNotFound: () => ({ status: 404, code: 'cs_ticket_not_found' }),
  CsTicketTypeNotFound: () => ({ status: 422, code: 'cs_ticket_type_not_found' }),
  CsTicketGuestNotAllowed: () => ({ status: 403, code: 'cs_guest_ticket_not_allowed' }),
  CsTicketContentRequired: () => ({ status: 422, code: 'cs_ticket_content_required' }),
  CsTicketNotAnswered: () => ({ status: 409, code: 'cs_ticket_not_answered' }),
  CsTicketFinished: () => ({ status: 409, code: 'cs_ticket_finished' }),
  CsEntryInvalid: () => ({ status: 422, code: 'cs_entry_invalid' }),
  CsFaqNotFound: () => ({ status: 404, code: 'cs_faq_not_found' }),
  CsFaqTypeNotFound: () => ({ status: 422, code: 'cs_faq_type_not_found' }),
};

const aggregates = {
  ticketType: { initial: initialTicketTypeState, evolve: evolveTicketType },
  ticket: { initial: initialTicketState, evolve: evolveTicket },
  faqType: { initial: initialFaqTypeState, evolve: evolveFaqType },
  faq: { initial: initialFaqState, evolve: evolveFaq },
};

export type CsWritten = { position: GlobalPosition | null };

async function run<State, Event extends { type: string; data: unknown }>(
  context: MemberWriteContext,
  stream: string,
  aggregate: Aggregate<State, Event>,
  decide: (state: State) => Decision<Event, Rejection>,
  commandContext: CommandContext,
): Promise<CsWritten> {
  const outcome = await handleCommand(
    { eventStore: context.identity.eventStore, db: context.db },
    stream,
    aggregate,
    decide,
    commandContext,
  );
  if (outcome.kind === 'rejected') throw new ProblemError(csProblems[outcome.rejection.type]());
  return { position: outcome.position };
}

/** A ticket type as its stream folds it (the source of truth for filing). */
export async function loadTicketType(
  context: MemberWriteContext,
  typeId: string,
): Promise<TicketTypeState> {
  return (
    await loadAggregate(
      context.identity.eventStore,
      ticketTypeStream(typeId),
      aggregates.ticketType,
    )
  ).state;
}

export async function isFaqTypeKnown(context: MemberWriteContext, faqTypeId: string) {
  const { state } = await loadAggregate(
    context.identity.eventStore,
    faqTypeStream(faqTypeId),
    aggregates.faqType,
  );
  return state.status === 'defined';
}

export function runTicketCommand(
  context: MemberWriteContext,
  ticketId: string,
  command: TicketCommand,
  commandContext: CommandContext,
): Promise<CsWritten> {
  return run(
    context,
    ticketStream(ticketId),
    aggregates.ticket,
    (state) => decideTicket(command, state),
    commandContext,
  );
}

export function runTicketTypeCommand(
  context: MemberWriteContext,
  command: DefineTicketType,
  commandContext: CommandContext,
): Promise<CsWritten> {
  return run(
    context,
    ticketTypeStream(command.terms.typeId),
    aggregates.ticketType,
    (state) => defineTicketType(command, state),
    commandContext,
  );
}

export function runFaqTypeCommand(
  context: MemberWriteContext,
  command: DefineFaqType,
  commandContext: CommandContext,
): Promise<CsWritten> {
  return run(
    context,
    faqTypeStream(command.terms.faqTypeId),
    aggregates.faqType,
    (state) => defineFaqType(command, state),
    commandContext,
  );
}

export function runFaqCommand(
  context: MemberWriteContext,
  faqId: string,
  command: FaqCommand,
  commandContext: CommandContext,
): Promise<CsWritten> {
  return run(
    context,
    faqStream(faqId),
    aggregates.faq,
    (state) => decideFaq(command, state),
    commandContext,
  );
}

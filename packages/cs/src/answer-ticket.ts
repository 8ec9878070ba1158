import { accepted, type Decision, rejected } from '@ledger/decider';
import type { AnswerTicket } from './cs-commands.ts';
import type { TicketEvent } from './cs-events.ts';
import type { TicketRejection } from './cs-rejections.ts';
import type { TicketState } from './cs-state.ts';

/**
 * An administrator answers an open ticket, or answers an answered one again (the newer answer
 * replaces the older; its words are kept apart). A completed or closed ticket takes no answer.
 */
export function answerTicket(
  command: AnswerTicket,
  state: TicketState,
): Decision<TicketEvent, TicketRejection> {
  if (state.status === 'none') return rejected({ type: 'CsTicketNotFound' });
  if (state.status === 'completed' || state.status === 'closed')
    return rejected({ type: 'CsTicketFinished', state: state.status });
  return accepted([
    {
      type: 'CsTicketAnswered',
      data: { ticketId: state.ticketId, adminSeq: command.adminSeq, answeredAt: command.now },
    },
  ]);
}

import { accepted, type Decision, rejected } from '@ledger/decider';
import type { CompleteTicket } from './cs-commands.ts';
import type { TicketEvent } from './cs-events.ts';
import type { TicketRejection } from './cs-rejections.ts';
import type { TicketState } from './cs-state.ts';

/** Completes an answered ticket (done); completing it again changes nothing. */
export function completeTicket(
  command: CompleteTicket,
  state: TicketState,
): Decision<TicketEvent, TicketRejection> {
  if (state.status === 'none') return rejected({ type: 'CsTicketNotFound' });
  if (state.status === 'completed') return accepted([]);
  if (state.status === 'closed') return rejected({ type: 'CsTicketFinished', state: 'closed' });
  if (state.status === 'open') return rejected({ type: 'CsTicketNotAnswered' });
  return accepted([
    {
      type: 'CsTicketCompleted',
      data: { ticketId: state.ticketId, adminSeq: command.adminSeq, completedAt: command.now },
    },
  ]);
}

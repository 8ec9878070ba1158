import { accepted, type Decision, rejected } from '@ledger/decider';
import type { CloseTicket } from './cs-commands.ts';
import type { TicketEvent } from './cs-events.ts';
import type { TicketRejection } from './cs-rejections.ts';
import type { TicketState } from './cs-state.ts';

/** Closes an open or answered ticket without completing it; closing it again changes nothing. */
export function closeTicket(
  command: CloseTicket,
  state: TicketState,
): Decision<TicketEvent, TicketRejection> {
  if (state.status === 'none') return rejected({ type: 'CsTicketNotFound' });
  if (state.status === 'closed') return accepted([]);
  if (state.status === 'completed')
    return rejected({ type: 'CsTicketFinished', state: 'completed' });
  return accepted([
    {
      type: 'CsTicketClosed',
      data: { ticketId: state.ticketId, adminSeq: command.adminSeq, closedAt: command.now },
    },
  ]);
}

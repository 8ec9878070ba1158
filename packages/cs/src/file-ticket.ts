import { accepted, type Decision, rejected } from '@ledger/decider';
import type { FileTicket } from './cs-commands.ts';
import type { TicketEvent } from './cs-events.ts';
import type { TicketRejection } from './cs-rejections.ts';
import type { TicketState } from './cs-state.ts';

/**
 * Files a ticket of a known type: by a member, or by a guest where the type allows guests (SPEC
 * §6); a type that uses content needs one. The ticket starts open.
 */
export function fileTicket(
  command: FileTicket,
  state: TicketState,
): Decision<TicketEvent, TicketRejection> {
  if (state.status !== 'none') return rejected({ type: 'CsTicketExists' });
  const ticketType = command.ticketType;
  if (ticketType === null) return rejected({ type: 'CsTicketTypeNotFound' });
  const { typeId } = ticketType;
  if (command.filer.kind === 'guest' && !ticketType.allowGuest)
    return rejected({ type: 'CsTicketGuestNotAllowed', typeId });
  if (ticketType.useContent && !command.hasContent)
    return rejected({ type: 'CsTicketContentRequired', typeId });
  return accepted([
    {
      type: 'CsTicketFiled',
      data: { ticketId: command.ticketId, typeId, filer: command.filer, filedAt: command.now },
    },
  ]);
}

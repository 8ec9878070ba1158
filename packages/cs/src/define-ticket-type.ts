import { accepted, type Decision, rejected } from '@ledger/decider';
import { sameTerms, titleAndOrderProblem } from './catalogue-checks.ts';
import type { DefineTicketType } from './cs-commands.ts';
import type { TicketTypeEvent } from './cs-events.ts';
import type { TicketTypeRejection } from './cs-rejections.ts';
import type { TicketTypeState } from './cs-state.ts';

/**
 * Defines a ticket type or changes it (title, list order, use content, allow guest, notify member
 * and manager). The same terms again change nothing; tickets already filed keep their type id.
 */
export function defineTicketType(
  command: DefineTicketType,
  state: TicketTypeState,
): Decision<TicketTypeEvent, TicketTypeRejection> {
  const problem = titleAndOrderProblem(command.terms);
  if (problem !== undefined) return rejected(problem);
  if (state.status === 'defined' && sameTerms(state.terms, command.terms)) return accepted([]);
  return accepted([
    { type: 'CsTicketTypeDefined', data: { ...command.terms, definedAt: command.now } },
  ]);
}

import { accepted, type Decision, rejected } from '@ledger/decider';
import type { CloseDeal } from './deal-commands.ts';
import type { DealEvent } from './deal-events.ts';
import type { DealRejection } from './deal-rejections.ts';
import type { DealState } from './deal-state.ts';

/**
 * Closes a deal: by its owner, an administrator, or the schedule once its close date has come.
 * Live applications go on; what is still in an immediate deal's escrow goes back once (a step).
 */
export function closeDeal(
  command: CloseDeal,
  state: DealState,
): Decision<DealEvent, DealRejection> {
  if (state.status === 'none') return rejected({ type: 'DealNotFound' });
  if (state.status === 'closed') return accepted([]);
  const { closeAt, ownerMemberSeq, dealId } = state.terms;
  if (command.closedBy === 'owner' && command.actorSeq !== ownerMemberSeq)
    return rejected({ type: 'NotDealOwner' });
  if (command.closedBy === 'schedule' && (closeAt === null || command.now < closeAt))
    return rejected({ type: 'DealNotDue', closeAt });
  return accepted([
    {
      type: 'DealClosed',
      data: {
        dealId,
        closedBy: command.closedBy,
        actorSeq: command.actorSeq,
        closedAt: command.now,
      },
    },
  ]);
}

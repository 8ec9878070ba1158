import type { RecordedEvent } from '@ledger/event-store';
import type { LedgerRejection } from '@ledger/ledger';
import type { LedgerAnswer } from '@ledger/ledger-client';

/**
 * Rebuilds a command's answer from its events in the log: a lone CommandRejected is a rejection,
 * anything else the accepted events. Undefined when the events are not all the command's own
 * (the outcome record pointed at the wrong place: a bug the caller reports).
 */
export function answerFromEvents(
  actor: string,
  commandId: string,
  events: readonly RecordedEvent[],
): LedgerAnswer | undefined {
  const last = events.at(-1);
  if (last === undefined) return undefined;
  for (const event of events) {
    if (event.metadata.commandId !== commandId || event.metadata.actor !== actor) return undefined;
  }
  const revision = last.revision.toString();
  const first = events[0] as RecordedEvent;
  if (events.length === 1 && first.type === 'CommandRejected') {
    const { rejection } = first.data as { rejection: LedgerRejection };
    return { kind: 'rejected', commandId, rejection, revision };
  }
  return {
    kind: 'accepted',
    commandId,
    events: events.map((event) => ({
      id: event.id,
      type: event.type as 'TransferPosted',
      data: event.data,
    })),
    revision,
  };
}

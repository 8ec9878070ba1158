import type { RecordedEvent } from '@ledger/event-store';

/**
 * A ledger event that cannot be applied without breaking an invariant of the read model: an
 * unknown account, a negative available balance where none is allowed, a hold resolved twice, a
 * per-asset total that is not zero. The projection throws it and stops (the runner records the
 * failure with the event); it never skips or clamps (guides/style.md §0, finding 4).
 */
export class ProjectionInvariantError extends Error {
  readonly eventId: string;
  readonly eventType: string;
  readonly revision: bigint;
  constructor(event: Pick<RecordedEvent, 'id' | 'type' | 'revision'>, message: string) {
    super(`${event.type} ${event.id} (revision ${event.revision}): ${message}`);
    this.name = 'ProjectionInvariantError';
    this.eventId = event.id;
    this.eventType = event.type;
    this.revision = event.revision;
  }
}

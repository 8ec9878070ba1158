import type { EventFilter, RecordedEvent } from './port.ts';

/**
 * Whether `event` passes `filter` as a filtered read applies it: a prefix of each non-empty list
 * must match (any type prefix and any stream prefix); a missing or empty list matches everything.
 * For callers that filter in memory what they read unfiltered (the runner group, the EventStoreDB
 * adapter's client-side pass).
 */
export function matchesFilter(event: RecordedEvent, filter: EventFilter | undefined): boolean {
  const types = filter?.eventTypePrefixes ?? [];
  const streams = filter?.streamPrefixes ?? [];
  return (
    (types.length === 0 || types.some((prefix) => event.type.startsWith(prefix))) &&
    (streams.length === 0 || streams.some((prefix) => event.streamName.startsWith(prefix)))
  );
}

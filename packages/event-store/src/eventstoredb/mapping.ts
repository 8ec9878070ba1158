import type { AllStreamResolvedEvent, ResolvedEvent } from '@eventstore/db-client';
import { StreamNotFoundError, WrongExpectedRevisionError } from '../errors.ts';
import type { EventMetadata, ExpectedRevision, GlobalPosition, RecordedEvent } from '../port.ts';
import { encodePosition } from './position.ts';

/** Where the adapter keeps an event's hash-chain stamp in its metadata (see hash-chain.ts). */
export const chainMetadataKey = 'hashChain';

/** The client's error in the port's terms; anything unrecognised is returned unchanged. */
export function translateError(
  error: unknown,
  stream: string,
  expected?: ExpectedRevision,
): unknown {
  if (!(error instanceof Error)) return error;
  const typed = error as Error & { type?: unknown; actualVersion?: unknown };
  if (typed.type === 'wrong-expected-version' && expected !== undefined) {
    const actual = typed.actualVersion;
    return new WrongExpectedRevisionError(
      stream,
      expected,
      typeof actual === 'bigint' ? actual : 'no_stream',
    );
  }
  if (typed.type === 'stream-not-found') return new StreamNotFoundError(stream);
  return error;
}

type ClientRecordedEvent = NonNullable<ResolvedEvent['event']>;

/**
 * One client event in the port's shape. `withPosition` is false for single-stream reads: they do not
 * carry real commit positions (EventStore-Client-Go #88), and a wrong position is worse than none.
 */
export function toRecordedEvent(event: ClientRecordedEvent, withPosition: boolean): RecordedEvent {
  const recorded: RecordedEvent = {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: toMetadata(event.metadata),
    streamName: event.streamId,
    revision: event.revision,
    recordedAt: event.created,
  };
  if (withPosition && event.position) recorded.position = encodePosition(event.position);
  return recorded;
}

function toMetadata(metadata: unknown): EventMetadata {
  // The client parses JSON metadata; anything else (binary, absent) was not written by this port.
  if (metadata !== null && typeof metadata === 'object' && !(metadata instanceof Uint8Array)) {
    // The adapter's hash-chain stamp is not the caller's (hash-chain.ts).
    const { [chainMetadataKey]: _stamp, ...callers } = metadata as EventMetadata;
    return chainMetadataKey in metadata ? callers : (metadata as EventMetadata);
  }
  return {};
}

/** A `$all` entry: position plus the event in the port's shape, or undefined for a bare link. */
export function fromAllEvent(
  resolved: AllStreamResolvedEvent,
): { position: GlobalPosition; event: RecordedEvent } | undefined {
  const event = resolved.event;
  if (!event) return undefined;
  return { position: encodePosition(event.position), event: toRecordedEvent(event, true) };
}

/** `$`-prefixed types are the server's own (stats, metadata, links): never domain events. */
export function isSystemEvent(event: RecordedEvent): boolean {
  return event.type.startsWith('$');
}

export { matchesFilter } from '../filter.ts';

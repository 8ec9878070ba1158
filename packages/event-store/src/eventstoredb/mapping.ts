import {
  type AllStreamResolvedEvent,
  ANY,
  type AppendExpectedRevision,
  type EventData,
  jsonEvent,
  NO_STREAM,
  type ResolvedEvent,
  STREAM_EXISTS,
} from '@eventstore/db-client';
import { StreamNotFoundError, WrongExpectedRevisionError } from '../errors.ts';
import type {
  EventFilter,
  EventMetadata,
  ExpectedRevision,
  GlobalPosition,
  NewEvent,
  RecordedEvent,
} from '../port.ts';
import { encodePosition } from './position.ts';

/** The port's expected revision in the client's terms (guide §8). */
export function toExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected.kind) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'exact':
      return BigInt(expected.revision);
  }
}

/**
 * Every event is appended with the id the caller chose (deterministic per command). The server only
 * de-duplicates ids "in quick succession" and per expected revision (KurrentDB #1898, #1949, #2274),
 * so this is not a uniqueness guarantee: command-level de-duplication is the ledger writer's job
 * (DESIGN.md §3: outcomes are in the ledger stream; guide §6).
 */
export function toEventData(event: NewEvent): EventData {
  return jsonEvent({
    id: event.id,
    type: event.type,
    // The port types data as unknown; the contract is JSON (amounts as strings).
    data: event.data as Record<string, unknown>,
    metadata: event.metadata ?? {},
  });
}

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
    return metadata as EventMetadata;
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

/** Both lists, when given, must match (a prefix of each); an empty filter matches everything. */
export function matchesFilter(event: RecordedEvent, filter: EventFilter | undefined): boolean {
  if (!filter) return true;
  const { eventTypePrefixes, streamPrefixes } = filter;
  if (eventTypePrefixes && !eventTypePrefixes.some((prefix) => event.type.startsWith(prefix)))
    return false;
  if (streamPrefixes && !streamPrefixes.some((prefix) => event.streamName.startsWith(prefix)))
    return false;
  return true;
}

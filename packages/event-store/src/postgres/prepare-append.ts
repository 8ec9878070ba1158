import { DuplicateEventIdError, InvalidArgumentError } from '../errors.ts';
import { type CanonicalEvent, canonicalizeEvent } from '../hash-chain/content-hash.ts';
import type { ExpectedRevision, NewEvent } from '../port.ts';

/** One caller's append, validated and canonicalized, ready for es_append_batch. */
export type PreparedAppend = {
  stream: string;
  category: string;
  expected: ExpectedRevision;
  ids: string[];
  events: CanonicalEvent[];
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Checks an append before it may join a shared transaction: a malformed append would otherwise
 * fail the whole group commit and cost every other caller a retry on its own.
 */
export function prepareAppend(
  stream: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision,
): PreparedAppend {
  if (typeof stream !== 'string' || stream.length === 0) {
    throw new InvalidArgumentError('invalid_stream', 'stream name must be a non-empty string');
  }
  if (events.length === 0) {
    throw new InvalidArgumentError('empty_append', `empty append to ${stream}`);
  }
  checkExpected(expected);
  const ids: string[] = [];
  const seen = new Set<string>();
  const canonical: CanonicalEvent[] = [];
  for (const event of events) {
    const id = typeof event.id === 'string' ? event.id.toLowerCase() : '';
    if (!uuidPattern.test(id)) {
      throw new InvalidArgumentError('invalid_event_id', `event id is not a UUID: ${event.id}`);
    }
    if (seen.has(id)) throw new DuplicateEventIdError(id);
    seen.add(id);
    if (typeof event.type !== 'string' || event.type.length === 0) {
      throw new InvalidArgumentError('invalid_event_type', 'event type must be a non-empty string');
    }
    ids.push(id);
    canonical.push(canonicalizeEvent(event.type, event.data, event.metadata ?? {}));
  }
  return { stream, category: categoryOf(stream), expected, ids, events: canonical };
}

/** `member-01J…` → `member`; a stream without a dash is its own category (`ledger`). */
export function categoryOf(stream: string): string {
  const dash = stream.indexOf('-');
  return dash > 0 ? stream.slice(0, dash) : stream;
}

function checkExpected(expected: ExpectedRevision): void {
  switch (expected?.kind) {
    case 'any':
    case 'no_stream':
    case 'stream_exists':
      return;
    case 'exact':
      if (typeof expected.revision === 'bigint' && expected.revision >= 0n) return;
      break;
  }
  throw new InvalidArgumentError(
    'invalid_expected_revision',
    'expected revision must be any, no_stream, stream_exists or exact with a revision >= 0',
  );
}

import { DuplicateEventIdError, InvalidArgumentError } from '../errors.ts';
import { type CanonicalEvent, canonicalizeEvent } from '../hash-chain/content-hash.ts';
import type { ExpectedRevision, NewEvent, PreparedEvents } from '../port.ts';

/**
 * An append's events as es_append_batch takes them, built once (ahead of the append when the
 * caller used `prepare`): every piece is the inside of its packed parameter, so a flush of several
 * appends only joins them with commas (see batchParameters).
 */
export type EncodedEvents = {
  /** Validated, lower-case UUIDs. */
  ids: string[];
  events: CanonicalEvent[];
  /** `id,id,…` (validated UUIDs need no quoting in an array literal). */
  idList: string;
  /** The event types as JSON strings, comma-joined. */
  typeList: string;
  /** The canonical data documents, comma-joined. */
  dataList: string;
  /** The canonical metadata documents, comma-joined. */
  metadataList: string;
  /** The content hashes, 64 hex digits each, concatenated. */
  hashHex: string;
};

/**
 * The encoding of an array this adapter's `prepare` returned, held by the array itself under a
 * private symbol (not enumerable: invisible to iteration, copies and JSON). A WeakMap did the
 * same at about 1 µs per event more (its ephemerons are traced by every scavenge).
 */
const encodingOf = Symbol('es.preparedEncoding');
type WithEncoding = { [encodingOf]?: EncodedEvents };

/** One caller's append, validated and canonicalized, ready for es_append_batch. */
export type PreparedAppend = {
  stream: string;
  category: string;
  expected: ExpectedRevision;
  ids: string[];
  events: CanonicalEvent[];
  encoded: EncodedEvents;
};

/**
 * `/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/`, written out: it runs for
 * every event appended, and the loop costs a fraction of the regular expression.
 */
export function isUuid(id: string): boolean {
  if (id.length !== 36) return false;
  for (let index = 0; index < 36; index += 1) {
    const code = id.charCodeAt(index);
    if (index === 8 || index === 13 || index === 18 || index === 23) {
      if (code !== 45) return false;
    } else if (!((code >= 48 && code <= 57) || (code >= 97 && code <= 102))) {
      return false;
    }
  }
  return true;
}

/**
 * Checks an append before it may join a shared transaction: a malformed append would otherwise
 * fail the whole group commit and cost every other caller a retry on its own. `events` may have
 * been prepared already (`prepareEvents`), which leaves only the stream and the expected revision.
 */
export function prepareAppend(
  stream: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision,
): PreparedAppend {
  if (typeof stream !== 'string' || stream.length === 0) {
    throw new InvalidArgumentError('invalid_stream', 'stream name must be a non-empty string');
  }
  const encoded = (events as WithEncoding)[encodingOf] ?? encodeEvents(events, stream);
  checkExpected(expected);
  return {
    stream,
    category: categoryOf(stream),
    expected,
    ids: encoded.ids,
    events: encoded.events,
    encoded,
  };
}

/**
 * The port's `prepare` for this adapter: validates the events (ids, types, no repeated id),
 * canonicalizes and hashes each payload and builds the packed parameters. Returns a frozen copy
 * of the array, whose encoding `prepareAppend` then finds instead of redoing it.
 */
export function prepareEvents(events: readonly NewEvent[]): PreparedEvents {
  const encoded = encodeEvents(events, undefined);
  const prepared = [...events];
  Object.defineProperty(prepared, encodingOf, { value: encoded });
  return Object.freeze(prepared) as unknown as PreparedEvents;
}

function encodeEvents(events: readonly NewEvent[], stream: string | undefined): EncodedEvents {
  if (!Array.isArray(events) || events.length === 0) {
    throw new InvalidArgumentError('empty_append', `empty append${stream ? ` to ${stream}` : ''}`);
  }
  const ids: string[] = [];
  const seen = new Set<string>();
  const canonical: CanonicalEvent[] = [];
  const types: string[] = [];
  const data: string[] = [];
  const metadata: string[] = [];
  const hashes: string[] = [];
  for (const event of events) {
    const id = typeof event.id === 'string' ? event.id.toLowerCase() : '';
    if (!isUuid(id)) {
      throw new InvalidArgumentError('invalid_event_id', `event id is not a UUID: ${event.id}`);
    }
    if (seen.has(id)) throw new DuplicateEventIdError(id);
    seen.add(id);
    if (typeof event.type !== 'string' || event.type.length === 0) {
      throw new InvalidArgumentError('invalid_event_type', 'event type must be a non-empty string');
    }
    ids.push(id);
    const value = canonicalizeEvent(event.type, event.data, event.metadata ?? {});
    canonical.push(value);
    types.push(quotedType(value.type));
    data.push(value.dataJson);
    metadata.push(value.metadataJson);
    hashes.push(value.contentHashHex);
  }
  return {
    ids,
    events: canonical,
    idList: ids.join(','),
    typeList: types.join(','),
    dataList: data.join(','),
    metadataList: metadata.join(','),
    hashHex: hashes.join(''),
  };
}

// Event types repeat: each is quoted once. Bounded, so odd input cannot grow it.
const quotedTypes = new Map<string, string>();

function quotedType(type: string): string {
  let quoted = quotedTypes.get(type);
  if (quoted === undefined) {
    quoted = JSON.stringify(type);
    if (quotedTypes.size < 1_024) quotedTypes.set(type, quoted);
  }
  return quoted;
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

import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  type ReadPosition,
  START,
} from '@eventstore/db-client';
import type { ContractCapabilities } from '../contract/contract-store.ts';
import { InvalidArgumentError, WrongExpectedRevisionError } from '../errors.ts';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  GlobalPosition,
  NewEvent,
  PreparedEvents,
  ReadAllOptions,
  ReadAllResult,
  ReadStreamOptions,
  RecordedEvent,
  SubscriptionItem,
} from '../port.ts';
import type { EsdbClient } from './client.ts';
import { assertNoChainKey, chainBase, stampEvents } from './hash-chain.ts';
import {
  fromAllEvent,
  isSystemEvent,
  matchesFilter,
  toRecordedEvent,
  translateError,
} from './mapping.ts';
import { decodePosition, encodePosition } from './position.ts';
import {
  defaultSubscriptionSettings,
  type EsdbSubscribeAllOptions,
  type SubscriptionSettings,
  subscribeAll,
} from './subscribe-all.ts';

/**
 * What this adapter promises beyond the port, for the shared contract suite: KurrentDB
 * de-duplicates event ids only per stream, per expected revision and "in quick succession", so
 * ids are neither unique store-wide nor within a stream; stream reads carry no global positions
 * (docs/adr/0007).
 */
export const eventStoreDbCapabilities: ContractCapabilities = {
  globalEventIds: false,
  streamPositions: false,
  eventIdsUniqueInStream: false,
};

/** The server acknowledged an append without a `$all` position (servers before 20.x). */
export class MissingPositionError extends Error {
  constructor(stream: string) {
    super(`append to ${stream} returned no position`);
    this.name = 'MissingPositionError';
  }
}

export type EventStoreDbOptions = {
  subscription?: Partial<SubscriptionSettings>;
  /** Events examined per page while looking backwards for the newest non-system event. */
  headPageSize?: number;
};

/** `subscribeAll` also accepts `resumeFrom` (see EsdbSubscribeAllOptions). */
export type EventStoreDbEventStore = EventStore & {
  subscribeAll(options: EsdbSubscribeAllOptions): AsyncIterable<SubscriptionItem>;
};

/**
 * The EventStore port on EventStoreDB / KurrentDB. Differences from the Postgres adapter, all
 * documented in docs/adr/0007: event ids are not unique store-wide (no DuplicateEventIdError; the
 * ledger writer de-duplicates commands), readStream carries no global positions, and `readAll`
 * filters on the client, so a filtered page may hold fewer events than it examined (`lastSeen`).
 */
export function createEventStoreDbEventStore(
  client: EsdbClient,
  options: EventStoreDbOptions = {},
): EventStoreDbEventStore {
  const settings = { ...defaultSubscriptionSettings, ...options.subscription };
  const headPageSize = options.headPageSize ?? 100;
  // close() ends live subscriptions quietly rather than leaving them to fail on a disposed client.
  const closing = new AbortController();
  return {
    append: (stream, events, appendOptions) => append(client, stream, events, appendOptions),
    prepare,
    readStream: (stream, readOptions) => readStream(client, stream, readOptions),
    readAll: (readOptions) => readAll(client, readOptions),
    subscribeAll: (subscribeOptions) =>
      subscribeAll(
        client,
        { ...subscribeOptions, signal: AbortSignal.any([subscribeOptions.signal, closing.signal]) },
        settings,
      ),
    headPosition: () => headPosition(client, headPageSize),
    close: async () => {
      closing.abort();
      await client.dispose();
    },
  };
}

/**
 * The port's `prepare`, done trivially: the events are checked as `append` checks them; the hashes
 * are computed at the append, since the link hashes need the stream's end, read then.
 */
function prepare(events: readonly NewEvent[]): PreparedEvents {
  checkEvents(events);
  return Object.freeze([...events]) as unknown as PreparedEvents;
}

function checkEvents(events: readonly NewEvent[]): void {
  if (events.length === 0)
    throw new InvalidArgumentError('empty_append', 'an append needs at least one event');
  assertNoChainKey(events);
}

/** Attempts of an `any` append that keeps losing the race for the stream's end. */
const maxAnyAttempts = 16;

/**
 * Every append is chained (hash-chain.ts): the event it follows is read first and the append is
 * pinned to that revision. An `any` append that loses the race starts over; other modes report
 * the conflict as the server does.
 */
async function append(
  client: EsdbClient,
  stream: string,
  events: readonly NewEvent[],
  options: { expected: ExpectedRevision; signal?: AbortSignal },
): Promise<AppendResult> {
  checkEvents(events);
  for (let attempt = 1; ; attempt += 1) {
    options.signal?.throwIfAborted();
    const base = await chainBase(client, stream, options.expected);
    let result: Awaited<ReturnType<EsdbClient['appendToStream']>>;
    try {
      result = await client.appendToStream(stream, stampEvents(stream, base, events), {
        expectedRevision: base.expectedRevision === 'no_stream' ? NO_STREAM : base.expectedRevision,
      });
    } catch (error) {
      const translated = translateError(error, stream, options.expected);
      if (
        options.expected.kind === 'any' &&
        translated instanceof WrongExpectedRevisionError &&
        attempt < maxAnyAttempts
      ) {
        continue;
      }
      throw translated;
    }
    if (!result.position) throw new MissingPositionError(stream);
    return {
      nextExpectedRevision: result.nextExpectedRevision,
      position: encodePosition(result.position),
    };
  }
}

async function* readStream(
  client: EsdbClient,
  stream: string,
  options: ReadStreamOptions = {},
): AsyncGenerator<RecordedEvent> {
  const direction = options.direction === 'backwards' ? BACKWARDS : FORWARDS;
  const defaultStart = direction === BACKWARDS ? END : START;
  const read = client.readStream(stream, {
    fromRevision: options.from ?? defaultStart,
    direction,
    ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
  });
  try {
    for await (const resolved of read) {
      if (resolved.event) yield toRecordedEvent(resolved.event, false);
    }
  } catch (error) {
    throw translateError(error, stream);
  }
}

/**
 * Exclusive `after`. The client's `fromPosition` may include the event at that position, so one
 * extra event is requested and everything at or before `after` is dropped. `maxCount` bounds the
 * events examined; system events and filtered-out events are examined but not returned.
 */
async function readAll(client: EsdbClient, options: ReadAllOptions): Promise<ReadAllResult> {
  const { after, maxCount, filter } = options;
  if (!Number.isInteger(maxCount) || maxCount < 1) {
    throw new InvalidArgumentError('invalid_count', 'maxCount must be an integer ≥ 1');
  }
  const read = client.readAll({
    fromPosition: after === undefined ? START : decodePosition(after),
    maxCount: maxCount + 1,
    direction: FORWARDS,
  });
  const events: RecordedEvent[] = [];
  let examined = 0;
  let lastSeen: GlobalPosition | undefined;
  // Read to the end rather than break: ending the iterator early does not cancel the gRPC call.
  for await (const resolved of read) {
    const entry = fromAllEvent(resolved);
    if (!entry || (after !== undefined && entry.position <= after) || examined === maxCount)
      continue;
    examined += 1;
    lastSeen = entry.position;
    if (!isSystemEvent(entry.event) && matchesFilter(entry.event, filter)) events.push(entry.event);
  }
  return lastSeen === undefined ? { events } : { events, lastSeen };
}

/** The newest non-system event's position, paging backwards past the server's own events. */
async function headPosition(
  client: EsdbClient,
  pageSize: number,
): Promise<GlobalPosition | undefined> {
  let from: ReadPosition = END;
  let cursor: GlobalPosition | undefined;
  for (;;) {
    let examined = 0;
    for await (const resolved of client.readAll({
      fromPosition: from,
      maxCount: pageSize,
      direction: BACKWARDS,
    })) {
      const entry = fromAllEvent(resolved);
      if (!entry || (cursor !== undefined && entry.position >= cursor)) continue;
      examined += 1;
      if (!isSystemEvent(entry.event)) return entry.position;
      cursor = entry.position;
    }
    if (examined === 0 || cursor === undefined) return undefined;
    from = decodePosition(cursor);
  }
}

/** The adapter on a real client; connections are lazy, so this does not touch the network. */
export function connectEventStoreDb(
  connectionString: string,
  options: EventStoreDbOptions = {},
): EventStoreDbEventStore {
  return createEventStoreDbEventStore(
    EventStoreDBClient.connectionString(connectionString),
    options,
  );
}

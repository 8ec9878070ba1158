/**
 * The event store port: what the ledger and every other aggregate may ask of an event store.
 * Two adapters implement it (PostgreSQL, the default; EventStoreDB), so nothing here may need a
 * capability only one of them has (no atomic multi-stream append).
 */

/** 0-based revision of an event within its stream. */
export type Revision = bigint;

export type ExpectedRevision =
  | { kind: 'any' }
  | { kind: 'no_stream' }
  | { kind: 'stream_exists' }
  /** `revision` is the revision of the stream's LAST event. */
  | { kind: 'exact'; revision: Revision };

/**
 * Opaque, totally ordered, lexicographically comparable position in the global log. Only the
 * adapter that produced it parses it. Compare positions with plain string comparison.
 */
export type GlobalPosition = string & { readonly __brand: 'GlobalPosition' };

export type EventMetadata = {
  commandId?: string;
  correlationId?: string;
  causationId?: string;
  /** `member:<seq>` | `admin:<seq>` | `system:<name>`. */
  actor?: string;
  requestId?: string;
  schemaVersion?: number;
  [key: string]: unknown;
};

export type NewEvent<Type extends string = string, Data = unknown> = {
  /** UUID chosen by the caller, deterministic per command, unique store-wide. */
  id: string;
  type: Type;
  /** JSON; amounts as decimal strings. */
  data: Data;
  metadata?: EventMetadata;
};

export type RecordedEvent<Type extends string = string, Data = unknown> = {
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  streamName: string;
  revision: Revision;
  /** Always set by readAll/subscribeAll; may be absent from readStream on EventStoreDB. */
  position?: GlobalPosition;
  recordedAt: Date;
};

/**
 * An append's events checked and encoded ahead of the append by `EventStore.prepare`: ids and
 * types validated, payloads canonicalized and hashed, the database parameters built. It is an
 * array of the same events (frozen), so it goes to `append` in place of them, as often as needed
 * (a retry appends the same events again), and through any wrapper that reads the events. A caller
 * prepares its next append while the previous one is in flight. The store that prepared it skips
 * the work at the append; any other store, or a copy of the array, appends the events as usual.
 * Do not change the events afterwards: an adapter may append what it encoded at preparation.
 */
export type PreparedEvents = readonly NewEvent[] & { readonly __brand: 'PreparedEvents' };

export type AppendResult = {
  /** Revision of the last event appended (what `exact` expects next time). */
  nextExpectedRevision: Revision;
  /** Global position of the last event appended (read-your-writes: `?after=`). */
  position: GlobalPosition;
};

export type EventFilter = {
  eventTypePrefixes?: readonly string[];
  streamPrefixes?: readonly string[];
};

export type SubscriptionItem =
  | { kind: 'events'; events: RecordedEvent[] }
  /** Progress of a filtered subscription through events it did not deliver. */
  | { kind: 'checkpoint'; position: GlobalPosition }
  | { kind: 'caughtUp'; position: GlobalPosition | undefined };

export type ReadStreamOptions = {
  /** First revision to read (forwards) or last (backwards); default start or end. */
  from?: Revision;
  maxCount?: number;
  direction?: 'forwards' | 'backwards';
};

export type ReadAllOptions = {
  /** Exclusive. */
  after?: GlobalPosition | undefined;
  maxCount: number;
  filter?: EventFilter | undefined;
};

export type ReadAllResult = {
  events: RecordedEvent[];
  /** Last position examined, also when the filter dropped every event examined. */
  lastSeen?: GlobalPosition;
};

export type SubscribeAllOptions = {
  /** Exclusive. */
  after?: GlobalPosition | undefined;
  filter?: EventFilter | undefined;
  /** Events per yielded batch, at most. */
  batchSizeMax?: number;
  signal: AbortSignal;
};

export interface EventStore {
  /** `events` may come from `prepare`: the same append, its per-event work already done. */
  append(
    stream: string,
    events: readonly NewEvent[],
    options: { expected: ExpectedRevision; signal?: AbortSignal },
  ): Promise<AppendResult>;
  /**
   * Does an append's per-event work ahead of time (see PreparedEvents). Throws what `append` would
   * throw for these events before any I/O (InvalidArgumentError, DuplicateEventIdError,
   * CanonicalJsonError). Optional, so existing wrappers and test doubles stay valid: a caller
   * falls back to the plain events (`store.prepare?.(events) ?? events`).
   */
  prepare?(events: readonly NewEvent[]): PreparedEvents;
  /** Throws StreamNotFoundError when the stream does not exist. */
  readStream(stream: string, options?: ReadStreamOptions): AsyncIterable<RecordedEvent>;
  readAll(options: ReadAllOptions): Promise<ReadAllResult>;
  /** Catch-up then live; yields one batch at a time (consume with for-await). */
  subscribeAll(options: SubscribeAllOptions): AsyncIterable<SubscriptionItem>;
  /** Position of the newest event a subscriber can see; undefined for an empty store. */
  headPosition(): Promise<GlobalPosition | undefined>;
  close(): Promise<void>;
}

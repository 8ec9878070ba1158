import type {
  AllStreamResolvedEvent,
  AppendExpectedRevision,
  Direction,
  EventData,
  Filter,
  Position,
  ReadPosition,
  ReadRevision,
  ResolvedEvent,
} from '@eventstore/db-client';

/**
 * The part of `@eventstore/db-client`'s `EventStoreDBClient` the adapter uses. Kept narrow so unit
 * tests pass a stub (no server can run on the build machines), and so the switch to
 * `@kurrent/kurrentdb-client` (`expectedRevision` → `streamState`) touches one file.
 */
export interface EsdbClient {
  appendToStream(
    streamName: string,
    events: EventData[],
    options: { expectedRevision: AppendExpectedRevision },
  ): Promise<{ nextExpectedRevision: bigint; position?: Position }>;
  readStream(
    streamName: string,
    options: { fromRevision: ReadRevision; maxCount?: number | bigint; direction: Direction },
  ): AsyncIterable<ResolvedEvent>;
  readAll(options: {
    fromPosition: ReadPosition;
    maxCount: number | bigint;
    direction: Direction;
  }): AsyncIterable<AllStreamResolvedEvent>;
  subscribeToAll(options: { fromPosition: ReadPosition; filter: Filter }): EsdbSubscription;
  dispose(): Promise<void>;
}

/**
 * A catch-up subscription: a Node Readable in object mode that also emits `caughtUp`. The adapter
 * listens to `data` rather than iterating, so `caughtUp` and checkpoints (which the client reports
 * out of band) can be put back in order with the events (see subscription.ts).
 */
export interface EsdbSubscription {
  on(event: 'data', listener: (event: AllStreamResolvedEvent) => void): unknown;
  on(event: 'caughtUp', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  pause(): unknown;
  resume(): unknown;
  /** Events the client has pushed that no `data` listener has seen yet. */
  readonly readableLength: number;
  unsubscribe(): Promise<void>;
}

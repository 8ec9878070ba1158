import type { ExpectedRevision, Revision } from './port.ts';

/** The stream was not at the expected revision; `actual` says where it is. */
export class WrongExpectedRevisionError extends Error {
  readonly stream: string;
  readonly expected: ExpectedRevision;
  readonly actual: Revision | 'no_stream';
  constructor(stream: string, expected: ExpectedRevision, actual: Revision | 'no_stream') {
    super(`wrong expected revision for ${stream}: actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
    this.stream = stream;
    this.expected = expected;
    this.actual = actual;
  }
}

export class StreamNotFoundError extends Error {
  readonly stream: string;
  constructor(stream: string) {
    super(`stream ${stream} not found`);
    this.name = 'StreamNotFoundError';
    this.stream = stream;
  }
}

/** Event ids already used elsewhere, or at another position of this stream. */
export class DuplicateEventIdError extends Error {
  readonly eventId: string;
  constructor(eventId: string) {
    super(`event id ${eventId} already used`);
    this.name = 'DuplicateEventIdError';
    this.eventId = eventId;
  }
}

export type InvalidArgumentCode =
  | 'empty_append'
  | 'invalid_event_id'
  | 'invalid_event_type'
  | 'invalid_stream'
  | 'invalid_expected_revision'
  | 'invalid_metadata'
  | 'invalid_position'
  | 'invalid_count';

/** A caller's mistake the store refuses before touching the database (a programming error). */
export class InvalidArgumentError extends Error {
  readonly code: InvalidArgumentCode;
  constructor(code: InvalidArgumentCode, message: string) {
    super(message);
    this.name = 'InvalidArgumentError';
    this.code = code;
  }
}

/**
 * The newest stored transaction id is not below the database's next one: the data was copied
 * logically (pg_dump, logical replication) into a cluster whose transaction counter is behind, and
 * new events would sort before positions subscribers have already passed. Appends are refused.
 */
export class LogicalRestoreDetectedError extends Error {
  readonly newestStoredTransactionId: bigint;
  readonly nextTransactionId: bigint;
  constructor(newestStoredTransactionId: bigint, nextTransactionId: bigint) {
    super(
      `newest stored transaction id ${newestStoredTransactionId} >= next transaction id ${nextTransactionId}`,
    );
    this.name = 'LogicalRestoreDetectedError';
    this.newestStoredTransactionId = newestStoredTransactionId;
    this.nextTransactionId = nextTransactionId;
  }
}

/** The store was closed; no further appends or reads are accepted. */
export class EventStoreClosedError extends Error {
  constructor() {
    super('event store closed');
    this.name = 'EventStoreClosedError';
  }
}

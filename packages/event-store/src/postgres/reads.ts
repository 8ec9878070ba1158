import type pg from 'pg';
import { InvalidArgumentError, StreamNotFoundError } from '../errors.ts';
import type {
  EventFilter,
  EventMetadata,
  GlobalPosition,
  ReadStreamOptions,
  RecordedEvent,
} from '../port.ts';
import { decodePosition, encodePosition, origin } from './position.ts';
import { eventRowTypes } from './type-parsers.ts';

// Output names differ from column names on purpose: ORDER BY resolves an output name first, and
// ordering by `transaction_id::text AS transaction_id` would sort the log as text.
type EventRow = {
  tx: string;
  seq: string;
  stream: string;
  revision: string;
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  /**
   * Microseconds since the epoch: cheaper for Postgres to send than for Node to parse a
   * timestamp (on catch-up reads the parse was the most expensive part of a row).
   */
  recorded_us: string;
};

const eventColumns = columnsOf('es_events');

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamName: row.stream,
    revision: BigInt(row.revision),
    position: encodePosition(row.tx, row.seq),
    recordedAt: new Date(Math.floor(Number(row.recorded_us) / 1_000)),
  };
}

const streamPageSize = 1_000;
const maxRevision = 9_223_372_036_854_775_807n;

/** Pages through one stream in revision order; StreamNotFoundError when the stream is missing. */
export async function* readStreamPages(
  pool: pg.Pool,
  stream: string,
  options: ReadStreamOptions = {},
): AsyncGenerator<RecordedEvent> {
  const backwards = options.direction === 'backwards';
  let remaining = options.maxCount ?? Number.POSITIVE_INFINITY;
  if (!(remaining >= 0)) throw new InvalidArgumentError('invalid_count', 'maxCount must be >= 0');
  let from = options.from ?? (backwards ? await lastRevision(pool, stream) : 0n);
  let first = true;
  while (remaining > 0 || first) {
    const limit = Math.min(remaining, streamPageSize);
    const rows = await readStreamPage(pool, stream, from, limit, backwards);
    if (first && rows.length === 0 && !(await streamExists(pool, stream))) {
      throw new StreamNotFoundError(stream);
    }
    first = false;
    for (const row of rows) yield toRecordedEvent(row);
    remaining -= rows.length;
    const last = rows.at(-1);
    if (rows.length < limit || !last) return;
    from = BigInt(last.revision) + (backwards ? -1n : 1n);
    if (from < 0n) return;
  }
}

// Revisions are gapless, so a page is a closed revision range: however the planner misjudges a
// young table's statistics, it never sorts more than one page.
const forwardPage = `SELECT ${eventColumns} FROM es_events
  WHERE stream_id = $1 AND stream_revision BETWEEN $2 AND $3 ORDER BY stream_revision LIMIT $4`;
const backwardPage = `SELECT ${eventColumns} FROM es_events
  WHERE stream_id = $1 AND stream_revision BETWEEN $2 AND $3 ORDER BY stream_revision DESC LIMIT $4`;

async function readStreamPage(
  pool: pg.Pool,
  stream: string,
  from: bigint,
  limit: number,
  backwards: boolean,
): Promise<EventRow[]> {
  if (limit === 0) return [];
  const span = BigInt(limit) - 1n;
  const [low, high] = backwards
    ? [from - span > 0n ? from - span : 0n, from]
    : [from, from + span < maxRevision ? from + span : maxRevision];
  const { rows } = await pool.query<EventRow>({
    text: backwards ? backwardPage : forwardPage,
    values: [stream, low.toString(), high.toString(), limit],
    types: eventRowTypes,
  });
  return rows;
}

/** The revision of the stream's last event, or -1 when the stream does not exist. */
async function lastRevision(pool: pg.Pool, stream: string): Promise<bigint> {
  const { rows } = await pool.query<{ revision: string }>(
    'SELECT revision::text AS revision FROM es_streams WHERE stream_id = $1',
    [stream],
  );
  return rows[0] ? BigInt(rows[0].revision) : -1n;
}

async function streamExists(pool: pg.Pool, stream: string): Promise<boolean> {
  const { rowCount } = await pool.query('SELECT 1 FROM es_streams WHERE stream_id = $1', [stream]);
  return (rowCount ?? 0) > 0;
}

/** One page of the global log, with what a subscription needs to know besides the events. */
export type GlobalPage = {
  events: RecordedEvent[];
  /** Last position examined (the last event, or a filtered-out row after it). */
  lastSeen: GlobalPosition | undefined;
  /** The page reached the visibility horizon: nothing more to read right now. */
  exhausted: boolean;
};

/**
 * A page as it arrives, before its events are decoded: where it ends is known at once, so the
 * next page can be requested while this one is decoded (read-ahead.ts).
 */
export type FetchedPage = Omit<GlobalPage, 'events'> & { decode(): RecordedEvent[] };

// The gap-free query (guide §4.2): only transactions below the oldest running one, in
// (transaction id, sequence) order, after a compound exclusive checkpoint, served by
// es_events_global. It runs inside es_read_all_page / es_read_all_filtered (migration 0026):
// functions, so that Postgres plans it once per session (a generic plan) instead of on every call
// with the call's values, which cost about as much as reading a 20-event page.
//
// An unfiltered page comes as one JSON document: an array of rows, each [[the scalar columns as
// strings], data, metadata]. Node then parses one document per page instead of nine fields and two
// JSON texts per row: 0.73 of the Node CPU per event on catch-up reads (docs/performance.md, "What
// limits catch-up reads"). The page's last position comes as its own column, so a reader can ask
// for the next page before it parses this one.
export const unfilteredPageDocumentStatement =
  'SELECT page, n, last_tx, last_seq FROM es_read_all_page($1::xid8, $2::bigint, $3::int)';

type PageDocumentRow = [
  scalars: [
    tx: string,
    seq: string,
    stream: string,
    revision: string,
    id: string,
    type: string,
    recordedUs: string,
  ],
  data: unknown,
  metadata: EventMetadata,
];

function fromPageDocument([scalars, data, metadata]: PageDocumentRow): RecordedEvent {
  return {
    id: scalars[4],
    type: scalars[5],
    data,
    metadata,
    streamName: scalars[2],
    revision: BigInt(scalars[3]),
    position: encodePosition(scalars[0], scalars[1]),
    recordedAt: new Date(Math.floor(Number(scalars[6]) / 1_000)),
  };
}

const textOnly = { getTypeParser: () => (text: string) => text };

// A filtered page examines a bounded window of the log (so a rare event type cannot make one query
// scan the whole backlog) and, when it found fewer matches than asked for, reports the window's
// size and last position in the same snapshot, so a filtered reader moves past events it does not
// want. The scan stops at the last match a full page needs (es_read_all_filtered, migration 0026).
export const filteredPageStatement = `SELECT scanned::text AS scanned, tx, seq, stream, revision,
    id, type, data, metadata, recorded_us
  FROM es_read_all_filtered($1::xid8, $2::bigint, $3::int, $4::text[], $5::text[], $6::int)`;

function columnsOf(table: string): string {
  return `${table}.transaction_id::text AS tx, ${table}.global_seq::text AS seq,
    ${table}.stream_id AS stream, ${table}.stream_revision::text AS revision,
    ${table}.event_id::text AS id, ${table}.event_type AS type, ${table}.data, ${table}.metadata,
    round(date_part('epoch', ${table}.recorded_at) * 1000000)::int8::text AS recorded_us`;
}

/** Rows a filtered page examines per requested event, at least. */
const scanFactor = 4;
const minScan = 4_096;

export async function readGlobalPage(
  pool: pg.Pool,
  after: GlobalPosition | undefined,
  maxCount: number,
  filter: EventFilter | undefined,
): Promise<GlobalPage> {
  const page = await fetchGlobalPage(pool, after, maxCount, filter);
  return { events: page.decode(), lastSeen: page.lastSeen, exhausted: page.exhausted };
}

type PageDocument = { page: string; n: number; last_tx: string | null; last_seq: string | null };

/** One page of the global log, decoded only when asked (see FetchedPage). */
export async function fetchGlobalPage(
  pool: pg.Pool,
  after: GlobalPosition | undefined,
  maxCount: number,
  filter: EventFilter | undefined,
): Promise<FetchedPage> {
  if (!Number.isSafeInteger(maxCount) || maxCount < 1) {
    throw new InvalidArgumentError('invalid_count', 'maxCount must be a positive integer');
  }
  const start = after === undefined ? origin : decodePosition(after);
  const types = filter?.eventTypePrefixes ?? [];
  const streams = filter?.streamPrefixes ?? [];
  if (types.length === 0 && streams.length === 0) {
    const { rows } = await pool.query<PageDocument>({
      name: 'es_read_all_page',
      text: unfilteredPageDocumentStatement,
      values: [start.transactionId, start.sequence, maxCount],
      types: textOnly,
    });
    const row = rows[0];
    const count = Number(row?.n ?? 0);
    const raw = row?.page ?? '[]';
    return {
      lastSeen:
        row?.last_tx && row.last_seq ? encodePosition(row.last_tx, row.last_seq) : undefined,
      exhausted: count < maxCount,
      decode: () => (JSON.parse(raw) as PageDocumentRow[]).map(fromPageDocument),
    };
  }
  const page = await readFilteredPage(pool, start, maxCount, types, streams);
  return { lastSeen: page.lastSeen, exhausted: page.exhausted, decode: () => page.events };
}

async function readFilteredPage(
  pool: pg.Pool,
  start: { transactionId: string; sequence: string },
  maxCount: number,
  types: readonly string[],
  streams: readonly string[],
): Promise<GlobalPage> {
  const scanLimit = Math.max(maxCount * scanFactor, minScan);
  const { rows } = await pool.query<EventRow & { scanned: string | null }>({
    name: 'es_read_all_filtered_page',
    text: filteredPageStatement,
    values: [start.transactionId, start.sequence, maxCount, types, streams, scanLimit],
    types: eventRowTypes,
  });
  const events: RecordedEvent[] = [];
  let tail: (EventRow & { scanned: string }) | undefined;
  for (const row of rows) {
    if (row.scanned === null) events.push(toRecordedEvent(row));
    else tail = { ...row, scanned: row.scanned };
  }
  events.sort((a, b) => ((a.position as string) < (b.position as string) ? -1 : 1));
  if (events.length === maxCount) {
    return { events, lastSeen: events.at(-1)?.position, exhausted: false };
  }
  if (!tail) return { events, lastSeen: undefined, exhausted: true };
  return {
    events,
    lastSeen: encodePosition(tail.tx, tail.seq),
    exhausted: Number(tail.scanned) < scanLimit,
  };
}

/** The newest position a subscriber can see (below the visibility horizon). */
export async function readHeadPosition(pool: pg.Pool): Promise<GlobalPosition | undefined> {
  const { rows } = await pool.query<{ tx: string; seq: string }>(
    `SELECT transaction_id::text AS tx, global_seq::text AS seq FROM es_events
      WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      ORDER BY transaction_id DESC, global_seq DESC LIMIT 1`,
  );
  const row = rows[0];
  return row ? encodePosition(row.tx, row.seq) : undefined;
}

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
// (transaction id, sequence) order, after a compound exclusive checkpoint. Served by es_events_global.
const visibleAfter = `transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  AND (transaction_id, global_seq) > ($1::xid8, $2::bigint)`;

export const unfilteredPageStatement = `SELECT ${eventColumns} FROM es_events
  WHERE ${visibleAfter} ORDER BY transaction_id, global_seq LIMIT $3`;

// The same page as one JSON document: an array of rows, each [[the scalar columns as strings],
// data, metadata]. Node then parses one document per page instead of nine fields and two JSON
// texts per row: 0.73 of the Node CPU per event on catch-up reads (docs/performance.md, "What
// limits catch-up reads"). The scalars go through one array_to_json per row and the rows are
// joined as text: 0.78 of the backend CPU of json_agg(json_build_array(...)) per page, which
// looked up each argument's type on every row. The page's last position comes as its own column
// (the aggregates share the index order, so still no sort), so a reader can ask for the next page
// before it parses this one.
export const unfilteredPageDocumentStatement = `SELECT '[' || coalesce(string_agg(
      '[' || array_to_json(ARRAY[p.tx, p.seq, p.stream, p.revision, p.id, p.type, p.recorded_us])::text
        || ',' || p.data::text || ',' || p.metadata::text || ']',
      ',' ORDER BY p.transaction_id, p.global_seq), '') || ']' AS page,
    count(*)::int AS n,
    (array_agg(p.tx ORDER BY p.transaction_id, p.global_seq))[count(*)] AS last_tx,
    (array_agg(p.seq ORDER BY p.transaction_id, p.global_seq))[count(*)] AS last_seq
  FROM (SELECT es_events.transaction_id, es_events.global_seq, ${eventColumns} FROM es_events
         WHERE ${visibleAfter} ORDER BY transaction_id, global_seq LIMIT $3) p`;

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
// scan the whole backlog) and reports the window's last position in the same snapshot, so a
// filtered reader moves past events it does not want. Rows the filter drops keep only their
// position; nothing is joined back, so no plan can turn into a scan of the whole table.
export const filteredPageStatement = `
  WITH scan AS MATERIALIZED (
    SELECT s.transaction_id, s.global_seq, s.hit,
           CASE WHEN s.hit THEN s.stream_id END AS stream_id,
           CASE WHEN s.hit THEN s.stream_revision END AS stream_revision,
           CASE WHEN s.hit THEN s.event_id END AS event_id,
           CASE WHEN s.hit THEN s.event_type END AS event_type,
           CASE WHEN s.hit THEN s.data END AS data,
           CASE WHEN s.hit THEN s.metadata END AS metadata,
           CASE WHEN s.hit THEN s.recorded_at END AS recorded_at
      FROM (SELECT e.transaction_id, e.global_seq, e.stream_id, e.stream_revision, e.event_id,
                   e.event_type, e.data, e.metadata, e.recorded_at,
                   (cardinality($4::text[]) = 0
                     OR EXISTS (SELECT FROM unnest($4::text[]) p WHERE starts_with(e.event_type, p)))
               AND (cardinality($5::text[]) = 0
                     OR EXISTS (SELECT FROM unnest($5::text[]) p WHERE starts_with(e.stream_id, p))) AS hit
              FROM es_events e WHERE ${visibleAfter}
             ORDER BY e.transaction_id, e.global_seq LIMIT $6) s
  ), hits AS (
    SELECT * FROM scan WHERE hit ORDER BY transaction_id, global_seq LIMIT $3
  )
  SELECT NULL::bigint AS scanned, ${columnsOf('hits')} FROM hits
  UNION ALL
  SELECT (SELECT count(*) FROM scan), t.transaction_id::text, t.global_seq::text,
         NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM (SELECT transaction_id, global_seq FROM scan
           ORDER BY transaction_id DESC, global_seq DESC LIMIT 1) t`;

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
      name: 'es_read_all_document',
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
    name: 'es_read_all_filtered',
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

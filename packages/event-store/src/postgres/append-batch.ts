import type pg from 'pg';
import {
  DuplicateEventIdError,
  InvalidArgumentError,
  WrongExpectedRevisionError,
} from '../errors.ts';
import type { AppendResult } from '../port.ts';
import { encodePosition } from './position.ts';
import type { PreparedAppend } from './prepare-append.ts';

export type AppendOutcome = { ok: true; result: AppendResult } | { ok: false; error: Error };

type BatchRow = {
  status: number;
  next_revision: string | null;
  last_txid: string | null;
  last_seq: string | null;
  actual: string | null;
};

const batchStatement = `
  SELECT status, next_revision::text AS next_revision, last_txid::text AS last_txid,
         last_seq::text AS last_seq, actual
    FROM es_append_batch_v2($1::text[], $2::text[], $3::text[], $4::bigint[], $5::int[],
                         $6::uuid[], $7::jsonb, $8::jsonb, $9::jsonb, $10::bytea)`;

/**
 * Appends several callers' appends in one statement, hence one transaction and one commit. Each
 * append passes or fails its revision check on its own; the outcomes come back in input order.
 * Throws only when the statement failed as a whole (then nothing was committed, unless the
 * connection was lost during the commit, which a retry resolves through the idempotency probe).
 */
export async function appendBatch(
  pool: pg.Pool,
  appends: readonly PreparedAppend[],
): Promise<AppendOutcome[]> {
  // Streams are locked in name order, the same order in every batch, so batches cannot deadlock.
  const order = appends.map((_, index) => index);
  order.sort((a, b) => compareStreams(appends[a] as PreparedAppend, appends[b] as PreparedAppend));
  const sorted = order.map((index) => appends[index] as PreparedAppend);
  const { rows } = await pool.query<BatchRow>({
    name: 'es_append_batch_v2',
    text: batchStatement,
    values: batchParameters(sorted),
  });
  const outcomes: AppendOutcome[] = new Array(appends.length);
  sorted.forEach((append, position) => {
    outcomes[order[position] as number] = toOutcome(append, rows[position]);
  });
  return outcomes;
}

function compareStreams(a: PreparedAppend, b: PreparedAppend): number {
  if (a.stream === b.stream) return 0;
  return a.stream < b.stream ? -1 : 1;
}

/**
 * Per-append values as arrays; the events packed (see es_append_batch): ids as an array literal
 * (validated UUIDs need no quoting), types, data and metadata as one JSON array each (the data
 * and metadata are canonical JSON already), the content hashes as one binary value. Each append's
 * pieces were encoded when it was prepared; a flush only joins them.
 */
export function batchParameters(appends: readonly PreparedAppend[]): unknown[] {
  const streams: string[] = [];
  const categories: string[] = [];
  const modes: string[] = [];
  const revisions: (string | null)[] = [];
  const counts: number[] = [];
  const ids: string[] = [];
  const types: string[] = [];
  const data: string[] = [];
  const metadata: string[] = [];
  const hashes: string[] = [];
  for (const append of appends) {
    const { encoded } = append;
    streams.push(append.stream);
    categories.push(append.category);
    modes.push(append.expected.kind);
    revisions.push(append.expected.kind === 'exact' ? append.expected.revision.toString() : null);
    counts.push(encoded.ids.length);
    ids.push(encoded.idList);
    types.push(encoded.typeList);
    data.push(encoded.dataList);
    metadata.push(encoded.metadataList);
    hashes.push(encoded.hashHex);
  }
  return [
    streams,
    categories,
    modes,
    revisions,
    counts,
    `{${ids.join(',')}}`,
    `[${types.join(',')}]`,
    `[${data.join(',')}]`,
    `[${metadata.join(',')}]`,
    Buffer.from(hashes.length === 1 ? (hashes[0] as string) : hashes.join(''), 'hex'),
  ];
}

function toOutcome(append: PreparedAppend, row: BatchRow | undefined): AppendOutcome {
  switch (row?.status) {
    case 0:
      return {
        ok: true,
        result: {
          nextExpectedRevision: BigInt(row.next_revision as string),
          position: encodePosition(row.last_txid as string, row.last_seq as string),
        },
      };
    case 1: {
      const actual =
        row.actual === 'no_stream' || row.actual === null ? 'no_stream' : BigInt(row.actual);
      return {
        ok: false,
        error: new WrongExpectedRevisionError(append.stream, append.expected, actual),
      };
    }
    case 2:
      return { ok: false, error: new DuplicateEventIdError(append.ids[0] as string) };
    default:
      return {
        ok: false,
        error: new InvalidArgumentError('invalid_count', `append to ${append.stream} refused`),
      };
  }
}

/** True for the unique violation that a concurrent append of the same event ids causes. */
export function isEventIdConflict(error: unknown): boolean {
  const candidate = error as { code?: unknown; constraint?: unknown } | null;
  return candidate?.code === '23505' && candidate.constraint === 'es_events_event_id';
}

/** The first of `ids` already stored, for the DuplicateEventIdError a caller gets. */
export async function findUsedEventId(pool: pg.Pool, ids: readonly string[]): Promise<string> {
  const { rows } = await pool.query<{ event_id: string }>(
    'SELECT event_id::text AS event_id FROM es_events WHERE event_id = ANY($1::uuid[]) LIMIT 1',
    [ids],
  );
  return rows[0]?.event_id ?? (ids[0] as string);
}

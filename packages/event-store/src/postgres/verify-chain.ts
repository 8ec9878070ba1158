import type pg from 'pg';
import { contentHash, genesisLinkHash, linkHash } from '../hash-chain/content-hash.ts';

export type ChainFailureReason =
  /** The stored payload does not hash to the stored content hash (edited data, type or metadata). */
  | 'content_hash_mismatch'
  /** The event does not chain to its predecessor (reordered, moved or re-hashed). */
  | 'link_hash_mismatch'
  /** A revision is absent (a deleted row); `revision` is the missing one. */
  | 'missing_event'
  /** The stream row's revision or last link hash disagrees with its last event. */
  | 'stream_head_mismatch'
  /** Events exist for a stream that has no stream row. */
  | 'stream_row_missing'
  /** Neither a stream row nor events (only when one stream was asked for). */
  | 'stream_not_found';

export type ChainVerdict =
  | { ok: true; streams: number; events: number }
  | {
      ok: false;
      stream: string;
      revision: bigint;
      eventId: string | undefined;
      reason: ChainFailureReason;
    };

type StreamRow = { stream_id: string; head_revision: string; last_link_hash: Buffer };
type ChainRow = {
  revision: string;
  id: string;
  event_type: string;
  data: unknown;
  metadata: unknown;
  content_hash: Buffer;
  link_hash: Buffer;
};
type Failure = Extract<ChainVerdict, { ok: false }>;

const pageSize = 1_000;

/**
 * Walks one stream (or every stream, in name order) in one consistent snapshot, recomputing each
 * event's content hash from its stored payload and its link hash from its predecessor, and returns
 * the first bad event. What it cannot see: a rewrite that recomputed every later hash too; anchor
 * the head hashes elsewhere (the auditor) to catch that.
 */
export async function verifyChain(
  pool: pg.Pool,
  options: { stream?: string } = {},
): Promise<ChainVerdict> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const verdict =
      options.stream === undefined
        ? await verifyAllStreams(client)
        : await verifyNamedStream(client, options.stream);
    await client.query('COMMIT');
    return verdict;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

async function verifyNamedStream(client: pg.PoolClient, stream: string): Promise<ChainVerdict> {
  const { rows } = await client.query<StreamRow>(
    'SELECT stream_id, revision::text AS head_revision, last_link_hash FROM es_streams WHERE stream_id = $1',
    [stream],
  );
  const result = await verifyStream(client, stream, rows[0]);
  if (typeof result === 'number') return { ok: true, streams: 1, events: result };
  return result;
}

async function verifyAllStreams(client: pg.PoolClient): Promise<ChainVerdict> {
  let streams = 0;
  let events = 0;
  let after = '';
  for (;;) {
    const { rows } = await client.query<StreamRow>(
      `SELECT stream_id, revision::text AS head_revision, last_link_hash FROM es_streams
        WHERE stream_id > $1 ORDER BY stream_id LIMIT $2`,
      [after, pageSize],
    );
    for (const row of rows) {
      const result = await verifyStream(client, row.stream_id, row);
      if (typeof result !== 'number') return result;
      streams += 1;
      events += result;
    }
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) break;
    after = last.stream_id;
  }
  const orphan = await client.query<{ stream_id: string; id: string }>(
    `SELECT e.stream_id, e.event_id::text AS id FROM es_events e
      WHERE NOT EXISTS (SELECT FROM es_streams s WHERE s.stream_id = e.stream_id)
      ORDER BY e.stream_id, e.stream_revision LIMIT 1`,
  );
  const stray = orphan.rows[0];
  if (stray) return failure(stray.stream_id, 0n, stray.id, 'stream_row_missing');
  return { ok: true, streams, events };
}

/** The number of events verified, or the first failure. */
async function verifyStream(
  client: pg.PoolClient,
  stream: string,
  head: StreamRow | undefined,
): Promise<number | Failure> {
  let expected = 0n;
  let previous = genesisLinkHash;
  let firstId: string | undefined;
  for (;;) {
    const { rows } = await client.query<ChainRow>(
      `SELECT stream_revision::text AS revision, event_id::text AS id, event_type,
              data, metadata, content_hash, link_hash
         FROM es_events WHERE stream_id = $1 AND stream_revision >= $2
        ORDER BY stream_revision LIMIT $3`,
      [stream, expected.toString(), pageSize],
    );
    for (const row of rows) {
      const bad = checkEvent(stream, expected, previous, row);
      if (bad) return bad;
      firstId ??= row.id;
      previous = row.link_hash;
      expected += 1n;
    }
    if (rows.length < pageSize) break;
  }
  return checkHead(stream, head, expected, previous, firstId);
}

function checkEvent(
  stream: string,
  expected: bigint,
  previous: Buffer,
  row: ChainRow,
): Failure | undefined {
  const revision = BigInt(row.revision);
  if (revision !== expected) return failure(stream, expected, undefined, 'missing_event');
  if (!contentHash(row.event_type, row.data, row.metadata).equals(row.content_hash)) {
    return failure(stream, revision, row.id, 'content_hash_mismatch');
  }
  if (!linkHash(previous, row.content_hash, stream, revision).equals(row.link_hash)) {
    return failure(stream, revision, row.id, 'link_hash_mismatch');
  }
  return undefined;
}

function checkHead(
  stream: string,
  head: StreamRow | undefined,
  count: bigint,
  lastLink: Buffer,
  firstId: string | undefined,
): number | Failure {
  if (!head) {
    return count === 0n
      ? failure(stream, 0n, undefined, 'stream_not_found')
      : failure(stream, 0n, firstId, 'stream_row_missing');
  }
  const headRevision = BigInt(head.head_revision);
  if (headRevision > count - 1n) return failure(stream, count, undefined, 'missing_event');
  if (headRevision < count - 1n || !head.last_link_hash.equals(lastLink)) {
    return failure(stream, headRevision, undefined, 'stream_head_mismatch');
  }
  return Number(count);
}

function failure(
  stream: string,
  revision: bigint,
  eventId: string | undefined,
  reason: ChainFailureReason,
): Failure {
  return { ok: false, stream, revision, eventId, reason };
}

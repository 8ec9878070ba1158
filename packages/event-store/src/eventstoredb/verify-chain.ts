import { FORWARDS, type ReadPosition, START } from '@eventstore/db-client';
import { StreamNotFoundError } from '../errors.ts';
import { contentHash, genesisLinkHash, linkHash } from '../hash-chain/content-hash.ts';
import type { EsdbClient } from './client.ts';
import { readChainStamp } from './hash-chain.ts';
import { chainMetadataKey, translateError } from './mapping.ts';

export type EsdbChainFailureReason =
  /** The stored payload does not hash to the stamped content hash (edited data, type or metadata). */
  | 'content_hash_mismatch'
  /** The event does not chain to its predecessor (moved, or re-stamped). */
  | 'link_hash_mismatch'
  /** A revision is absent (a truncated or rewritten stream); `revision` is the missing one. */
  | 'missing_event'
  /** The event carries no hash-chain stamp (written around the adapter). */
  | 'chain_missing'
  /** The stream has no events (only when one stream was asked for). */
  | 'stream_not_found';

export type EsdbChainVerdict =
  | { ok: true; streams: number; events: number }
  | {
      ok: false;
      stream: string;
      revision: bigint;
      eventId: string | undefined;
      reason: EsdbChainFailureReason;
    };

type Failure = Extract<EsdbChainVerdict, { ok: false }>;
type StoredEvent = {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
};
type StreamState = { expected: bigint; previous: Buffer };

const pageSize = 1_000;

/**
 * Walks one stream (or every stream of `$all`, in log order) recomputing each event's content hash
 * from its stored type, data and metadata and its link hash from its predecessor, and names the
 * first bad event. As on Postgres, a rewrite that re-stamped every later event too goes unseen:
 * anchor the head hashes elsewhere (the auditor) to catch that.
 */
export async function verifyEventStoreDbChain(
  client: EsdbClient,
  options: { stream?: string } = {},
): Promise<EsdbChainVerdict> {
  return options.stream === undefined ? verifyAll(client) : verifyStream(client, options.stream);
}

async function verifyStream(client: EsdbClient, stream: string): Promise<EsdbChainVerdict> {
  const state: StreamState = { expected: 0n, previous: genesisLinkHash };
  try {
    for await (const resolved of client.readStream(stream, {
      fromRevision: START,
      direction: FORWARDS,
    })) {
      if (!resolved.event) continue;
      const bad = checkEvent(state, resolved.event);
      if (bad) return bad;
    }
  } catch (error) {
    const translated = translateError(error, stream);
    if (!(translated instanceof StreamNotFoundError)) throw translated;
  }
  if (state.expected === 0n) return failure(stream, 0n, undefined, 'stream_not_found');
  return { ok: true, streams: 1, events: Number(state.expected) };
}

async function verifyAll(client: EsdbClient): Promise<EsdbChainVerdict> {
  const streams = new Map<string, StreamState>();
  let events = 0;
  let from: ReadPosition = START;
  let last: { commit: bigint; prepare: bigint } | undefined;
  for (;;) {
    let examined = 0;
    for await (const resolved of client.readAll({
      fromPosition: from,
      maxCount: pageSize + 1,
      direction: FORWARDS,
    })) {
      const event = resolved.event;
      if (!event?.position) continue;
      // The client's fromPosition may include the event at that position.
      if (last && comparePositions(event.position, last) <= 0) continue;
      last = event.position;
      examined += 1;
      if (event.streamId.startsWith('$') || event.type.startsWith('$')) continue;
      let state = streams.get(event.streamId);
      if (!state) {
        state = { expected: 0n, previous: genesisLinkHash };
        streams.set(event.streamId, state);
      }
      const bad = checkEvent(state, event);
      if (bad) return bad;
      events += 1;
    }
    if (examined === 0 || !last) break;
    from = last;
  }
  return { ok: true, streams: streams.size, events };
}

/** Checks one event against its stream's state and advances the state. */
function checkEvent(state: StreamState, event: StoredEvent): Failure | undefined {
  const stream = event.streamId;
  if (event.revision !== state.expected) {
    return failure(stream, state.expected, undefined, 'missing_event');
  }
  const stamp = readChainStamp(event.metadata);
  if (!stamp) return failure(stream, event.revision, event.id, 'chain_missing');
  const { [chainMetadataKey]: _stamp, ...callers } = event.metadata as Record<string, unknown>;
  const content = Buffer.from(stamp.content, 'hex');
  if (!contentHash(event.type, event.data, callers).equals(content)) {
    return failure(stream, event.revision, event.id, 'content_hash_mismatch');
  }
  const link = Buffer.from(stamp.link, 'hex');
  if (!linkHash(state.previous, content, stream, event.revision).equals(link)) {
    return failure(stream, event.revision, event.id, 'link_hash_mismatch');
  }
  state.previous = link;
  state.expected += 1n;
  return undefined;
}

function comparePositions(
  a: { commit: bigint; prepare: bigint },
  b: { commit: bigint; prepare: bigint },
): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

function failure(
  stream: string,
  revision: bigint,
  eventId: string | undefined,
  reason: EsdbChainFailureReason,
): Failure {
  return { ok: false, stream, revision, eventId, reason };
}

import { BACKWARDS, END, type EventData, FORWARDS, jsonEvent } from '@eventstore/db-client';
import {
  InvalidArgumentError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '../errors.ts';
import { canonicalizeEvent, genesisLinkHash, linkHash } from '../hash-chain/content-hash.ts';
import type { ExpectedRevision, NewEvent } from '../port.ts';
import type { EsdbClient } from './client.ts';
import { chainMetadataKey, translateError } from './mapping.ts';

/**
 * The hash chain on EventStoreDB (DESIGN.md §2, docs/adr/0007). The server cannot compute
 * it, so the adapter does: each event's metadata carries, under this key, its content hash
 * (SHA-256 of the canonical `{ type, data, metadata }`, the caller's metadata without this key)
 * and its link hash (SHA-256 of the previous event's link ‖ content ‖ UTF-8 stream ‖ revision as
 * 8 bytes big-endian; 32 zero bytes before revision 0): the same bytes as the Postgres adapter's
 * es_link_chain. Reads remove the key, so callers see the metadata they appended.
 */
export { chainMetadataKey };

/** Hex digests stored in an event's metadata. */
export type ChainStamp = { content: string; link: string };

/** The event a new append chains to is absent or carries no valid stamp: refusing is safer. */
export class UnchainedEventError extends Error {
  readonly stream: string;
  readonly revision: bigint;
  constructor(stream: string, revision: bigint) {
    super(`event ${revision} of ${stream} carries no hash-chain stamp; cannot chain to it`);
    this.name = 'UnchainedEventError';
    this.stream = stream;
    this.revision = revision;
  }
}

/** Where an append's chain starts, and the revision the server must still be at. */
export type ChainBase = {
  /** What the append sends: always pinned, so nobody can slip an event in between. */
  expectedRevision: bigint | 'no_stream';
  firstRevision: bigint;
  previousLink: Buffer;
};

const hexDigest = /^[0-9a-f]{64}$/;

/** The stamp in a stored event's metadata, or undefined when absent or malformed. */
export function readChainStamp(metadata: unknown): ChainStamp | undefined {
  if (metadata === null || typeof metadata !== 'object' || metadata instanceof Uint8Array) {
    return undefined;
  }
  const stamp = (metadata as Record<string, unknown>)[chainMetadataKey] as
    | Partial<ChainStamp>
    | undefined;
  if (
    typeof stamp?.content !== 'string' ||
    typeof stamp.link !== 'string' ||
    !hexDigest.test(stamp.content) ||
    !hexDigest.test(stamp.link)
  ) {
    return undefined;
  }
  return { content: stamp.content, link: stamp.link };
}

/** The key is the adapter's: a caller's own value under it would be overwritten. */
export function assertNoChainKey(events: readonly NewEvent[]): void {
  for (const event of events) {
    if (event.metadata && chainMetadataKey in event.metadata) {
      throw new InvalidArgumentError(
        'invalid_metadata',
        `metadata key ${chainMetadataKey} is reserved for the hash chain`,
      );
    }
  }
}

/** The events as the client sends them, each stamped with its content and link hashes. */
export function stampEvents(
  stream: string,
  base: ChainBase,
  events: readonly NewEvent[],
): EventData[] {
  let previous = base.previousLink;
  return events.map((event, index) => {
    const metadata = event.metadata ?? {};
    const canonical = canonicalizeEvent(event.type, event.data, metadata);
    const content = Buffer.from(canonical.contentHashHex, 'hex');
    previous = linkHash(previous, content, stream, base.firstRevision + BigInt(index));
    return jsonEvent({
      id: event.id,
      type: event.type,
      // The port types data as unknown; the contract is JSON (amounts as strings).
      data: event.data as Record<string, unknown>,
      metadata: {
        ...metadata,
        [chainMetadataKey]: { content: canonical.contentHashHex, link: previous.toString('hex') },
      },
    });
  });
}

/**
 * Reads the event the append chains to and pins the append to it: `any` and `stream_exists`
 * become the exact revision just read (or no_stream), so a concurrent append makes this one fail
 * (`any` then starts over) instead of forking the chain. `exact r` chains to event r, the same on
 * every retry, so the server's de-duplication of a retried append still applies.
 */
export async function chainBase(
  client: EsdbClient,
  stream: string,
  expected: ExpectedRevision,
): Promise<ChainBase> {
  switch (expected.kind) {
    case 'no_stream':
      return { expectedRevision: 'no_stream', firstRevision: 0n, previousLink: genesisLinkHash };
    case 'exact': {
      const event = await readOne(client, stream, expected.revision, 'forwards');
      if (event?.revision !== expected.revision) {
        const last = await readOne(client, stream, 'end', 'backwards');
        throw new WrongExpectedRevisionError(stream, expected, last?.revision ?? 'no_stream');
      }
      return {
        expectedRevision: expected.revision,
        firstRevision: expected.revision + 1n,
        previousLink: linkOf(stream, event),
      };
    }
    case 'any':
    case 'stream_exists': {
      const last = await readOne(client, stream, 'end', 'backwards');
      if (!last) {
        if (expected.kind === 'stream_exists')
          throw new WrongExpectedRevisionError(stream, expected, 'no_stream');
        return { expectedRevision: 'no_stream', firstRevision: 0n, previousLink: genesisLinkHash };
      }
      return {
        expectedRevision: last.revision,
        firstRevision: last.revision + 1n,
        previousLink: linkOf(stream, last),
      };
    }
  }
}

type StoredEvent = { revision: bigint; metadata: unknown };

function linkOf(stream: string, event: StoredEvent): Buffer {
  const stamp = readChainStamp(event.metadata);
  if (!stamp) throw new UnchainedEventError(stream, event.revision);
  return Buffer.from(stamp.link, 'hex');
}

/** One event of the stream (at a revision, or the last), or undefined if the stream has none. */
async function readOne(
  client: EsdbClient,
  stream: string,
  from: bigint | 'end',
  direction: 'forwards' | 'backwards',
): Promise<StoredEvent | undefined> {
  try {
    let found: StoredEvent | undefined;
    // Read to the end rather than break: ending the iterator early does not cancel the gRPC call.
    for await (const resolved of client.readStream(stream, {
      fromRevision: from === 'end' ? END : from,
      maxCount: 1,
      direction: direction === 'forwards' ? FORWARDS : BACKWARDS,
    })) {
      if (resolved.event && !found) {
        found = { revision: resolved.event.revision, metadata: resolved.event.metadata };
      }
    }
    return found;
  } catch (error) {
    const translated = translateError(error, stream);
    if (translated instanceof StreamNotFoundError) return undefined;
    throw translated;
  }
}

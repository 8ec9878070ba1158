import { createHash, hash } from 'node:crypto';
import { canonicalJson } from './canonical-json.ts';

/** An event's payload in canonical form: what is stored and what is hashed. */
export type CanonicalEvent = {
  type: string;
  /** Canonical JSON of `data`. */
  dataJson: string;
  /** Canonical JSON of `metadata` (`{}` when the event has none). */
  metadataJson: string;
  /** SHA-256 of the canonical JSON of `{ type, data, metadata }`. */
  readonly contentHash: Buffer;
  /** The same hash as 64 lower-case hex digits (what the append packs; no Buffer per event). */
  contentHashHex: string;
};

/**
 * The hash is kept as hex: a one-shot digest to hex costs half of one to a Buffer (a Buffer
 * allocation per event), and the appender packs a whole batch into one Buffer anyway.
 */
class CanonicalEventValue implements CanonicalEvent {
  readonly type: string;
  readonly dataJson: string;
  readonly metadataJson: string;
  readonly contentHashHex: string;

  constructor(type: string, dataJson: string, metadataJson: string, contentHashHex: string) {
    this.type = type;
    this.dataJson = dataJson;
    this.metadataJson = metadataJson;
    this.contentHashHex = contentHashHex;
  }

  get contentHash(): Buffer {
    return Buffer.from(this.contentHashHex, 'hex');
  }
}

/** Canonicalizes an event's payload once and hashes it (DESIGN.md §2, tamper evidence). */
export function canonicalizeEvent(type: string, data: unknown, metadata: unknown): CanonicalEvent {
  const dataJson = canonicalJson(data);
  const metadataJson = canonicalJson(metadata ?? {});
  // The members of { data, metadata, type } in RFC 8785 order, without serializing them twice.
  const document = `{"data":${dataJson},"metadata":${metadataJson},"type":${canonicalJson(type)}}`;
  // One-shot hash: no Hash object per event (this runs for every event appended).
  return new CanonicalEventValue(type, dataJson, metadataJson, hash('sha256', document, 'hex'));
}

/** SHA-256 of the canonical JSON of `{ type, data, metadata }`. */
export function contentHash(type: string, data: unknown, metadata: unknown): Buffer {
  return canonicalizeEvent(type, data, metadata).contentHash;
}

/** The link hash of the first event of every stream chains to 32 zero bytes. */
export const genesisLinkHash: Buffer = Buffer.alloc(32);

/**
 * link(r) = SHA-256(link(r-1) ‖ content(r) ‖ UTF-8(stream) ‖ r as 8 bytes big-endian), the same
 * bytes the Postgres append function hashes (es_link_chain).
 */
export function linkHash(
  previous: Buffer,
  content: Buffer,
  stream: string,
  revision: bigint,
): Buffer {
  const revisionBytes = Buffer.alloc(8);
  revisionBytes.writeBigInt64BE(revision);
  return createHash('sha256')
    .update(previous)
    .update(content)
    .update(stream, 'utf8')
    .update(revisionBytes)
    .digest();
}

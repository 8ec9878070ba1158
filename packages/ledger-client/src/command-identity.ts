import { hash } from 'node:crypto';
import type { LedgerCommandInput } from './submission.ts';

/**
 * How a command is recognised across retries: its key (command id scoped per actor), the hash of
 * its body, and the ids of its events, derived from the key so a retry can never append twice.
 */

/** The idempotency key: the same command id from two actors is two commands. */
export function commandKey(actor: string, commandId: string): string {
  return `${actor}\u0000${commandId}`;
}

/**
 * SHA-256 of the command's JSON with object keys sorted at every level, base64url: two bodies
 * that differ only in key order are the same body. Not RFC 8785 (numbers and strings are written
 * as JSON.stringify writes them), which is fine for a hash only ever compared with itself.
 */
export function hashCommandBody(command: LedgerCommandInput): string {
  return hashBodyText(sortedJson(command));
}

/** The body hash of a command already written with `sortedJson`. */
export function hashBodyText(body: string): string {
  return hash('sha256', body, 'base64url');
}

/** JSON with object keys sorted at every level; what JSON.stringify would drop is dropped. */
export function sortedJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) text += ',';
      text += sortedJson(value[index]);
    }
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let text = '{';
  let first = true;
  for (const key of keys) {
    const member = record[key];
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') {
      continue;
    }
    text += `${first ? '' : ','}${quotedKey(key)}:${sortedJson(member)}`;
    first = false;
  }
  return `${text}}`;
}

// Commands use a small, fixed set of keys: quote each once. Bounded, so odd input cannot grow it.
const quotedKeys = new Map<string, string>();
const quotedKeysMax = 1_024;

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < quotedKeysMax) quotedKeys.set(key, quoted);
  }
  return quoted;
}

// A fixed namespace, so ledger event ids never collide with ids other aggregates derive.
const ledgerEventNamespace = '9a4f3c1e-7b2d-4e8f-9c0a-1b2c3d4e5f60';

/**
 * The ids of a command's events: a name-based (UUIDv5-style) UUID over the namespace, the actor
 * and the command id, with the event's index folded into the last two bytes. One SHA-1 per
 * command rather than per event keeps it cheap; distinct commands collide only if SHA-1 does.
 */
export function eventIdsOf(actor: string, commandId: string, count: number): string[] {
  const name = `${ledgerEventNamespace}\u0000${actor}\u0000${commandId}`;
  if (count === 1) return [firstEventId(hash('sha1', name, 'hex'))];
  const digest = hash('sha1', name, 'buffer');
  digest[6] = ((digest[6] as number) & 0x0f) | 0x50;
  digest[8] = ((digest[8] as number) & 0x3f) | 0x80;
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    if (index > 0) {
      digest[14] = (digest[14] as number) ^ ((index ^ (index - 1)) >>> 8);
      digest[15] = (digest[15] as number) ^ ((index ^ (index - 1)) & 0xff);
    }
    const hex = digest.toString('hex', 0, 16);
    ids.push(
      `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
    );
  }
  return ids;
}

/** `eventIdsOf(actor, commandId, 1)[0]`, without the array. */
export function firstEventIdOf(actor: string, commandId: string): string {
  return firstEventId(
    hash('sha1', `${ledgerEventNamespace}\u0000${actor}\u0000${commandId}`, 'hex'),
  );
}

// The variant digit: the top two bits of byte 8 set to 10.
const variantDigits = '89ab89ab89ab89ab';

/**
 * The first id straight from the digest's hex (the one id of nearly every command): the same
 * text as the Buffer path of `eventIdsOf`, without the Buffer and the second hex conversion.
 */
function firstEventId(hex: string): string {
  const variant = variantDigits[Number.parseInt(hex[16] as string, 16)] as string;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

import { createHash } from 'node:crypto';

/**
 * The one event-id rule: a UUID (v5 layout) derived from the command id, the stream and the
 * event's index within the command's append. A retried append of the same command appends the
 * same ids, which the store answers with the original result (or refuses at another position), so
 * one command never lands twice. A genuinely new command must therefore carry a new command id.
 */
export function derivedEventId(commandId: string, stream: string, index: number): string {
  const hash = createHash('sha256').update(`${commandId}\u0000${stream}\u0000${index}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The command id of one append of a command that appends to several streams: the command's own
 * id (its Idempotency-Key, or what the process step acts on) and the step's name, so each append
 * is keyed apart and a retry of the whole command repeats each one idempotently.
 */
export function stepCommandId(commandId: string, step: string): string {
  return `${commandId}:${step}`;
}

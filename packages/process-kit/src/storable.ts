import { canonicalJson } from '@ledger/event-store';

/** An event's payload holds what no stream can store (a NUL, a lone surrogate, a non-JSON value). */
export class UnstorableEventError extends Error {
  readonly eventType: string;
  constructor(eventType: string, reason: string) {
    super(`${eventType} cannot be stored: ${reason}`);
    this.name = 'UnstorableEventError';
    this.eventType = eventType;
  }
}

// PostgreSQL's jsonb refuses the NUL escape; JSON cannot carry half of a surrogate pair.
const loneSurrogate = /\p{Cs}/u;
const isUnstorableText = (text: string) => text.includes('\u0000') || loneSurrogate.test(text);

/**
 * Throws UnstorableEventError for the first event no stream could store. A command that appends
 * to several streams calls it with every event it will append before its first append, so a
 * refusal starts nothing.
 */
export function assertStorable(events: readonly { type: string; data: unknown }[]): void {
  for (const event of events) {
    if (holdsUnstorableText(event.data, 0)) {
      throw new UnstorableEventError(event.type, 'a NUL character or a lone surrogate');
    }
    try {
      canonicalJson(event.data);
    } catch (error) {
      throw new UnstorableEventError(event.type, String(error));
    }
  }
}

function holdsUnstorableText(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return isUnstorableText(value);
  if (typeof value !== 'object' || value === null || depth > 64) return false;
  for (const [key, member] of Object.entries(value)) {
    if (isUnstorableText(key) || holdsUnstorableText(member, depth + 1)) return true;
  }
  return false;
}

import { randomUUID } from 'node:crypto';

/**
 * A new request id: a UUID version 7 (RFC 9562 §5.7), the Unix time in milliseconds first, then a
 * 12-bit sequence within the millisecond (RFC 9562 §6.2, method 1), then 62 random bits. Ids made by
 * one process are strictly increasing in byte order, and ids of processes that run at the same time
 * interleave by time, so every index keyed by request id (identity_request_metadata's primary key,
 * the logs) is appended to at its right edge instead of at a random leaf (docs/performance.md,
 * "Fourth pass, write API": ~15 → ~9.5 µs of Postgres per request-metadata row). The random part
 * keeps ids of different processes apart; a request id is no secret (the answer's Date header
 * already tells the time).
 */
export function newRequestId(): string {
  const ms = Date.now();
  if (ms > lastMs) {
    lastMs = ms;
    sequence = 0;
    timePrefix = timePrefixOf(ms);
  } else {
    // The same millisecond (or a clock that stepped back): keep counting on the last one.
    sequence += 1;
    if (sequence > 0xfff) {
      lastMs += 1;
      sequence = 0;
      timePrefix = timePrefixOf(lastMs);
    }
  }
  // randomUUID's last 17 characters: the variant (8, 9, a or b) and 62 random bits.
  return timePrefix + (sequenceHex[sequence] as string) + randomUUID().slice(18);
}

/** `tttttttt-tttt-7` of a millisecond: the time and the version digit. */
function timePrefixOf(ms: number): string {
  const time = ms.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7`;
}

/** The 12-bit sequence as three hex digits, made once. */
const sequenceHex: readonly string[] = Array.from({ length: 0x1000 }, (_, value) =>
  value.toString(16).padStart(3, '0'),
);

let lastMs = 0;
let sequence = 0;
let timePrefix = '';

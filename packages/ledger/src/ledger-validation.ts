import { assert } from '@ledger/decider';
import { assetCodeLengthMax, identifierLengthMax, labelLengthMax } from './ledger-limits.ts';
import type { Day, Timestamp } from './ledger-types.ts';

/**
 * Shape checks for the text fields of commands. Fields a client can influence are checked with
 * these predicates and rejected by name; fields only the writer produces (`now`, the limit day)
 * are asserted, because a malformed one is a bug in the writer.
 */

const identifierPattern = /^[\x21-\x7e]+$/;
const assetCodePattern = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const labelPattern = /^[A-Za-z][A-Za-z0-9._:-]*$/;
const timestampPattern = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$/;
const dayPattern = /^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])$/;

/** Printable ASCII without spaces, 1..128 characters. */
export function isIdentifier(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= identifierLengthMax &&
    identifierPattern.test(value)
  );
}

/** Letters, digits and . _ - , 1..32 characters, starting with a letter or digit. */
export function isAssetCode(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= assetCodeLengthMax &&
    assetCodePattern.test(value)
  );
}

/** A short machine label such as "withdrawal" or "b2cFill", 1..64 characters. */
export function isLabel(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= labelLengthMax &&
    labelPattern.test(value)
  );
}

/**
 * A real instant in the exact form Date.prototype.toISOString writes, so that comparing two
 * timestamps as strings compares the instants. Parsing a given string reads no clock.
 */
export function isTimestamp(value: unknown): value is Timestamp {
  if (typeof value !== 'string' || !timestampPattern.test(value)) {
    return false;
  }
  const epochMs = Date.parse(value);
  return !Number.isNaN(epochMs) && new Date(epochMs).toISOString() === value;
}

/** Asserts the shape of a command's `now`; only the shape, for speed, since the writer made it. */
export function assertNow(now: unknown): asserts now is Timestamp {
  assert(
    typeof now === 'string' && timestampPattern.test(now),
    'metadata.now must be a canonical ISO 8601 UTC timestamp',
  );
}

/** Asserts the shape of a limit day, which the writer computes in the service time zone. */
export function assertDay(day: unknown): asserts day is Day {
  assert(typeof day === 'string' && dayPattern.test(day), 'a limit day must be YYYY-MM-DD');
}

import { InvalidArgumentError } from '../errors.ts';
import type { GlobalPosition } from '../port.ts';

/** A `$all` position as `@eventstore/db-client` gives it. */
export type EsdbPosition = { commit: bigint; prepare: bigint };

const encodedPattern = /^(\d{20}):(\d{20})$/;
const uint64Max = 2n ** 64n - 1n;

/**
 * `commit(20 digits):prepare(20 digits)`. Both halves are kept: resuming a filtered `$all`
 * subscription from the commit half alone can miss an event (KurrentDB #4970). Zero-padding to the
 * width of a uint64 makes string order equal to (commit, prepare) order.
 */
export function encodePosition(position: EsdbPosition): GlobalPosition {
  for (const half of [position.commit, position.prepare]) {
    if (half < 0n || half > uint64Max) throw new RangeError(`position half out of range: ${half}`);
  }
  return `${pad(position.commit)}:${pad(position.prepare)}` as GlobalPosition;
}

/** Parses a position this adapter produced; anything else is an InvalidArgumentError. */
export function decodePosition(position: GlobalPosition): EsdbPosition {
  const match = encodedPattern.exec(position);
  const decoded =
    match?.[1] && match[2] ? { commit: BigInt(match[1]), prepare: BigInt(match[2]) } : undefined;
  if (!decoded || decoded.commit > uint64Max || decoded.prepare > uint64Max) {
    throw new InvalidArgumentError('invalid_position', `not an EventStoreDB position: ${position}`);
  }
  return decoded;
}

function pad(value: bigint): string {
  return value.toString(10).padStart(20, '0');
}

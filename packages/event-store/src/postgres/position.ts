import { InvalidArgumentError } from '../errors.ts';
import type { GlobalPosition } from '../port.ts';

/** A Postgres global position: the event's transaction id and sequence number, as decimal text. */
export type PostgresPosition = { transactionId: string; sequence: string };

const positionPattern = /^(\d{20}):(\d{20})$/;

/** `txid(20 digits):seq(20 digits)`: byte order equals (transaction id, sequence) order. */
export function encodePosition(transactionId: string, sequence: string): GlobalPosition {
  return `${transactionId.padStart(20, '0')}:${sequence.padStart(20, '0')}` as GlobalPosition;
}

/** Parses a position this adapter produced; anything else is an InvalidArgumentError. */
export function decodePosition(position: GlobalPosition): PostgresPosition {
  const match = positionPattern.exec(position);
  if (!match) {
    throw new InvalidArgumentError('invalid_position', `not a Postgres position: ${position}`);
  }
  return {
    transactionId: BigInt(match[1] as string).toString(),
    sequence: BigInt(match[2] as string).toString(),
  };
}

/** The position before every event. */
export const origin: PostgresPosition = { transactionId: '0', sequence: '0' };

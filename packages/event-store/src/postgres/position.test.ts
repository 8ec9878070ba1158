// Proves Postgres positions encode (transaction id, sequence) so that string order is log order,
// and that only well-formed positions are accepted back.
import { expect, test } from 'vitest';
import { InvalidArgumentError } from '../errors.ts';
import type { GlobalPosition } from '../port.ts';
import { decodePosition, encodePosition } from './position.ts';

test('positions are two 20-digit halves and round-trip', () => {
  const position = encodePosition('758', '12');
  expect(position).toBe('00000000000000000758:00000000000000000012');
  expect(decodePosition(position)).toEqual({ transactionId: '758', sequence: '12' });
});

test('string order is (transaction id, sequence) order across digit boundaries', () => {
  const pairs: [string, string][] = [
    ['999', '5000'],
    ['1000', '7'],
    ['1000', '10'],
    ['4294967296', '1'],
    ['18446744073709551615', '9223372036854775807'],
  ];
  const encoded = pairs.map(([tx, seq]) => encodePosition(tx, seq));
  expect([...encoded].sort()).toEqual(encoded);
});

test.each(['', '758:12', '00000000000000000758-00000000000000000012', 'x'.repeat(41)])(
  '%j is not a position',
  (text) => {
    expect(() => decodePosition(text as GlobalPosition)).toThrow(InvalidArgumentError);
  },
);

// Proves that EventStoreDB positions keep both commit and prepare halves and that the encoded
// strings order exactly as the (commit, prepare) pairs do.
import { describe, expect, test } from 'vitest';
import { InvalidArgumentError } from '../errors.ts';
import type { GlobalPosition } from '../port.ts';
import { decodePosition, encodePosition } from './position.ts';

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('EventStoreDB position encoding', () => {
  test('encodes commit and prepare as two zero-padded 20-digit halves', () => {
    expect(encodePosition({ commit: 1234n, prepare: 1200n })).toBe(
      '00000000000000001234:00000000000000001200',
    );
  });

  test('round-trips both halves, including the uint64 extremes', () => {
    const max = 2n ** 64n - 1n;
    for (const position of [
      { commit: 0n, prepare: 0n },
      { commit: 10n, prepare: 7n },
      { commit: max, prepare: max },
    ]) {
      expect(decodePosition(encodePosition(position))).toEqual(position);
    }
  });

  test('two positions with the same commit stay distinct through their prepare half', () => {
    const first = encodePosition({ commit: 500n, prepare: 480n });
    const second = encodePosition({ commit: 500n, prepare: 490n });
    expect(first).not.toBe(second);
    expect(first < second).toBe(true);
  });

  test('string order equals (commit, prepare) order', () => {
    const random = seededRandom(7);
    const draw = () => BigInt(Math.floor(random() * 1e6)) * BigInt(Math.floor(random() * 1e9));
    for (let i = 0; i < 2_000; i += 1) {
      const a = { commit: draw(), prepare: draw() };
      const b = { commit: random() < 0.3 ? a.commit : draw(), prepare: draw() };
      const tupleLess = a.commit < b.commit || (a.commit === b.commit && a.prepare < b.prepare);
      expect(encodePosition(a) < encodePosition(b)).toBe(tupleLess);
    }
  });

  test('refuses strings this adapter did not produce', () => {
    for (const bad of [
      '',
      '12:34',
      '00000000000000000001',
      `${'9'.repeat(20)}:${'0'.repeat(20)}`,
    ]) {
      expect(() => decodePosition(bad as GlobalPosition)).toThrow(InvalidArgumentError);
    }
  });

  test('refuses halves outside uint64', () => {
    expect(() => encodePosition({ commit: -1n, prepare: 0n })).toThrow(RangeError);
    expect(() => encodePosition({ commit: 0n, prepare: 2n ** 64n })).toThrow(RangeError);
  });
});

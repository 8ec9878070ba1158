// Proves the canonicalizer produces RFC 8785 output (its number, string and ordering vectors) and
// refuses what JSON cannot carry faithfully.
import { describe, expect, test } from 'vitest';
import { CanonicalJsonError, canonicalJson } from './canonical-json.ts';

const fromBits = (hex: string) => Buffer.from(hex, 'hex').readDoubleBE(0);

describe('numbers (RFC 8785 §3.2.2.3 and Appendix B)', () => {
  test.each([
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ])('IEEE 754 %s serializes as %s', (bits, expected) => {
    expect(canonicalJson(fromBits(bits))).toBe(expected);
  });

  test.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    '%d is refused',
    (value) => {
      expect(() => canonicalJson({ value })).toThrow(CanonicalJsonError);
      expect(() => canonicalJson(value)).toThrow(
        expect.objectContaining({ code: 'non_finite_number' }),
      );
    },
  );
});

describe('strings and ordering', () => {
  test('the RFC 8785 §3.2.4 example', () => {
    const input = String.raw`{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/", "literals": [null, true, false]}`;
    const expected = String.raw`{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`;
    expect(canonicalJson(JSON.parse(input))).toBe(expected);
  });

  test('members sort by UTF-16 code units (RFC 8785 §3.2.3)', () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    expect(canonicalJson(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control",' +
        '"\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign",' +
        '"\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  test('nested objects sort at every level; arrays keep their order; no whitespace', () => {
    expect(canonicalJson({ b: [3, { z: 1, a: 2 }, 1], a: { d: 'x', c: null } })).toBe(
      '{"a":{"c":null,"d":"x"},"b":[3,{"a":2,"z":1},1]}',
    );
  });

  test('insertion order does not matter', () => {
    expect(canonicalJson({ x: 1, y: { p: '1', q: '2' } })).toBe(
      canonicalJson({ y: { q: '2', p: '1' }, x: 1 }),
    );
  });
});

describe('what JSON.stringify would do, and what is refused', () => {
  test('undefined members are dropped, undefined array items become null, toJSON is honoured', () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    expect(canonicalJson({ a: undefined, b: [undefined, 1], at })).toBe(
      '{"at":"2026-01-02T03:04:05.678Z","b":[null,1]}',
    );
  });

  test.each([
    ['bigint', { amount: 10n }],
    ['lone_surrogate', { text: 'broken \ud800 half' }],
    ['lone_surrogate', { '\udc00': 'key' }],
    ['unsupported_value', undefined],
  ])('%s is refused', (code, value) => {
    expect(() => canonicalJson(value)).toThrow(expect.objectContaining({ code }));
  });

  test('a circular structure is refused', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(() => canonicalJson(loop)).toThrow(expect.objectContaining({ code: 'circular' }));
  });

  test('a repeated (not circular) object is fine', () => {
    const shared = { a: 1 };
    expect(canonicalJson({ x: shared, y: shared })).toBe('{"x":{"a":1},"y":{"a":1}}');
  });
});

describe('values whose members are already in order (written by JSON.stringify)', () => {
  test('the same text as the member-by-member walk, whatever the insertion order', () => {
    const sorted = {
      cause: 'internalTransfer',
      legs: [{ amount: '1.5', asset: 'KRW', credit: 'b', debit: 'a' }],
      n: -0,
      postedAt: '2026-11-22T00:00:00.000Z',
      z: [null, 1e21, 'tab\there'],
    };
    const shuffled = {
      z: [null, 1e21, 'tab\there'],
      postedAt: '2026-11-22T00:00:00.000Z',
      n: -0,
      legs: [{ debit: 'a', credit: 'b', asset: 'KRW', amount: '1.5' }],
      cause: 'internalTransfer',
    };
    expect(canonicalJson(sorted)).toBe(canonicalJson(shuffled));
    expect(canonicalJson(sorted)).toBe(
      '{"cause":"internalTransfer","legs":[{"amount":"1.5","asset":"KRW","credit":"b","debit":"a"}],' +
        '"n":0,"postedAt":"2026-11-22T00:00:00.000Z","z":[null,1e+21,"tab\\there"]}',
    );
  });

  test('what JSON.stringify writes differently still comes out canonical or refused', () => {
    expect(canonicalJson({ a: '\u0001', b: 'x' })).toBe('{"a":"\\u0001","b":"x"}');
    expect(canonicalJson({ a: { b: 1 }, c: new Date('2026-01-02T03:04:05.678Z') })).toBe(
      '{"a":{"b":1},"c":"2026-01-02T03:04:05.678Z"}',
    );
    // Array-index keys come first in property order but not in code-unit order.
    expect(canonicalJson({ 9: 'nine', 10: 'ten' })).toBe('{"10":"ten","9":"nine"}');
    // Boxed values: JSON.stringify unwraps them, the walk writes their own members.
    expect(canonicalJson({ a: Object(5) })).toBe('{"a":{}}');
    expect(() => canonicalJson({ a: 'broken \ud800 half' })).toThrow(
      expect.objectContaining({ code: 'lone_surrogate' }),
    );
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(
      expect.objectContaining({ code: 'non_finite_number' }),
    );
    expect(() => canonicalJson({ a: 1n })).toThrow(expect.objectContaining({ code: 'bigint' }));
    const loop: Record<string, unknown> = { a: 1 };
    loop.b = loop;
    expect(() => canonicalJson(loop)).toThrow(expect.objectContaining({ code: 'circular' }));
  });
});

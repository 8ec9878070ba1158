// Proves the shared text schema refuses a NUL character and unpaired UTF-16 surrogates with the code text_invalid, keeps paired surrogates, bidi controls and surrounding spaces as sent unless the field asks to trim, and bounds the length; and that storableJson refuses such text anywhere in a JSON value.
import { expect, test } from 'vitest';
import { isStorableJson, isStorableText, storableJson, text, textInvalidCode } from './text.ts';

const codesOf = (result: { success: boolean; error?: { issues: unknown[] } }) =>
  (result.error?.issues ?? []).map((issue) => {
    const { code, params } = issue as { code: string; params?: { code?: string } };
    return params?.code ?? code;
  });

test('NUL and unpaired surrogates are refused with text_invalid', () => {
  const schema = text({ max: 100 });
  for (const bad of [
    'a\u0000b',
    '\u0000',
    '\ud800x',
    'x\ud800',
    '\udc00',
    'a\udc00\ud800b',
    '😀'.slice(0, 1),
  ]) {
    expect(isStorableText(bad)).toBe(false);
    expect(codesOf(schema.safeParse(bad))).toEqual([textInvalidCode]);
  }
});

test('paired surrogates, bidi controls, other controls and spaces pass as sent', () => {
  const schema = text({ max: 100 });
  for (const good of [
    '😀',
    'a😀b',
    '\u202eevil\u202c',
    '\u2066x\u2069',
    ' padded ',
    '',
    '\u0001',
    '한국어',
  ]) {
    expect(isStorableText(good)).toBe(true);
    expect(schema.parse(good)).toBe(good);
  }
});

test('the length is bounded, and trimmed only when the field asks', () => {
  expect(codesOf(text({ max: 3 }).safeParse('abcd'))).toEqual(['too_big']);
  expect(codesOf(text({ min: 1, max: 3 }).safeParse(''))).toEqual(['too_small']);
  expect(text({ max: 3 }).parse(' a ')).toBe(' a ');
  expect(codesOf(text({ max: 3 }).safeParse('  ab  '))).toEqual(['too_big']);
  expect(text({ trim: true, max: 3 }).parse('  ab  ')).toBe('ab');
  expect(codesOf(text({ trim: true, min: 1, max: 3 }).safeParse('   '))).toEqual(['too_small']);
  expect(codesOf(text({ max: 65_536 }).safeParse('x'.repeat(65_537)))).toEqual(['too_big']);
});

test('a refused character stops the checks: one issue, text_invalid', () => {
  expect(codesOf(text({ max: 3 }).safeParse('\u0000'.repeat(10)))).toEqual([textInvalidCode]);
});

test('storableJson checks every string of a JSON value, keys included', () => {
  expect(isStorableJson({ a: ['x', 1, null, { b: true }] })).toBe(true);
  expect(isStorableJson({ a: ['x\u0000'] })).toBe(false);
  expect(isStorableJson({ 'k\ud800': 1 })).toBe(false);
  expect(codesOf(storableJson().safeParse({ a: '\udfff' }))).toEqual([textInvalidCode]);
  expect(storableJson().parse({ a: ['😀', 2] })).toEqual({ a: ['😀', 2] });
});

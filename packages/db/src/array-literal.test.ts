// Proves that array elements built by arrayElement read back in Postgres' array syntax exactly as
// given: NULL for null, every other text quoted with only `"` and `\` escaped.
import { expect, test } from 'vitest';
import { arrayElement } from './array-literal.ts';

test('null, plain texts and texts that need escaping', () => {
  expect(arrayElement(null)).toBe('NULL');
  expect(arrayElement('NULL')).toBe('"NULL"');
  expect(arrayElement('')).toBe('""');
  expect(arrayElement('a, {b} c')).toBe('"a, {b} c"');
  expect(arrayElement('say "hi" \\ bye')).toBe('"say \\"hi\\" \\\\ bye"');
});

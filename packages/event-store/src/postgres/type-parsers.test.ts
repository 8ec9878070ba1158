// Proves event rows are parsed the store's way whatever global type parsers the application set:
// jsonb becomes values, everything else stays text.
import { expect, test } from 'vitest';
import { eventRowTypes } from './type-parsers.ts';

test('jsonb is parsed and every other type is left as text', () => {
  expect(eventRowTypes.getTypeParser(3802)('{"amount":"1.50"}')).toEqual({ amount: '1.50' });
  for (const oid of [20, 25, 1184, 5069])
    expect(eventRowTypes.getTypeParser(oid)('123')).toBe('123');
});

// Proves that uniqueViolationOf names the violated constraint of a duplicate key and nothing else.
import { expect, test } from 'vitest';
import { uniqueViolationOf } from './errors.ts';

test('a duplicate key gives its constraint, or an empty name when the driver gave none', () => {
  expect(uniqueViolationOf({ code: '23505', constraint: 'es_events_event_id' })).toBe(
    'es_events_event_id',
  );
  expect(uniqueViolationOf({ code: '23505' })).toBe('');
});

test('any other error is not a duplicate key', () => {
  expect(uniqueViolationOf({ code: '40001' })).toBeUndefined();
  expect(uniqueViolationOf(new Error('boom'))).toBeUndefined();
  expect(uniqueViolationOf(undefined)).toBeUndefined();
  expect(uniqueViolationOf('23505')).toBeUndefined();
});

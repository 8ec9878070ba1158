// Proves that a read refused with 503 read_model_behind is tried again every second for up to a
// minute, while any other failed read is tried once more with the usual back-off.
import { expect, test } from 'vitest';
import { ApiFailure } from './api-failure.ts';
import { queryRetryDelay, queryRetryLimits, shouldRetryQuery } from './query-retry.ts';

const behind = new ApiFailure({ httpStatusCode: 503, code: 'read_model_behind' });
const unavailable = new ApiFailure({ httpStatusCode: 503, code: 'unavailable' });

test('a read model behind is tried again, every second, up to the limit', () => {
  const { readModelBehindRetries } = queryRetryLimits;
  expect(shouldRetryQuery(0, behind)).toBe(true);
  expect(shouldRetryQuery(readModelBehindRetries - 1, behind)).toBe(true);
  expect(shouldRetryQuery(readModelBehindRetries, behind)).toBe(false);
  expect(queryRetryDelay(5, behind)).toBe(1_000);
});

test('any other failure is tried once more, with exponential back-off', () => {
  expect(shouldRetryQuery(0, unavailable)).toBe(true);
  expect(shouldRetryQuery(1, unavailable)).toBe(false);
  expect(shouldRetryQuery(0, new Error('network'))).toBe(true);
  expect(shouldRetryQuery(1, new Error('network'))).toBe(false);
  expect(queryRetryDelay(0, unavailable)).toBe(1_000);
  expect(queryRetryDelay(1, unavailable)).toBe(2_000);
  expect(queryRetryDelay(10, unavailable)).toBe(30_000);
});

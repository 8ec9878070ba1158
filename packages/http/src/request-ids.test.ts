// Proves that server-made request ids are UUIDs of version 7 that one process makes in strictly
// increasing order (the append-only key of the request-metadata table), unique, and timed.
import { expect, test } from 'vitest';
import { newRequestId } from './request-ids.ts';

const uuidV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('request ids are version 7 UUIDs, strictly increasing and unique, carrying the time', () => {
  const before = Date.now();
  const ids = Array.from({ length: 20_000 }, () => newRequestId());
  const after = Date.now();
  for (const id of ids) expect(id).toMatch(uuidV7);
  for (let index = 1; index < ids.length; index += 1) {
    expect((ids[index - 1] as string) < (ids[index] as string)).toBe(true);
  }
  expect(new Set(ids).size).toBe(ids.length);
  const first = Number.parseInt((ids[0] as string).replace('-', '').slice(0, 12), 16);
  expect(first).toBeGreaterThanOrEqual(before);
  // 20,000 ids may run past the clock by 4,096 per millisecond, never by more.
  const last = Number.parseInt((ids.at(-1) as string).replace('-', '').slice(0, 12), 16);
  expect(last).toBeLessThanOrEqual(after + Math.ceil(ids.length / 4_096));
});

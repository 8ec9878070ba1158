// Proves that the writer's clock never goes back (nor before an instant it was advanced to) and writes Date#toISOString text, and that limit days are calendar days in the service time zone, changing exactly at local midnight (odd offsets and DST included).
import { describe, expect, test } from 'vitest';
import { createWriterClock } from './writer-clock.ts';

describe('the writer clock', () => {
  test('never moves backwards', () => {
    let now = Date.parse('2025-01-15T03:00:00.000Z');
    const clock = createWriterClock({ timeZone: 'Asia/Seoul', nowMs: () => now });
    expect(clock.read().now).toBe('2025-01-15T03:00:00.000Z');
    now -= 5_000;
    expect(clock.read().now).toBe('2025-01-15T03:00:00.000Z');
  });

  test('reads no earlier than the instant it was advanced to, then follows the system clock', () => {
    let now = Date.parse('2025-01-15T03:00:00.000Z');
    const clock = createWriterClock({ timeZone: 'Asia/Seoul', nowMs: () => now });
    clock.advanceTo(Date.parse('2025-01-15T04:00:00.000Z'));
    expect(clock.read().now).toBe('2025-01-15T04:00:00.000Z');
    clock.advanceTo(Date.parse('2025-01-15T03:30:00.000Z'));
    clock.advanceTo(Number.NaN);
    expect(clock.read().now).toBe('2025-01-15T04:00:00.000Z');
    now = Date.parse('2025-01-15T05:00:00.000Z');
    expect(clock.read().now).toBe('2025-01-15T05:00:00.000Z');
  });

  test('the day is the calendar day in the service time zone', () => {
    const clock = createWriterClock({ timeZone: 'Asia/Seoul' });
    // 15:00 UTC is midnight in Seoul (UTC+9).
    expect(clock.dayOf(Date.parse('2025-01-15T14:59:59.999Z'))).toBe('2025-01-15');
    expect(clock.dayOf(Date.parse('2025-01-15T15:00:00.000Z'))).toBe('2025-01-16');
    const utc = createWriterClock({ timeZone: 'UTC' });
    expect(utc.dayOf(Date.parse('2025-01-15T15:00:00.000Z'))).toBe('2025-01-15');
  });

  test('the day changes exactly at local midnight, also in odd offsets and across DST', () => {
    for (const timeZone of ['Asia/Kathmandu', 'Pacific/Chatham', 'America/New_York']) {
      const clock = createWriterClock({ timeZone });
      const fresh = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      // Every minute edge, and the millisecond before it, over two days around a DST change.
      const start = Date.parse('2025-03-08T00:00:00.000Z');
      for (let epochMs = start; epochMs < start + 2 * 86_400_000; epochMs += 60_000) {
        expect(clock.dayOf(epochMs - 1)).toBe(fresh.format(epochMs - 1));
        expect(clock.dayOf(epochMs)).toBe(fresh.format(epochMs));
      }
    }
  });
});

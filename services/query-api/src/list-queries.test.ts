// Proves the list helpers: SPEC §9 date shortcuts resolve to half-open ranges in the service time
// zone (weeks from Monday), day bounds cover whole days, paging and no_paging windows, and search
// terms are literal in LIKE patterns.
import { describe, expect, test } from 'vitest';
import { dateRangeOf, likePattern, pageWindow, pagingOf, shortcutRange } from './list-queries.ts';

// Wednesday 2025-01-15, 03:00 in UTC = 12:00 in Seoul.
const now = new Date('2025-01-15T03:00:00.000Z');
const iso = (range: { from: Date; to: Date }) => [range.from.toISOString(), range.to.toISOString()];

describe('date shortcuts', () => {
  test.each([
    ['today', '2025-01-14T15:00:00.000Z', '2025-01-15T15:00:00.000Z'],
    ['yesterday', '2025-01-13T15:00:00.000Z', '2025-01-14T15:00:00.000Z'],
    ['this_week', '2025-01-12T15:00:00.000Z', '2025-01-15T15:00:00.000Z'],
    ['last_week', '2025-01-05T15:00:00.000Z', '2025-01-12T15:00:00.000Z'],
    ['this_month', '2024-12-31T15:00:00.000Z', '2025-01-15T15:00:00.000Z'],
    ['last_month', '2024-11-30T15:00:00.000Z', '2024-12-31T15:00:00.000Z'],
    ['last_7_days', '2025-01-08T15:00:00.000Z', '2025-01-15T15:00:00.000Z'],
    ['last_30_days', '2024-12-16T15:00:00.000Z', '2025-01-15T15:00:00.000Z'],
  ] as const)('%s', (shortcut, from, to) => {
    expect(iso(shortcutRange(shortcut, now))).toEqual([from, to]);
  });

  test('a day bound covers the whole day in the service time zone', () => {
    const range = dateRangeOf(
      { page: 1, page_size: 20, order: 'desc', date_from: '2025-01-15', date_to: '2025-01-15' },
      now,
    );
    expect(range.from?.toISOString()).toBe('2025-01-14T15:00:00.000Z');
    expect(range.to?.toISOString()).toBe('2025-01-15T15:00:00.000Z');
  });
});

describe('paging and search', () => {
  test('windows and paging', () => {
    const query = { page: 3, page_size: 20, order: 'desc' as const };
    expect(pageWindow(query)).toEqual({ limit: 20, offset: 40 });
    expect(pagingOf(query, 45)).toEqual({ page: 3, page_size: 20, total: 45, total_pages: 3 });
    expect(pageWindow({ ...query, no_paging: '1' })).toEqual({ limit: 1_000, offset: 0 });
    expect(pagingOf({ ...query, no_paging: '1' }, 0)).toEqual({
      page: 1,
      page_size: 1,
      total: 0,
      total_pages: 1,
    });
  });

  test('search terms are literal', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

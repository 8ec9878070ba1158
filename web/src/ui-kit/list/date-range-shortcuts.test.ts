// Proves the SPEC §9 date shortcuts give whole calendar ranges on fixed days: weeks start on the
// locale's first day (Sunday, or Monday in vi-VN), and month and year boundaries and leap years
// hold.
import { expect, test } from 'vitest';
import { dateRangeFor, dateShortcuts } from './date-range-shortcuts.ts';

test('on Sunday 2024-03-03 with Monday weeks (vi-VN), across a leap February', () => {
  const ranges = Object.fromEntries(
    dateShortcuts.map((shortcut) => [shortcut, dateRangeFor(shortcut, '2024-03-03', 1)]),
  );
  expect(ranges).toEqual({
    today: { from: '2024-03-03', to: '2024-03-03' },
    yesterday: { from: '2024-03-02', to: '2024-03-02' },
    this_week: { from: '2024-02-26', to: '2024-03-03' },
    last_week: { from: '2024-02-19', to: '2024-02-25' },
    this_month: { from: '2024-03-01', to: '2024-03-03' },
    last_month: { from: '2024-02-01', to: '2024-02-29' },
    last_7_days: { from: '2024-02-26', to: '2024-03-03' },
    last_30_days: { from: '2024-02-03', to: '2024-03-03' },
  });
});

test('on New Year 2026 with Sunday weeks, the previous year is reached', () => {
  expect(dateRangeFor('yesterday', '2026-01-01', 0)).toEqual({
    from: '2025-12-31',
    to: '2025-12-31',
  });
  expect(dateRangeFor('last_month', '2026-01-01', 0)).toEqual({
    from: '2025-12-01',
    to: '2025-12-31',
  });
  expect(dateRangeFor('this_week', '2026-01-01', 0)).toEqual({
    from: '2025-12-28',
    to: '2026-01-01',
  });
  expect(dateRangeFor('last_week', '2026-01-01', 0)).toEqual({
    from: '2025-12-21',
    to: '2025-12-27',
  });
});

import { type DateRangeShortcut, dateRangeShortcuts } from '@ledger/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * The date shortcuts of SPEC §9 (`date_range` of the list query), in the order the filter bar
 * shows them. The server resolves them in the service time zone; the client computes the same
 * calendar dates only to show them.
 */
export const dateShortcuts = dateRangeShortcuts;
export type DateShortcut = DateRangeShortcut;

/** A calendar-date range, both ends inclusive, as ISO dates (YYYY-MM-DD). */
export type DateRange = { from: string; to: string };

const isoDate = (day: Dayjs) => day.format('YYYY-MM-DD');

function startOfWeek(day: Dayjs, firstDayOfWeek: 0 | 1): Dayjs {
  const offset = (day.day() - firstDayOfWeek + 7) % 7;
  return day.subtract(offset, 'day').startOf('day');
}

/**
 * The range a shortcut means on `today` (a calendar date). "This week/month" end today; "last
 * week/month" are whole; the week starts on the locale's first day.
 */
export function dateRangeFor(
  shortcut: DateShortcut,
  today: string,
  firstDayOfWeek: 0 | 1,
): DateRange {
  const day = dayjs(today);
  const week = startOfWeek(day, firstDayOfWeek);
  switch (shortcut) {
    case 'today':
      return { from: isoDate(day), to: isoDate(day) };
    case 'yesterday':
      return { from: isoDate(day.subtract(1, 'day')), to: isoDate(day.subtract(1, 'day')) };
    case 'this_week':
      return { from: isoDate(week), to: isoDate(day) };
    case 'last_week':
      return { from: isoDate(week.subtract(7, 'day')), to: isoDate(week.subtract(1, 'day')) };
    case 'this_month':
      return { from: isoDate(day.startOf('month')), to: isoDate(day) };
    case 'last_month': {
      const lastMonth = day.subtract(1, 'month');
      return { from: isoDate(lastMonth.startOf('month')), to: isoDate(lastMonth.endOf('month')) };
    }
    case 'last_7_days':
      return { from: isoDate(day.subtract(6, 'day')), to: isoDate(day) };
    case 'last_30_days':
      return { from: isoDate(day.subtract(29, 'day')), to: isoDate(day) };
  }
}

/** Today's date on the user's clock, as an ISO date. */
export function localToday(now: Date = new Date()): string {
  return isoDate(dayjs(now));
}

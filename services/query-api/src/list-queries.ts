import { type DateRangeShortcut, type ListPaging, listNoPagingMax } from '@ledger/contracts';
import { ProblemError } from '@ledger/http';

/** The service time zone for date ranges and shortcuts (SPEC is Korea-first; no DST in KST). */
export const serviceUtcOffsetHours = 9;
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** Midnight (service time zone) of the day `instant` falls on, as an instant. */
function startOfServiceDay(instant: Date): Date {
  const shifted = instant.getTime() + serviceUtcOffsetHours * hourMs;
  return new Date(shifted - (shifted % dayMs) - serviceUtcOffsetHours * hourMs);
}

function serviceDayOfWeek(instant: Date): number {
  // 0 = Monday (weeks start on Monday).
  return (new Date(instant.getTime() + serviceUtcOffsetHours * hourMs).getUTCDay() + 6) % 7;
}

function serviceMonthStart(instant: Date, monthOffset: number): Date {
  const shifted = new Date(instant.getTime() + serviceUtcOffsetHours * hourMs);
  const start = Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth() + monthOffset, 1);
  return new Date(start - serviceUtcOffsetHours * hourMs);
}

/** A half-open range [from, to) for a SPEC §9 shortcut at `now`. */
export function shortcutRange(shortcut: DateRangeShortcut, now: Date): { from: Date; to: Date } {
  const today = startOfServiceDay(now);
  const tomorrow = new Date(today.getTime() + dayMs);
  const weekStart = new Date(today.getTime() - serviceDayOfWeek(now) * dayMs);
  switch (shortcut) {
    case 'today':
      return { from: today, to: tomorrow };
    case 'yesterday':
      return { from: new Date(today.getTime() - dayMs), to: today };
    case 'this_week':
      return { from: weekStart, to: tomorrow };
    case 'last_week':
      return { from: new Date(weekStart.getTime() - 7 * dayMs), to: weekStart };
    case 'this_month':
      return { from: serviceMonthStart(now, 0), to: tomorrow };
    case 'last_month':
      return { from: serviceMonthStart(now, -1), to: serviceMonthStart(now, 0) };
    case 'last_7_days':
      return { from: new Date(tomorrow.getTime() - 7 * dayMs), to: tomorrow };
    case 'last_30_days':
      return { from: new Date(tomorrow.getTime() - 30 * dayMs), to: tomorrow };
  }
}

/** A `YYYY-MM-DD` bound is a whole service-time-zone day; an instant is itself. */
function boundOf(value: string, edge: 'from' | 'to'): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00+0${serviceUtcOffsetHours}:00`);
    return edge === 'from' ? start : new Date(start.getTime() + dayMs);
  }
  return new Date(value);
}

export type ListQueryBase = {
  page: number;
  page_size: number;
  order: 'asc' | 'desc';
  date_from?: string | undefined;
  date_to?: string | undefined;
  date_range?: DateRangeShortcut | undefined;
  no_paging?: '0' | '1' | undefined;
};

/** The resolved date range (half-open), if the query has one. */
export function dateRangeOf(query: ListQueryBase, now: Date): { from?: Date; to?: Date } {
  if (query.date_range !== undefined) return shortcutRange(query.date_range, now);
  return {
    ...(query.date_from === undefined ? {} : { from: boundOf(query.date_from, 'from') }),
    ...(query.date_to === undefined ? {} : { to: boundOf(query.date_to, 'to') }),
  };
}

export function pageWindow(query: ListQueryBase): { limit: number; offset: number } {
  if (query.no_paging === '1') return { limit: listNoPagingMax, offset: 0 };
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

/**
 * The paging block of a list's answer. `no_paging=1` loads the whole list (SPEC §7) up to the
 * stated cap, `listNoPagingMax` rows (`pageWindow` reads that many); a list longer than the cap
 * is refused with 400 no_paging_too_many rather than answered in part.
 */
export function pagingOf(query: ListQueryBase, total: number): ListPaging {
  if (query.no_paging === '1' && total > listNoPagingMax) {
    throw new ProblemError({
      status: 400,
      code: 'no_paging_too_many',
      params: { noPagingMax: listNoPagingMax, total },
    });
  }
  const pageSize = query.no_paging === '1' ? Math.max(total, 1) : query.page_size;
  return {
    page: query.no_paging === '1' ? 1 : query.page,
    page_size: pageSize,
    total,
    total_pages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** `%`, `_` and `\` are literal in a search term. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

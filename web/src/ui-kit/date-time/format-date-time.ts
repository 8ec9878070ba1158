/** The service time zone (settings default): history and admin screens show times in it. */
export const serviceTimeZone = 'Asia/Seoul';

export type DateTimeFormatOptions = {
  timeZone?: string | undefined;
  /** The calendar date alone. */
  isDateOnly?: boolean | undefined;
};

/**
 * An instant from the API (ISO 8601) in the locale's own date and time order, in an explicit time
 * zone whose short name is shown (web.md §4.5: KST, JST, ...). '—' when it is not a date.
 */
export function formatDateTime(
  value: string,
  locale: string,
  options: DateTimeFormatOptions = {},
): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '—';
  const timeZone = options.timeZone ?? serviceTimeZone;
  const date: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  };
  const time: Intl.DateTimeFormatOptions = {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  };
  return new Intl.DateTimeFormat(locale, options.isDateOnly ? date : { ...date, ...time }).format(
    instant,
  );
}

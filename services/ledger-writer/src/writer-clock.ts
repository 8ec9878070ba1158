/**
 * The writer's clock: one reading per batch, never earlier than the previous one, so `metadata.now`
 * only moves forward (an expiry the worker saw as due is still due when decided, even if the
 * system clock steps back). Also the calendar day of a reading in the service time zone, which a
 * limit draw is keyed by (DESIGN.md §3, Limits).
 */
export type WriterClock = {
  /** Milliseconds since the epoch, and the same instant as Date#toISOString text. */
  read(): { epochMs: number; now: string };
  /** YYYY-MM-DD of `epochMs` in the service time zone. */
  dayOf(epochMs: number): string;
};

export function createWriterClock(options: {
  timeZone: string;
  /** The system clock by default; tests pass a controllable one. */
  nowMs?: () => number;
}): WriterClock {
  const nowMs = options.nowMs ?? Date.now;
  // en-CA formats a date as YYYY-MM-DD.
  const dayFormat = new Intl.DateTimeFormat('en-CA', {
    timeZone: options.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  let lastMs = Number.NEGATIVE_INFINITY;
  let cachedDay = { epochMs: Number.NaN, day: '' };
  return {
    read() {
      lastMs = Math.max(lastMs, nowMs());
      return { epochMs: lastMs, now: new Date(lastMs).toISOString() };
    },
    dayOf(epochMs) {
      if (cachedDay.epochMs !== epochMs) cachedDay = { epochMs, day: dayFormat.format(epochMs) };
      return cachedDay.day;
    },
  };
}

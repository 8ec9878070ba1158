/**
 * The writer's clock: one reading per batch, never earlier than the previous one, so `metadata.now`
 * only moves forward (an expiry the worker saw as due is still due when decided, even if the
 * system clock steps back). Also the calendar day of a reading in the service time zone, which a
 * limit draw is keyed by (DESIGN.md §3, Limits). A writer taking over first advances it to the
 * ledger's newest decided instant (`advanceTo`), so the ledger's times never go back across a
 * failover either, whatever the successor's system clock says.
 */
export type WriterClock = {
  /** Milliseconds since the epoch, and the same instant as Date#toISOString text. */
  read(): { epochMs: number; now: string };
  /** No later reading is earlier than `epochMs`. */
  advanceTo(epochMs: number): void;
  /** YYYY-MM-DD of `epochMs` in the service time zone. */
  dayOf(epochMs: number): string;
};

const quarterHourMs = 15 * 60 * 1_000;

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
  // Every zone's offset from UTC is a whole number of quarter hours (Kathmandu +5:45, Chatham
  // +12:45), so a local day starts on a UTC quarter hour: within one the day is the same, and
  // the formatter runs once per quarter hour instead of once per batch.
  let cachedDay = { quarter: Number.NaN, day: '' };
  return {
    read() {
      lastMs = Math.max(lastMs, nowMs());
      return { epochMs: lastMs, now: new Date(lastMs).toISOString() };
    },
    advanceTo(epochMs) {
      if (Number.isFinite(epochMs)) lastMs = Math.max(lastMs, epochMs);
    },
    dayOf(epochMs) {
      const quarter = Math.floor(epochMs / quarterHourMs);
      if (cachedDay.quarter !== quarter) cachedDay = { quarter, day: dayFormat.format(epochMs) };
      return cachedDay.day;
    },
  };
}

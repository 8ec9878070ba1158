import { useEffect, useState } from 'react';

/** SPEC §5 and §9: an emailed code must be entered within 5 minutes. */
export const emailCodeValidityMs = 5 * 60_000;

/** Whole seconds left until `deadline` (ms since the epoch), never below zero. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1_000));
}

/** `m:ss` with the locale's digits (all five product locales write Latin digits and a colon). */
export function formatCountdown(seconds: number, locale: string): string {
  const minutes = new Intl.NumberFormat(locale, { useGrouping: false });
  const twoDigits = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  return `${minutes.format(Math.floor(seconds / 60))}:${twoDigits.format(seconds % 60)}`;
}

/** The seconds left until `deadline`, re-rendered every second; undefined without a deadline. */
export function useSecondsLeft(deadline: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === undefined ? undefined : secondsLeft(deadline, now);
}

/** An instant as `Date.prototype.toISOString` writes it; it comes in the command, never a clock. */
export type Timestamp = string;

export type MemberSeq = number;

/** A non-negative decimal string (money on the wire, docs/adr/0005): at most 18 decimals. */
const decimalAmountPattern = /^(0|[1-9]\d{0,29})(\.\d{1,18})?$/;

export function isDecimalAmount(value: string): boolean {
  return decimalAmountPattern.test(value);
}

/** `now` plus `seconds`, as a Timestamp. */
export function addSeconds(now: Timestamp, seconds: number): Timestamp {
  return new Date(Date.parse(now) + seconds * 1_000).toISOString();
}

/** Whether `deadline` is at or before `now`. */
export function hasPassed(deadline: Timestamp, now: Timestamp): boolean {
  return Date.parse(deadline) <= Date.parse(now);
}

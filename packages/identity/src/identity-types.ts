/** An instant as `Date.prototype.toISOString` writes it; it comes in the command, never a clock. */
export type Timestamp = string;

/** A member's sequence number (SPEC §3 `seq`); streams are `member-<seq>`. */
export type MemberSeq = number;

export const emailVerificationLifetimeSeconds = 300;

/** `now` plus `seconds`, as a Timestamp. */
export function addSeconds(now: Timestamp, seconds: number): Timestamp {
  return new Date(Date.parse(now) + seconds * 1_000).toISOString();
}

/** Whether `now` is strictly after `deadline`. */
export function isAfter(now: Timestamp, deadline: Timestamp): boolean {
  return Date.parse(now) > Date.parse(deadline);
}

export function memberStream(memberSeq: MemberSeq): string {
  return `member-${memberSeq}`;
}

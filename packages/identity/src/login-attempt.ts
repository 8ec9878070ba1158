import type { MemberSeq, Timestamp } from './identity-types.ts';

/**
 * One login attempt, successful or not (ASVS 16.3.1): its own stream `login-attempt-<id>`, so a
 * burst of attempts never contends on one stream. The identifier typed is personal data and is
 * not kept; IP and user agent sit in the request-metadata table under the event's request id.
 */
export const loginResults = [
  'succeeded',
  'otp_required',
  'invalid_credentials',
  'otp_invalid',
  'rate_limited',
  'denied',
] as const;
export type LoginResult = (typeof loginResults)[number];

export type LoginAttempted = {
  type: 'LoginAttempted';
  data: {
    attemptId: string;
    /** The member the identifier named, when it named one. */
    memberSeq: MemberSeq | null;
    result: LoginResult;
    /** The session started, for a successful attempt. */
    sessionId: string | null;
    attemptedAt: Timestamp;
  };
};

export function loginAttemptStream(attemptId: string): string {
  return `login-attempt-${attemptId}`;
}

import { matchOtpCode, openOtpSeed, verifyPassword } from '@ledger/auth';
import { ProblemError } from '@ledger/http';
import {
  activeOtpIds,
  type IdentitySettings,
  isOtpRequired,
  type MemberState,
  type OtpRequiredAction,
} from '@ledger/identity';
import {
  acceptOtpStep,
  hitRateLimit,
  type RateLimitRule,
  readOtpSecret,
  readPasswordHash,
  refundRateLimit,
} from '@ledger/identity-store';
import type { MemberWriteContext } from './member-command-runner.ts';
import { rateLimits } from './rate-limits.ts';

/** Counts one hit on a bucket; over its budget, a 429 with Retry-After (thrown). */
export async function enforceRateLimit(
  { db }: Pick<MemberWriteContext, 'db'>,
  bucket: string,
  rule: RateLimitRule,
  now: Date,
): Promise<void> {
  const outcome = await hitRateLimit(db, bucket, rule, now);
  if (!outcome.allowed) throw rateLimited(outcome.retryAfterSeconds);
}

/** 429 with when to retry: the Retry-After header and the problem's `retry_after`, in seconds. */
export function rateLimited(retryAfterSeconds: number): ProblemError {
  return new ProblemError({
    status: 429,
    code: 'rate_limited',
    params: { retry_after: retryAfterSeconds },
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

/**
 * The member's current password, for a sensitive change (ASVS 6.2.3): rate-limited per member
 * before the hash is computed; a wrong password is a 403 (not 401, which means "log in again").
 */
export async function requireCurrentPassword(
  context: MemberWriteContext,
  state: MemberState,
  password: string,
  now: Date,
): Promise<void> {
  const memberSeq = state.memberSeq ?? 0;
  await enforceRateLimit(
    context,
    `password-check:${memberSeq}`,
    rateLimits.passwordCheckPerMember,
    now,
  );
  const hash =
    state.credentialId === undefined
      ? undefined
      : await readPasswordHash(context.db, state.credentialId, memberSeq);
  if (hash === undefined || !(await verifyPassword(hash, password))) {
    throw new ProblemError({
      status: 403,
      code: 'current_password_incorrect',
    });
  }
}

/**
 * Checks a one-time password against the member's active registrations (or the one named): the
 * code must match a time step after the last accepted one, and that step is then recorded with a
 * compare-and-set, so a code is accepted once whatever the concurrency (T17). Returns the
 * registration it matched, or undefined. The member's budget counts failed codes only: each
 * attempt is counted before it is checked and an accepted code gives its count back.
 */
export async function acceptOtpCode(
  context: MemberWriteContext,
  state: MemberState,
  code: string,
  now: Date,
  otpIds: readonly string[] = activeOtpIds(state),
): Promise<string | undefined> {
  const memberSeq = state.memberSeq ?? 0;
  const bucket = `otp:${memberSeq}`;
  await enforceRateLimit(context, bucket, rateLimits.otpPerMember, now);
  const accepted = await matchingOtp(context, memberSeq, code, now, otpIds);
  if (accepted !== undefined)
    await refundRateLimit(context.db, bucket, rateLimits.otpPerMember, now);
  return accepted;
}

async function matchingOtp(
  context: MemberWriteContext,
  memberSeq: number,
  code: string,
  now: Date,
  otpIds: readonly string[],
): Promise<string | undefined> {
  for (const otpId of otpIds) {
    const stored = await readOtpSecret(context.db, otpId, memberSeq);
    if (stored === undefined) continue;
    const seed = openOtpSeed(context.identity.secrets.otpSeedKey, otpId, stored.ciphertext);
    const step = await matchOtpCode(seed, code, now.getTime(), stored.lastAcceptedStep);
    if (step !== undefined && (await acceptOtpStep(context.db, otpId, step))) return otpId;
  }
  return undefined;
}

/** Where settings require an OTP for `action` and the member has one, a valid `otp_token`. */
export async function requireOtpFor(
  context: MemberWriteContext,
  action: OtpRequiredAction,
  state: MemberState,
  settings: IdentitySettings,
  otpToken: string | undefined,
  now: Date,
): Promise<void> {
  if (!isOtpRequired(action, state, settings)) return;
  if (otpToken === undefined) {
    throw new ProblemError({ status: 403, code: 'otp_token_required' });
  }
  if ((await acceptOtpCode(context, state, otpToken, now)) === undefined) {
    throw new ProblemError({
      status: 422,
      code: 'otp_invalid',
    });
  }
}

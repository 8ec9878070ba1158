import { createHash } from 'node:crypto';
import {
  hashPassword,
  loginSourceHash,
  needsRehash,
  verifyDecoy,
  verifyPassword,
} from '@ledger/auth';
import type { TokenRequest } from '@ledger/contracts';
import { ProblemError } from '@ledger/http';
import {
  activeOtpIds,
  type IdentitySettings,
  isOtpRequired,
  type LoginAttempted,
  type LoginResult,
  loginAttemptStream,
  type MemberState,
} from '@ledger/identity';
import {
  findMemberSeq,
  hitRateLimit,
  isKnownLoginSource,
  normalizeIdentifier,
  readPasswordHash,
  rehashCredential,
  rememberLoginSource,
  resetRateLimit,
} from '@ledger/identity-store';
import { type CommandContext, handleCommand } from './command-handling.ts';
import { acceptOtpCode, rateLimited } from './credential-checks.ts';
import { loadMember, type MemberWriteContext } from './member-command-runner.ts';
import { rateLimits } from './rate-limits.ts';
import { type IssuedTokens, startSession } from './session-service.ts';
import { loadSettings } from './settings-source.ts';

export type LoginOutcome = { kind: 'logged_in'; tokens: IssuedTokens } | { kind: 'otp_required' };

type Attempt = { memberSeq: number | null; context: CommandContext };

/**
 * POST /auth/token (SPEC §4, §7): password, then the one-time password when the answer says
 * `otp_token_required`. Every attempt is logged (a LoginAttempted event; IP and user agent in the
 * request-metadata table). Rate limits are counted before any hash is computed; an unknown
 * identifier costs the same hash time as a wrong password.
 */
export async function logIn(
  context: MemberWriteContext,
  request: TokenRequest,
  commandContext: CommandContext,
): Promise<LoginOutcome> {
  const { db, identity } = context;
  const now = commandContext.now;
  const settings = await loadSettings(identity.eventStore);
  const memberSeq =
    (await findMemberSeq(db, settings['member.loginIdentifier'], request.user_id)) ?? null;
  const attempt: Attempt = {
    memberSeq,
    context: { ...commandContext, subjectMemberSeq: memberSeq },
  };
  await enforceLoginLimits(context, attempt, request.user_id, now);
  const state = memberSeq === null ? undefined : await loadMember(identity, memberSeq);
  const passwordOk = await checkPassword(context, state, request.password);
  if (state === undefined || !passwordOk) return refuse(context, attempt, 'invalid_credentials');
  if (state.isDenied) return refuse(context, attempt, 'denied');
  if (isOtpRequired('login', state, settings) && request.otp_token === undefined) {
    await logAttempt(context, attempt, 'otp_required', null);
    return { kind: 'otp_required' };
  }
  // A code sent by a member with an OTP is always checked, required or not: it marks the session
  // as opened with a second factor (administrator routes may demand that).
  const checksOtp = request.otp_token !== undefined && activeOtpIds(state).length > 0;
  if (
    checksOtp &&
    (await acceptOtpCode(context, state, request.otp_token ?? '', now)) === undefined
  ) {
    return refuse(context, attempt, 'otp_invalid');
  }
  return succeed(context, attempt, state, settings, checksOtp);
}

async function succeed(
  context: MemberWriteContext,
  attempt: Attempt,
  state: MemberState,
  settings: IdentitySettings,
  usedOtp: boolean,
): Promise<LoginOutcome> {
  const memberSeq = state.memberSeq ?? 0;
  const now = attempt.context.now;
  const tokens = await startSession(context, { memberSeq, usedOtp, settings, now });
  const source = loginSourceHash(
    context.identity.secrets.loginSourceKey,
    attempt.context.clientAddress ?? '',
  );
  await rememberLoginSource(context.db, memberSeq, source, now);
  await resetRateLimit(
    context.db,
    accountSourceBucket(String(memberSeq), attempt.context.clientAddress),
  );
  await logAttempt(context, attempt, 'succeeded', tokens.sessionId);
  return { kind: 'logged_in', tokens };
}

async function checkPassword(
  context: MemberWriteContext,
  state: MemberState | undefined,
  password: string,
): Promise<boolean> {
  if (state === undefined || state.status !== 'active' || state.credentialId === undefined) {
    return verifyDecoy(password);
  }
  const memberSeq = state.memberSeq ?? 0;
  const hash = await readPasswordHash(context.db, state.credentialId, memberSeq);
  if (hash === undefined) return verifyDecoy(password);
  const ok = await verifyPassword(hash, password);
  if (ok && needsRehash(hash)) {
    await rehashCredential(context.db, state.credentialId, await hashPassword(password));
  }
  return ok;
}

function accountSourceBucket(account: string, clientAddress: string | null): string {
  return `login:account-source:${account}:${clientAddress ?? 'unknown'}`;
}

/** The three login budgets (rate-limits.ts), counted atomically before any hashing. */
async function enforceLoginLimits(
  context: MemberWriteContext,
  attempt: Attempt,
  identifier: string,
  now: Date,
): Promise<void> {
  const address = attempt.context.clientAddress ?? 'unknown';
  // An unknown identifier still gets a budget, under a hash of its normalized form.
  const account =
    attempt.memberSeq === null
      ? `unknown-${createHash('sha256').update(normalizeIdentifier(identifier)).digest('hex').slice(0, 32)}`
      : String(attempt.memberSeq);
  const checks = [
    hitRateLimit(context.db, `login:address:${address}`, rateLimits.loginPerAddress, now),
    hitRateLimit(
      context.db,
      accountSourceBucket(account, address),
      rateLimits.loginPerAccountAndAddress,
      now,
    ),
  ];
  if (
    attempt.memberSeq !== null &&
    !(await isKnownSource(context, attempt.memberSeq, address, now))
  ) {
    checks.push(
      hitRateLimit(
        context.db,
        `login:account:${attempt.memberSeq}`,
        rateLimits.loginPerAccountFromUnknownSources,
        now,
      ),
    );
  }
  const refused = (await Promise.all(checks)).filter((outcome) => !outcome.allowed);
  if (refused.length === 0) return;
  await logAttempt(context, attempt, 'rate_limited', null);
  throw rateLimited(Math.max(...refused.map((outcome) => outcome.retryAfterSeconds)));
}

async function isKnownSource(
  context: MemberWriteContext,
  memberSeq: number,
  address: string,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - rateLimits.knownSourceDays * 24 * 3_600 * 1_000);
  const source = loginSourceHash(context.identity.secrets.loginSourceKey, address);
  return isKnownLoginSource(context.db, memberSeq, source, since);
}

async function refuse(
  context: MemberWriteContext,
  attempt: Attempt,
  result: Exclude<LoginResult, 'succeeded' | 'otp_required' | 'rate_limited'>,
): Promise<never> {
  await logAttempt(context, attempt, result, null);
  if (result === 'denied') {
    throw new ProblemError({ status: 403, code: 'member_denied' });
  }
  if (result === 'otp_invalid') {
    throw new ProblemError({
      status: 401,
      code: 'otp_invalid',
    });
  }
  throw new ProblemError({
    status: 401,
    code: 'invalid_credentials',
  });
}

/** One LoginAttempted event in its own stream (no contention between attempts). */
async function logAttempt(
  context: MemberWriteContext,
  attempt: Attempt,
  result: LoginResult,
  sessionId: string | null,
): Promise<void> {
  const attemptId = context.identity.newId();
  const event: LoginAttempted = {
    type: 'LoginAttempted',
    data: {
      attemptId,
      memberSeq: attempt.memberSeq,
      result,
      sessionId,
      attemptedAt: attempt.context.now.toISOString(),
    },
  };
  await handleCommand(
    { eventStore: context.identity.eventStore, db: context.db },
    loginAttemptStream(attemptId),
    { initial: () => null, evolve: () => null },
    () => ({ kind: 'accepted', events: [event] }),
    {
      ...attempt.context,
      commandId: context.identity.newId(),
      actor: attempt.memberSeq === null ? 'system:visitor' : `member:${attempt.memberSeq}`,
    },
  );
}

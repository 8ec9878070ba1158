import {
  isAuthenticRefreshToken,
  makeRefreshToken,
  newFamilySecret,
  parseRefreshToken,
  refreshCookieName,
  refreshCookiePath,
} from '@ledger/auth';
import { ProblemError } from '@ledger/http';
import { decideRefresh, type IdentitySettings } from '@ledger/identity';
import {
  insertSession,
  revokeSession,
  rotateSession,
  withLockedSession,
} from '@ledger/identity-store';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { MemberWriteContext } from './member-command-runner.ts';

export type IssuedTokens = {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  refreshExpiresAt: Date;
};

/** Opens a session (a new refresh family) and issues its first tokens. */
export async function startSession(
  { identity, db }: MemberWriteContext,
  input: { memberSeq: number; usedOtp: boolean; settings: IdentitySettings; now: Date },
): Promise<IssuedTokens & { sessionId: string }> {
  const sessionId = identity.newId();
  const familySecret = newFamilySecret();
  const refreshExpiresAt = new Date(
    input.now.getTime() + input.settings['auth.refreshTokenLifetimeSeconds'] * 1_000,
  );
  await insertSession(db, {
    sessionId,
    memberSeq: input.memberSeq,
    familySecret,
    usedOtp: input.usedOtp,
    createdAt: input.now,
    absoluteExpiresAt: refreshExpiresAt,
  });
  const access = await identity.tokens.issuer.issue({
    memberSeq: input.memberSeq,
    sessionId,
    usedOtp: input.usedOtp,
    lifetimeSeconds: input.settings['auth.accessTokenLifetimeSeconds'],
    now: input.now,
  });
  return {
    sessionId,
    accessToken: access.token,
    expiresIn: access.expiresIn,
    refreshToken: makeRefreshToken(identity.secrets.refreshTokenKey, familySecret, sessionId, 0),
    refreshExpiresAt,
  };
}

const invalidRefresh = () => new ProblemError({ status: 401, code: 'refresh_token_invalid' });

/**
 * Rotates a refresh token (T19): the current generation gets the next one; the previous one,
 * within the grace window, gets the current one back; any other reuse revokes the whole family.
 * The family row is locked for the decision, so concurrent refreshes yield at most one rotation.
 */
export async function refreshSession(
  { identity, db }: MemberWriteContext,
  presented: string,
  settings: IdentitySettings,
  now: Date,
): Promise<IssuedTokens> {
  const parsed = parseRefreshToken(presented);
  if (parsed === undefined) throw invalidRefresh();
  const key = identity.secrets.refreshTokenKey;
  const outcome = await withLockedSession(db, parsed.sessionId, async (trx, session) => {
    if (session === undefined || !isAuthenticRefreshToken(key, session.familySecret, parsed)) {
      return { kind: 'invalid' as const };
    }
    const decision = decideRefresh(
      session,
      parsed.generation,
      now.toISOString(),
      settings['auth.refreshGraceSeconds'],
    );
    if (decision.kind === 'rotate')
      await rotateSession(trx, session.sessionId, decision.generation, now);
    if (decision.kind === 'reuse')
      await revokeSession(trx, session.sessionId, now, 'refresh_reuse');
    return { kind: decision.kind, session, decision };
  });
  if (outcome.kind === 'reuse') {
    throw new ProblemError({
      status: 401,
      code: 'refresh_token_reused',
    });
  }
  if (outcome.kind !== 'rotate' && outcome.kind !== 'grace') throw invalidRefresh();
  const { session, decision } = outcome;
  if (!('generation' in decision)) throw invalidRefresh();
  const access = await identity.tokens.issuer.issue({
    memberSeq: session.memberSeq,
    sessionId: session.sessionId,
    usedOtp: session.usedOtp,
    lifetimeSeconds: settings['auth.accessTokenLifetimeSeconds'],
    now,
  });
  return {
    accessToken: access.token,
    expiresIn: access.expiresIn,
    refreshToken: makeRefreshToken(
      key,
      session.familySecret,
      session.sessionId,
      decision.generation,
    ),
    refreshExpiresAt: new Date(session.absoluteExpiresAt),
  };
}

/** Ends the session a refresh token names, if it is authentic (logout without an access token). */
export async function endSessionOfRefreshToken(
  { identity, db }: MemberWriteContext,
  presented: string,
  now: Date,
): Promise<void> {
  const parsed = parseRefreshToken(presented);
  if (parsed === undefined) return;
  await withLockedSession(db, parsed.sessionId, async (trx, session) => {
    if (session === undefined) return;
    if (!isAuthenticRefreshToken(identity.secrets.refreshTokenKey, session.familySecret, parsed)) {
      return;
    }
    await revokeSession(trx, session.sessionId, now, 'logout');
  });
}

/**
 * The refresh cookie (DESIGN.md §5): HttpOnly, Secure, SameSite=Strict, sent only to
 * /api/v1/auth, living as long as the session's absolute expiry.
 */
export function setRefreshCookie(c: Context, tokens: IssuedTokens, now: Date): void {
  setCookie(c, refreshCookieName, tokens.refreshToken, {
    path: refreshCookiePath,
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    maxAge: Math.max(0, Math.floor((tokens.refreshExpiresAt.getTime() - now.getTime()) / 1_000)),
  });
}

export function clearRefreshCookie(c: Context): void {
  deleteCookie(c, refreshCookieName, {
    path: refreshCookiePath,
    secure: true,
    httpOnly: true,
    sameSite: 'Strict',
  });
}

export function refreshCookieOf(c: Context): string | undefined {
  return getCookie(c, refreshCookieName);
}

import { optionalPrincipalOf, refreshRequestHeader } from '@ledger/auth';
import { TokenRequestSchema } from '@ledger/contracts';
import { ProblemError, validate } from '@ledger/http';
import { revokeSession } from '@ledger/identity-store';
import { type Context, Hono } from 'hono';
import { enforceRateLimit } from '../credential-checks.ts';
import { logIn } from '../login-service.ts';
import type { MemberWriteContext } from '../member-command-runner.ts';
import { rateLimits } from '../rate-limits.ts';
import { commandContext } from '../request-context.ts';
import {
  clearRefreshCookie,
  endSessionOfRefreshToken,
  type IssuedTokens,
  refreshCookieOf,
  refreshSession,
  setRefreshCookie,
} from '../session-service.ts';
import { loadSettings } from '../settings-source.ts';

function tokenAnswer(tokens: IssuedTokens) {
  return { token: tokens.accessToken, token_type: 'Bearer' as const, expires_in: tokens.expiresIn };
}

/** The refresh call must carry the custom header (DESIGN.md §5: no cross-site use). */
function requireRefreshHeader(c: Context): void {
  if (c.req.header(refreshRequestHeader.name) !== refreshRequestHeader.value) {
    throw new ProblemError({
      status: 403,
      code: 'refresh_header_missing',
      params: { header: refreshRequestHeader.name },
    });
  }
}

/** POST /auth/token, /auth/token/refresh, /auth/logout (SPEC §7, DESIGN.md §5). */
export function authRoutes(context: MemberWriteContext) {
  const { identity } = context;
  return new Hono()
    .post('/auth/token', validate('json', TokenRequestSchema), async (c) => {
      const request = c.req.valid('json');
      const outcome = await logIn(context, request, commandContext(c, identity, null));
      if (outcome.kind === 'otp_required') return c.json({ otp_token_required: true as const });
      setRefreshCookie(c, outcome.tokens, identity.now());
      return c.json(tokenAnswer(outcome.tokens));
    })
    .post('/auth/token/refresh', async (c) => {
      requireRefreshHeader(c);
      const now = identity.now();
      const address = identity.clientAddress(c);
      await enforceRateLimit(context, `refresh:${address}`, rateLimits.refreshPerAddress, now);
      const presented = refreshCookieOf(c);
      try {
        if (presented === undefined) {
          throw new ProblemError({ status: 401, code: 'refresh_token_invalid' });
        }
        const settings = await loadSettings(identity.eventStore);
        const tokens = await refreshSession(context, presented, settings, now);
        setRefreshCookie(c, tokens, now);
        return c.json(tokenAnswer(tokens));
      } catch (error) {
        clearRefreshCookie(c);
        throw error;
      }
    })
    .post('/auth/logout', async (c) => {
      const now = identity.now();
      const principal = optionalPrincipalOf(c);
      if (principal !== undefined) {
        await revokeSession(context.db, principal.sessionId, now, 'logout');
      } else {
        // Without a valid access token the refresh cookie names the session. It is SameSite=Strict,
        // so a cross-site request never carries it: no custom header is needed to end a session.
        const presented = refreshCookieOf(c);
        if (presented !== undefined) await endSessionOfRefreshToken(context, presented, now);
      }
      clearRefreshCookie(c);
      return c.body(null, 204);
    });
}

import { createHmac } from 'node:crypto';
import { type Authorizer, createAuthorizer } from '@ledger/auth';
import type { Db } from '@ledger/db';
import { identityDb } from '@ledger/identity-store';
import type { Logger } from '@ledger/runtime';
import type { Hono } from 'hono';
import { httpIdempotency } from './http-idempotency.ts';
import type { IdentityWriteDependencies } from './identity-dependencies.ts';
import type { MemberWriteContext } from './member-command-runner.ts';
import {
  adminMemberGroupRoutes,
  adminRoleRoutes,
  adminSettingRoutes,
} from './routes/admin-access-routes.ts';
import { adminConfigRoutes } from './routes/admin-config-routes.ts';
import { adminMemberFlagRoutes, adminMemberGrantRoutes } from './routes/admin-member-routes.ts';
import { adminOAuth2ClientRoutes } from './routes/admin-oauth2-client-routes.ts';
import { authRoutes } from './routes/auth-routes.ts';
import { memberRoutes } from './routes/member-routes.ts';
import { otpRoutes } from './routes/otp-routes.ts';
import { recoveryRoutes } from './routes/recovery-routes.ts';
import { loadSettings } from './settings-source.ts';

/**
 * The authorization middleware for every route of the write API (deny by default, from the one
 * route table in @ledger/identity). Mounted before any route, so it runs before body validation.
 * Returned for the direct routes, which take the same decisions with the same caches.
 */
export function mountAuthorization(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env.
  app: Hono<any>,
  dependencies: { db: Db; logger: Logger; identity: IdentityWriteDependencies },
): Authorizer {
  const { identity } = dependencies;
  const authorizer = createAuthorizer({
    service: 'write',
    db: identityDb(dependencies.db),
    verifier: identity.tokens.verifier,
    now: identity.now,
    accessPolicy: async () => ({
      administratorOtpRequired: (await loadSettings(identity.eventStore))[
        'auth.administratorOtpRequired'
      ],
    }),
    onRefused: (refusal) => dependencies.logger.warn('authorization refused', refusal),
  });
  app.use(authorizer.middleware);
  return authorizer;
}

/** Identity's write routes under /api/v1. */
export function mountIdentityRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env.
  app: Hono<any>,
  dependencies: { db: Db; identity: IdentityWriteDependencies },
): void {
  const context: MemberWriteContext = {
    identity: dependencies.identity,
    db: identityDb(dependencies.db),
  };
  const routeApps = [
    authRoutes(context),
    memberRoutes(context),
    recoveryRoutes(context),
    otpRoutes(context),
    adminMemberFlagRoutes(context),
    adminMemberGrantRoutes(context),
    adminMemberGroupRoutes(context),
    adminRoleRoutes(context),
    adminSettingRoutes(context),
    adminConfigRoutes(context),
    adminOAuth2ClientRoutes(context),
  ];
  // Idempotency-Key on identity commands (registered before them, so it wraps them); not on the
  // commands whose answer is a secret shown once (an OTP seed, a client secret: never kept).
  const secretAnswers = new Set([
    'POST /api/v1/otp',
    'POST /api/v1/admin/oauth2-client',
    'POST /api/v1/admin/oauth2-client/:clientId/secret',
  ]);
  const covered = new Set(
    routeApps.flatMap((routes) =>
      routes.routes
        .filter((route) => route.method !== 'ALL')
        .map((route) => `${route.method} /api/v1${route.path}`)
        .filter((route) => !secretAnswers.has(route)),
    ),
  );
  const requestHashKey = createHmac('sha256', dependencies.identity.secrets.verificationCodeKey)
    .update('write-api http-idempotency request hash')
    .digest();
  app.use(httpIdempotency(dependencies.db, covered, requestHashKey));
  for (const routes of routeApps) app.route('/api/v1', routes);
}

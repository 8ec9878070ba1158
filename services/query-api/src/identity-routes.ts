import { authorization } from '@ledger/auth';
import type { Db } from '@ledger/db';
import {
  brokerageProjectionName,
  identityDb,
  identityProjectionName,
  oauth2ClientProjectionName,
} from '@ledger/identity-store';
import type { Logger } from '@ledger/runtime';
import type { Hono } from 'hono';
import type { IdentityReadDependencies } from './identity-dependencies.ts';
import { readYourWrites } from './read-your-writes.ts';
import { adminConfigurationRoutes, adminGroupAndRoleRoutes } from './routes/admin-access-routes.ts';
import { adminLogRoutes } from './routes/admin-log-routes.ts';
import { adminMemberListRoutes, adminMemberTabRoutes } from './routes/admin-member-routes.ts';
import { adminOAuth2ClientRoutes } from './routes/admin-oauth2-client-routes.ts';
import { brokerageRoutes } from './routes/brokerage-routes.ts';
import { constantRoutes } from './routes/constant-routes.ts';
import { developmentRoutes } from './routes/development-routes.ts';
import { memberRoutes } from './routes/member-routes.ts';
import { readSettings } from './settings-reader.ts';

/**
 * The authorization middleware for every route of the query API (deny by default, from the one
 * route table in @ledger/identity), then read-your-writes (`?after=`), before any route.
 */
export function mountAuthorization(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env.
  app: Hono<any>,
  dependencies: { db: Db; logger: Logger; identity: IdentityReadDependencies },
): void {
  const db = identityDb(dependencies.db);
  app.use(
    authorization({
      service: 'query',
      db,
      verifier: dependencies.identity.verifier,
      now: dependencies.identity.now,
      accessPolicy: async () => ({
        administratorOtpRequired: (await readSettings(db))['auth.administratorOtpRequired'],
      }),
      onRefused: (refusal) => dependencies.logger.warn('authorization refused', refusal),
    }),
  );
  const waitForIdentity = readYourWrites(dependencies, [identityProjectionName]);
  const waitForBrokerages = readYourWrites(dependencies, [brokerageProjectionName]);
  const waitForClients = readYourWrites(dependencies, [
    identityProjectionName,
    oauth2ClientProjectionName,
  ]);
  app.use('/api/v1/*', (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (path.startsWith('/api/v1/brokerage')) return waitForBrokerages(c, next);
    if (path.endsWith('/oauth2-client') || path.startsWith('/api/v1/admin/oauth2-client')) {
      return waitForClients(c, next);
    }
    return waitForIdentity(c, next);
  });
}

/** Identity's read routes under /api/v1. */
export function mountIdentityRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env.
  app: Hono<any>,
  dependencies: { db: Db; identity: IdentityReadDependencies },
): void {
  const db = identityDb(dependencies.db);
  const now = dependencies.identity.now;
  const routes = [
    constantRoutes(db),
    memberRoutes(db),
    brokerageRoutes(db),
    adminMemberListRoutes(db, now),
    adminMemberTabRoutes(db, now),
    adminLogRoutes(db, now),
    adminGroupAndRoleRoutes(db),
    adminConfigurationRoutes(db),
    adminOAuth2ClientRoutes(db, now),
  ];
  if (dependencies.identity.development) routes.push(developmentRoutes(db));
  for (const group of routes) app.route('/api/v1', group);
}

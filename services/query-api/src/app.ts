import type { Db } from '@ledger/db';
import { createServiceApp, healthRoutes } from '@ledger/http';
import type { Logger } from '@ledger/runtime';
import type { IdentityReadDependencies } from './identity-dependencies.ts';
import { mountAuthorization, mountIdentityRoutes } from './identity-routes.ts';
import { limits } from './limits.ts';
import { apiReferenceRoutes } from './routes/api-reference-routes.ts';
import { mountCsRoutes } from './routes/cs-routes.ts';
import { mountKycRoutes } from './routes/kyc-routes.ts';
import { mountLedgerRoutes } from './routes/ledger-routes.ts';

export { QueryApiEnvSchema } from './env.ts';
export type { IdentityReadDependencies } from './identity-dependencies.ts';
export { createIdentityReadDependencies } from './identity-from-environment.ts';
export { createQueryDb } from './query-db.ts';
export type QueryApiDependencies = { db: Db; logger: Logger; identity: IdentityReadDependencies };

/**
 * The query-api as a Hono app. Reads: validate → authorize → read-model query (kysely, read-only) → response.
 * Feature routes are mounted under /api/v1 by the issues that own them.
 */
export function createApp(dependencies: QueryApiDependencies) {
  const app = createServiceApp({
    service: 'query-api',
    logger: dependencies.logger,
    bodySizeMax: limits.bodySizeMax,
  });
  // Before every route: each one is checked against the route table (deny by default).
  mountAuthorization(app, dependencies);
  const health = healthRoutes({ service: 'query-api', db: dependencies.db });
  app.route('/', health);
  app.route('/api/v1', health);
  mountIdentityRoutes(app, dependencies);
  mountLedgerRoutes(app, dependencies);
  mountKycRoutes(app, dependencies);
  mountCsRoutes(app, dependencies);
  app.route('/api/v1', apiReferenceRoutes(app));
  return app;
}

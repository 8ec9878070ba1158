import type { Db } from '@ledger/db';
import { createServiceApp, healthRoutes } from '@ledger/http';
import type { Logger } from '@ledger/runtime';
import { limits } from './limits.ts';

export type QueryApiDependencies = { db: Db; logger: Logger };

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
  const health = healthRoutes({ service: 'query-api', db: dependencies.db });
  app.route('/', health);
  app.route('/api/v1', health);
  return app;
}

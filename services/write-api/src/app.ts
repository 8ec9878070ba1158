import type { Db } from '@ledger/db';
import { createServiceApp, healthRoutes } from '@ledger/http';
import type { Logger } from '@ledger/runtime';
import { limits } from './limits.ts';

export type WriteApiDependencies = { db: Db; logger: Logger };

/**
 * The write-api as a Hono app. Commands: validate (zod) → authorize → command → append; money commands go to the ledger writer.
 * Feature routes are mounted under /api/v1 by the issues that own them.
 */
export function createApp(dependencies: WriteApiDependencies) {
  const app = createServiceApp({
    service: 'write-api',
    logger: dependencies.logger,
    bodySizeMax: limits.bodySizeMax,
  });
  const health = healthRoutes({ service: 'write-api', db: dependencies.db });
  app.route('/', health);
  app.route('/api/v1', health);
  return app;
}

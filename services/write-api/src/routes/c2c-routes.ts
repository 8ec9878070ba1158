import { createHmac } from 'node:crypto';
import type { Hono } from 'hono';
import { httpIdempotency } from '../http-idempotency.ts';
import { c2cApplicationRoutes } from './c2c-application-routes.ts';
import { c2cDealRoutes } from './c2c-deal-routes.ts';
import { c2cMarketRoutes } from './c2c-market-routes.ts';
import type { LedgerWriteContext } from './ledger-write-context.ts';

/**
 * The C2C write routes under /api/v1: every command asks for an Idempotency-Key and the write
 * API's middleware (registered before them, so it wraps them) answers a retry with the first
 * answer, so nothing is decided twice.
 */
export function mountC2cRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env.
  app: Hono<any>,
  context: LedgerWriteContext,
): void {
  const routeApps = [
    c2cMarketRoutes(context),
    c2cDealRoutes(context),
    c2cApplicationRoutes(context),
  ];
  const covered = new Set(
    routeApps.flatMap((routes) =>
      routes.routes
        .filter((route) => route.method !== 'ALL')
        .map((route) => `${route.method} /api/v1${route.path}`),
    ),
  );
  const requestHashKey = createHmac('sha256', context.identity.secrets.verificationCodeKey)
    .update('write-api http-idempotency request hash')
    .digest();
  app.use(httpIdempotency(context.db, covered, requestHashKey));
  for (const routes of routeApps) app.route('/api/v1', routes);
}

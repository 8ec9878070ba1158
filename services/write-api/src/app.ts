import type { Db } from '@ledger/db';
import { addDirectRoute, createServiceApp, healthRoutes } from '@ledger/http';
import type { IdentityProvider } from '@ledger/kyc-store';
import type { Logger } from '@ledger/runtime';
import type { IdentityWriteDependencies } from './identity-dependencies.ts';
import { mountAuthorization, mountIdentityRoutes } from './identity-routes.ts';
import { limits } from './limits.ts';
import { apiReferenceRoutes } from './routes/api-reference-routes.ts';
import { mountC2cRoutes } from './routes/c2c-routes.ts';
import { chainDevelopmentRoutes } from './routes/chain-development-routes.ts';
import { mountCsRoutes } from './routes/cs-routes.ts';
import { mountKycRoutes } from './routes/kyc-routes.ts';
import { ledgerDirectRoutes } from './routes/ledger-direct-routes.ts';
import { mountLedgerRoutes } from './routes/ledger-routes.ts';
import {
  createLedgerWriteContext,
  type LedgerWriteDependencies,
} from './routes/ledger-write-context.ts';

export { c2cApplicationResumable } from './c2c-process/c2c-application-process.ts';
export { c2cDealResumable } from './c2c-process/c2c-deal-process.ts';
export type { IdentityWriteDependencies } from './identity-dependencies.ts';
export {
  createIdentityWriteDependencies,
  type IdentityKeyConfiguration,
} from './identity-from-environment.ts';
export { purgeIdentityRecords, startIdentityRetention } from './identity-retention.ts';
export {
  recomputeSecurityLevel,
  securityLevelReactorName,
  startKycWorkers,
} from './kyc-security-level-reactor.ts';
export { limits } from './limits.ts';
export type { Mail, Mailer } from './mail/mailer.ts';
export {
  adjustmentResumableOf,
  startAdjustmentResumer,
} from './routes/ledger-adjustment-resumer.ts';
export { ledgerPolicyMaxAgeMs } from './routes/ledger-policy-source.ts';
export type { LedgerPolicy, LedgerWriteDependencies } from './routes/ledger-write-context.ts';
export { changeSettingAsSystem, grantChiefAdministrator } from './system-commands.ts';
export type WriteApiDependencies = {
  db: Db;
  logger: Logger;
  identity: IdentityWriteDependencies;
  /** The ledger writer; without it the ledger routes answer 503. */
  ledger?: LedgerWriteDependencies | undefined;
  /** Development mode: mounts the simulated chain's control. Never in production. */
  development?: boolean | undefined;
  /** The real-name authority; by default the simulated one. */
  kyc?: { identityProvider?: IdentityProvider | undefined } | undefined;
};

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
  // Before every route: each one is checked against the route table (deny by default).
  const authorizer = mountAuthorization(app, dependencies);
  const health = healthRoutes({ service: 'write-api', db: dependencies.db });
  app.route('/', health);
  app.route('/api/v1', health);
  mountIdentityRoutes(app, dependencies);
  const ledger = createLedgerWriteContext(dependencies);
  mountLedgerRoutes(app, ledger);
  // The money routes also answered straight from node:http when served (serveApp; same behaviour).
  for (const route of ledgerDirectRoutes(ledger, authorizer)) addDirectRoute(app, route);
  if (dependencies.development === true) {
    app.route('/api/v1', chainDevelopmentRoutes(dependencies));
  }
  mountKycRoutes(app, dependencies);
  // C2C escrow trading: markets, deals and applications.
  mountC2cRoutes(app, ledger);
  mountCsRoutes(app, dependencies);
  app.route('/api/v1', apiReferenceRoutes(app));
  return app;
}

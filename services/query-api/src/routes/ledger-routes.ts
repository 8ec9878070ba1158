import { assetsProjectionName } from '@ledger/assets-store';
import { c2cProjectionName } from '@ledger/c2c-store';
import type { Db } from '@ledger/db';
import {
  ledgerBalancesProjectionName,
  ledgerProfilesProjectionName,
} from '@ledger/ledger-projections';
import { withdrawalsProjectionName } from '@ledger/withdrawals-store';
import type { Hono } from 'hono';
import type { IdentityReadDependencies } from '../identity-dependencies.ts';
import { readYourWrites } from '../read-your-writes.ts';
import { assetReadRoutes } from './asset-routes.ts';
import { c2cQueryRoutes } from './c2c-query-routes.ts';
import { depositReadRoutes } from './deposit-routes.ts';
import { ledgerAccountRoutes } from './ledger-account-routes.ts';
import { ledgerAdminRoutes } from './ledger-admin-routes.ts';
import { withdrawQueryRoutes } from './withdraw-query-routes.ts';

/**
 * The ledger's read routes under /api/v1. `?after=<position>` waits for both ledger
 * projections, so a write's position (money, title, status note, adjustment) is visible after it.
 */
export function mountLedgerRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env.
  app: Hono<any>,
  dependencies: { db: Db; identity: IdentityReadDependencies },
): void {
  const context = {
    db: dependencies.db,
    now: dependencies.identity.now,
    waitForLedger: readYourWrites(dependencies, [
      ledgerBalancesProjectionName,
      ledgerProfilesProjectionName,
    ]),
  };
  app.route('/api/v1', ledgerAccountRoutes(context));
  app.route('/api/v1', ledgerAdminRoutes(context));
  // Withdrawals: `?after=` waits for the withdrawals and ledger projections.
  app.route(
    '/api/v1',
    withdrawQueryRoutes({
      db: dependencies.db,
      now: dependencies.identity.now,
      waitForWithdrawals: readYourWrites(dependencies, [
        ledgerBalancesProjectionName,
        withdrawalsProjectionName,
      ]),
    }),
  );
  // Assets, plug-ins and deposits: `?after=` waits for the assets projection.
  const assets = {
    db: dependencies.db,
    now: dependencies.identity.now,
    waitForAssets: readYourWrites(dependencies, [assetsProjectionName]),
  };
  app.route('/api/v1', assetReadRoutes(assets));
  app.route('/api/v1', depositReadRoutes(assets));
  // C2C escrow trading: `?after=` waits for the c2c projection.
  app.route(
    '/api/v1',
    c2cQueryRoutes({
      db: dependencies.db,
      now: dependencies.identity.now,
      waitForC2c: readYourWrites(dependencies, [c2cProjectionName]),
    }),
  );
}

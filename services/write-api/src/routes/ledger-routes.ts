import type { Hono } from 'hono';
import { assetRoutes } from './asset-routes.ts';
import { depositRoutes } from './deposit-routes.ts';
import { ledgerAccountRoutes } from './ledger-account-routes.ts';
import { ledgerAdjustmentRoutes } from './ledger-adjustment-routes.ts';
import { ledgerAdminAccountRoutes } from './ledger-admin-account-routes.ts';
import { ledgerReconciliationRoutes } from './ledger-reconciliation-routes.ts';
import type { LedgerWriteContext } from './ledger-write-context.ts';
import { withdrawAdminRoutes } from './withdraw-admin-routes.ts';
import { withdrawRoutes } from './withdraw-routes.ts';

/**
 * The ledger's write routes under /api/v1: always mounted, so the route table and the
 * app agree; without a writer in the dependencies they answer 503 ledger_unavailable.
 */
export function mountLedgerRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env.
  app: Hono<any>,
  context: LedgerWriteContext,
): void {
  for (const routes of [
    ledgerAccountRoutes(context),
    ledgerAdminAccountRoutes(context),
    ledgerAdjustmentRoutes(context),
    // The on-demand run of the continuous reconciliation (T25).
    ledgerReconciliationRoutes(context),
    // Assets, plug-ins and deposits.
    assetRoutes(context),
    // Withdrawals.
    withdrawRoutes(context),
    withdrawAdminRoutes(context),
    depositRoutes(context),
  ]) {
    app.route('/api/v1', routes);
  }
}

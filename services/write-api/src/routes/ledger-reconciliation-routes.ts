import { principalOf } from '@ledger/auth';
import {
  type ReconciliationRun as ReconciliationRunAnswer,
  ReconciliationRunRequestSchema,
} from '@ledger/contracts';
import { ProblemError, validate } from '@ledger/http';
import {
  alertOnDiscrepancy,
  createLedgerFollower,
  type ReconciliationRun,
  reconciliationRunView,
  runReconciliation,
} from '@ledger/ledger-projections';
import { walletHoldingsSource } from '@ledger/withdrawals-store';
import { Hono } from 'hono';
import type { LedgerWriteContext } from './ledger-write-context.ts';

/**
 * The on-demand run of the continuous reconciliation (T25; docs/adr/0020) for auditors and
 * administrators: the same run the projector schedules, now, stored like the others, and answered
 * with its result (201). It replays the ledger from its first event with a replay of its own that
 * is dropped afterwards (the write API keeps no ledger in memory), so one run at a time per
 * process: a second request meanwhile is told 409 `reconciliation_running`. Nothing is decided or
 * appended, so no Idempotency-Key: running it twice is two runs.
 */

const alreadyRunning = () =>
  new ProblemError({
    status: 409,
    code: 'reconciliation_running',
  });

export function ledgerReconciliationRoutes(context: LedgerWriteContext) {
  let running: Promise<ReconciliationRun> | undefined;
  return new Hono().post(
    '/admin/ledger-reconciliation',
    validate('json', ReconciliationRunRequestSchema),
    async (c) => {
      if (running !== undefined) throw alreadyRunning();
      running = runReconciliation({
        db: context.db,
        follower: createLedgerFollower(context.identity.eventStore),
        holdings: walletHoldingsSource(context.db, context.identity.eventStore),
      });
      try {
        const run = await running;
        alertOnDiscrepancy(
          context.logger.child({ requestedBy: principalOf(c).memberSeq }),
          run,
          'on_demand',
        );
        c.header('cache-control', 'no-store');
        return c.json({ data: reconciliationRunView(run) satisfies ReconciliationRunAnswer }, 201);
      } finally {
        running = undefined;
      }
    },
  );
}

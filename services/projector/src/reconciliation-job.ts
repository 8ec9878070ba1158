import type { EventStore } from '@ledger/event-store';
import {
  alertOnDiscrepancy,
  createLedgerFollower,
  followLiveCheckpoint,
  type HoldingsSource,
  type LedgerFollower,
  type ReconciliationRun,
  runReconciliation,
} from '@ledger/ledger-projections';
import type { LeaderLocks } from '@ledger/projection-runner';
import type { Logger } from '@ledger/runtime';
import type { Kysely } from 'kysely';

export { reconciliationAlertCode } from '@ledger/ledger-projections';

/** One instance at a time runs the check (the other projector instances skip their tick). */
export const reconciliationLockKey = 'ledger-reconciliation';

/** The job's state as the projector reports it, like `lag()`: the health signal of T25. */
export type ReconciliationHealth = {
  /** The newest run this process finished (undefined: none yet, or another instance runs it). */
  last: Pick<
    ReconciliationRun,
    'runId' | 'status' | 'startedAt' | 'finishedAt' | 'checkedPosition' | 'findingsTotal' | 'counts'
  > | null;
  /** Runs with a discrepancy since this process started. */
  discrepancies: number;
  /** Ticks that failed (I/O), and the last error. */
  failures: number;
  lastError: string | null;
};

export type ReconciliationJob = {
  /** One run now (unless this process is already running one, or another instance holds the lock). */
  tick(): Promise<ReconciliationRun | undefined>;
  health(): ReconciliationHealth;
  stop(): Promise<void>;
};

/**
 * The scheduled continuous reconciliation (T25; docs/adr/0020), in the projector: every
 * `intervalMs` it runs `runReconciliation` under an advisory lock, with one replay kept in memory
 * across runs (only the events since the previous run are folded). A discrepancy is logged as an
 * error with `code: ledger_reconciliation_discrepancy` and counted in `health()`; a failed tick
 * (database down) is a warning and the next tick tries again. A slow run is not stacked on.
 */
export function createReconciliationJob<DB>(options: {
  db: Kysely<DB>;
  eventStore: EventStore;
  logger: Logger;
  locks?: LeaderLocks;
  intervalMs: number;
  /**
   * Between runs, the replay is folded up to the live balances checkpoint this often (default
   * 1 s; 0: only in runs): a run then folds only the last second's events. Folded once a run,
   * a minute of events at thousands a second was seconds of the projector's CPU at once, a
   * latency spike across the box (docs/performance.md, "Seventh pass").
   */
  followIntervalMs?: number;
  holdings?: HoldingsSource;
  /** Start ticking on a timer (default true); tests call tick() themselves. */
  autoStart?: boolean;
}): ReconciliationJob {
  const { logger } = options;
  let follower: LedgerFollower = createLedgerFollower(options.eventStore);
  const health: ReconciliationHealth = {
    last: null,
    discrepancies: 0,
    failures: 0,
    lastError: null,
  };
  let running: Promise<ReconciliationRun | undefined> | undefined;
  let following: Promise<void> | undefined;
  /** Whether this instance ran the last run (with several instances, only the lock's holder follows). */
  let leading = options.locks === undefined;

  async function runOnce(): Promise<ReconciliationRun | undefined> {
    const leadership = options.locks
      ? await options.locks.tryAcquire(reconciliationLockKey)
      : undefined;
    leading = options.locks === undefined || leadership !== undefined;
    if (!leading) return undefined;
    await following;
    try {
      const run = await runReconciliation({
        db: options.db as Kysely<unknown>,
        follower,
        ...(options.holdings ? { holdings: options.holdings } : {}),
      });
      health.last = {
        runId: run.runId,
        status: run.status,
        startedAt: run.startedAt,
        finishedAt: run.finishedAt,
        checkedPosition: run.checkedPosition,
        findingsTotal: run.findingsTotal,
        counts: run.counts,
      };
      if (run.status === 'discrepancy') health.discrepancies += 1;
      alertOnDiscrepancy(logger, run, 'scheduled');
      return run;
    } catch (error) {
      health.failures += 1;
      health.lastError = String(error);
      // The replay may have stopped part-way through an event: start it over next time.
      follower = createLedgerFollower(options.eventStore);
      logger.warn('ledger reconciliation run failed', { error: String(error) });
      return undefined;
    } finally {
      await leadership?.release();
    }
  }

  /** Folds the kept replay up to the live checkpoint; never during a run, never two at once. */
  async function follow(): Promise<void> {
    if (running !== undefined || following !== undefined || !leading) return;
    following = (async () => {
      try {
        await followLiveCheckpoint(options.db as Kysely<unknown>, follower);
      } catch (error) {
        // As after a failed run: the replay may have stopped part-way through an event.
        follower = createLedgerFollower(options.eventStore);
        logger.warn('ledger reconciliation replay failed', { error: String(error) });
      }
    })().finally(() => {
      following = undefined;
    });
    await following;
  }

  function tick(): Promise<ReconciliationRun | undefined> {
    if (running) return running;
    running = runOnce().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer =
    options.autoStart === false
      ? undefined
      : setInterval(() => void tick(), Math.max(1, options.intervalMs));
  timer?.unref();
  const followIntervalMs = options.followIntervalMs ?? 1_000;
  const followTimer =
    options.autoStart === false || followIntervalMs === 0
      ? undefined
      : setInterval(() => void follow(), followIntervalMs);
  followTimer?.unref();

  return {
    tick,
    health: () => ({ ...health }),
    async stop() {
      clearInterval(timer);
      clearInterval(followTimer);
      await following;
      await running;
    },
  };
}

import type { EventStore } from '@ledger/event-store';
import type { HoldingsSource } from '@ledger/ledger-projections';
import {
  createProjectionRunner,
  createRunnerGroup,
  eventStoreWakeUps,
  LeaderLocks,
  type Projection,
  type ProjectionLag,
  type ProjectionRunner,
  pooledLockSessions,
  type RunnerStatus,
  type WakeUps,
} from '@ledger/projection-runner';
import type { Logger } from '@ledger/runtime';
import type { Kysely } from 'kysely';
import {
  createReconciliationJob,
  type ReconciliationHealth,
  type ReconciliationJob,
} from './reconciliation-job.ts';

export type ProjectorOptions<DB> = {
  db: Kysely<DB>;
  eventStore: EventStore;
  projections: readonly Projection<DB>[];
  logger: Logger;
  /** Aborting it stops every runner; `done` resolves when they all have. */
  signal: AbortSignal;
  /**
   * Leader locks on a direct connection (never through PgBouncer in transaction mode). Default: one
   * connection pinned from `db`'s pool for the projector's lifetime.
   */
  locks?: LeaderLocks;
  /** Default: hints from the store's own live subscription. */
  wakeUps?: WakeUps;
  /** Events per transaction (≤ 500). */
  batchSize?: number;
  /** See ProjectionRunnerOptions.durableCommits (default true). */
  durableCommits?: boolean;
  /** See RunnerGroupOptions.headReadDelayMs (default 0: no wait). */
  headReadDelayMs?: number;
  /**
   * The continuous reconciliation of the ledger (T25, docs/adr/0020): every `intervalMs`, under
   * the leader locks so one instance runs it. Absent: not run by this projector.
   */
  reconciliation?: { intervalMs: number; holdings?: HoldingsSource; autoStart?: boolean };
};

export type Projector = {
  status(): RunnerStatus[];
  lag(): Promise<ProjectionLag[]>;
  /** The reconciliation job's last run and counters (undefined when it does not run here). */
  reconciliation(): ReconciliationHealth | undefined;
  /** The job itself (tests and an on-demand run call `tick`). */
  reconciliationJob: ReconciliationJob | undefined;
  /** Resolves once every runner ended and the leader session is closed. */
  done: Promise<void>;
};

/**
 * Runs every given projection with the projection runner: one leader per projection across all
 * instances, exactly-once batches, a stopped projection reported and left stopped while the
 * others go on. With no projections it idles until stopped.
 */
export function startProjector<DB>(options: ProjectorOptions<DB>): Projector {
  const { db, eventStore, projections, logger, signal } = options;
  assertUniqueNames(projections);
  const ownsLocks = options.locks === undefined;
  const locks = options.locks ?? new LeaderLocks(pooledLockSessions(db), { logger });
  const wakeUps =
    options.wakeUps ??
    (projections.length > 0 ? eventStoreWakeUps(eventStore, { signal, logger }) : undefined);
  // One read of the log per wake-up for every runner at the head, one statement for the
  // checkpoints moved past filtered-out events (docs/performance.md, "Projector").
  const group = createRunnerGroup(
    db,
    eventStore,
    options.headReadDelayMs === undefined ? {} : { headReadDelayMs: options.headReadDelayMs },
  );
  const runners: ProjectionRunner[] = projections.map((projection) =>
    createProjectionRunner({
      db,
      eventStore,
      projection,
      locks,
      logger,
      group,
      ...(wakeUps ? { wakeUps } : {}),
      ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
      ...(options.durableCommits === undefined ? {} : { durableCommits: options.durableCommits }),
    }),
  );
  logger.info('projector starting', {
    projections: projections.map((p) => `${p.name}@${p.version}`),
  });
  const reconciliation =
    options.reconciliation === undefined
      ? undefined
      : createReconciliationJob({
          db,
          eventStore,
          logger: logger.child({ job: 'ledger-reconciliation' }),
          locks,
          intervalMs: options.reconciliation.intervalMs,
          ...(options.reconciliation.holdings ? { holdings: options.reconciliation.holdings } : {}),
          ...(options.reconciliation.autoStart === undefined
            ? {}
            : { autoStart: options.reconciliation.autoStart }),
        });
  const runs = runners.map((runner, index) =>
    runner.run(signal).catch((error: unknown) => {
      // Runners retry I/O themselves; reaching this is a bug, and the other projections go on.
      logger.error('projection runner crashed', {
        projection: projections[index]?.name,
        error: String(error),
      });
    }),
  );
  const done = (async () => {
    await Promise.all(runs);
    if (!signal.aborted) await waitForAbort(signal);
    await reconciliation?.stop();
    if (ownsLocks) await locks.close();
    logger.info('projector stopped');
  })();
  return {
    status: () => runners.map((runner) => runner.status()),
    lag: () => Promise.all(runners.map((runner) => runner.lag())),
    reconciliation: () => reconciliation?.health(),
    reconciliationJob: reconciliation,
    done,
  };
}

function assertUniqueNames(projections: readonly { name: string }[]): void {
  const seen = new Set<string>();
  for (const { name } of projections) {
    if (seen.has(name)) throw new RangeError(`projection ${name} is registered twice`);
    seen.add(name);
  }
}

function waitForAbort(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) =>
    signal.addEventListener('abort', () => resolve(), { once: true }),
  );
}

import { setTimeout as delay } from 'node:timers/promises';
import type { EventStore, GlobalPosition, RecordedEvent } from '@ledger/event-store';
import type { Logger } from '@ledger/runtime';
import type { Kysely } from 'kysely';
import { BatchPipeline } from './batch-pipeline.ts';
import { ApplyError, CheckpointConflictError, CheckpointRegressionError } from './errors.ts';
import { openFailure, type ProjectionFailure, recordFailure } from './failures.ts';
import { measureLag, type ProjectionLag } from './lag.ts';
import type { LeaderLocks, Leadership } from './leader-locks.ts';
import { keyOf, type Projection, type ProjectionKey } from './projection.ts';
import { type RegistrationStatus, registerProjection, swapIfCaughtUp } from './registry.ts';
import type { RunnerGroup } from './runner-group.ts';
import { isTransientError } from './transient-errors.ts';
import { createDoorbell, type Doorbell, type WakeUps } from './wake-ups.ts';

export type ProjectionRunnerOptions<DB> = {
  db: Kysely<DB>;
  eventStore: EventStore;
  projection: Projection<DB>;
  /** The process's leader locks (one session for all its runners). */
  locks: LeaderLocks;
  logger: Logger;
  wakeUps?: WakeUps;
  /** Events per transaction; ≤ 500 keeps each transaction short (guide §4.3). */
  batchSize?: number;
  /** Idle polling backs off from min to max; wake-ups cut it short. */
  idleDelayMs?: { min: number; max: number };
  /** Back-off after an I/O failure. */
  retryDelayMs?: { initial: number; max: number };
  /** How often a standby instance tries to become leader. */
  leaderRetryMs?: number;
  /** How often a stopped projection checks whether its failure was resolved. */
  stoppedRecheckMs?: number;
  /**
   * Wait for the WAL flush at each batch commit (default true). False suits a pure read model: a
   * server crash may then lose the last few hundred milliseconds of batches, each read-model change
   * together with its checkpoint, and they are projected again. Keep it true for a projection that
   * something relies on right after a restart (e.g. command outcomes for idempotency).
   */
  durableCommits?: boolean;
  /**
   * Shared by the runners of one process (startProjector makes one): at the head, one read of
   * the log and one statement for the checkpoints moved past filtered-out events, for every
   * runner that asks in the same turn. Default: a group of its own.
   */
  group?: RunnerGroup;
};

export type RunnerState = 'starting' | 'standby' | 'running' | 'stopped' | 'retired' | 'closed';

export type RunnerStatus = {
  projection: string;
  version: number;
  state: RunnerState;
  registration: RegistrationStatus | undefined;
  caughtUp: boolean;
  checkpoint: GlobalPosition | undefined;
  eventsApplied: number;
  batches: number;
  conflicts: number;
  failure: ProjectionFailure | undefined;
};

export type ProjectionRunner = {
  /** Runs until `signal` aborts or the version is retired; a stopped projection keeps waiting. */
  run(signal: AbortSignal): Promise<void>;
  status(): RunnerStatus;
  lag(): Promise<ProjectionLag>;
};

type LeadOutcome = 'retired' | 'ended';

/** Runs one projection version: leader election, batches, poison stop, rebuild swap. */
export function createProjectionRunner<DB>(options: ProjectionRunnerOptions<DB>): ProjectionRunner {
  const runner = new Runner(options);
  return {
    run: (signal) => runner.run(signal),
    status: () => ({ ...runner.status }),
    lag: () => measureLag(options.db, options.eventStore, keyOf(options.projection)),
  };
}

class Runner<DB> {
  readonly status: RunnerStatus;
  #options: ProjectionRunnerOptions<DB>;
  #key: ProjectionKey;
  #logger: Logger;
  #settings: {
    batchSize: number;
    idle: { min: number; max: number };
    retry: { initial: number; max: number };
    leaderRetryMs: number;
    stoppedRecheckMs: number;
  };

  constructor(options: ProjectionRunnerOptions<DB>) {
    this.#options = options;
    this.#key = keyOf(options.projection);
    this.#logger = options.logger.child({ ...this.#key });
    this.status = {
      ...this.#key,
      state: 'starting',
      registration: undefined,
      caughtUp: false,
      checkpoint: undefined,
      eventsApplied: 0,
      batches: 0,
      conflicts: 0,
      failure: undefined,
    };
    this.#settings = {
      batchSize: options.batchSize ?? 500,
      idle: options.idleDelayMs ?? { min: 5, max: options.wakeUps ? 1_000 : 100 },
      retry: options.retryDelayMs ?? { initial: 100, max: 5_000 },
      leaderRetryMs: options.leaderRetryMs ?? 1_000,
      stoppedRecheckMs: options.stoppedRecheckMs ?? 5_000,
    };
  }

  async run(signal: AbortSignal): Promise<void> {
    const { db, projection } = this.#options;
    const registration = await this.#retrying('registration', signal, () =>
      registerProjection(db, projection),
    );
    this.status.registration = registration;
    if (registration === 'retired') {
      this.status.state = 'retired';
      this.#logger.warn('a newer version of this projection is registered; not running this one');
      return;
    }
    while (!signal.aborted && registration !== undefined) {
      const leadership = await this.#acquire(signal);
      if (!leadership) break;
      this.#logger.info('leading', { registration: this.status.registration });
      try {
        const outcome = await this.#lead(AbortSignal.any([signal, leadership.lost]));
        if (outcome === 'retired') {
          this.status.state = 'retired';
          this.status.registration = 'retired';
          this.#logger.info('retired: a newer version was swapped in');
          return;
        }
        if (!signal.aborted)
          this.#logger.warn('leadership lost', { reason: String(leadership.lost.reason) });
      } finally {
        await leadership.release();
      }
    }
    this.status.state = 'closed';
  }

  async #acquire(signal: AbortSignal): Promise<Leadership | undefined> {
    const lockKey = `${this.#key.projection}@${this.#key.version}`;
    this.status.state = 'standby';
    while (!signal.aborted) {
      const leadership = await this.#retrying('leader lock', signal, () =>
        this.#options.locks.tryAcquire(lockKey),
      );
      if (leadership) return leadership;
      this.status.state = 'standby';
      await delay(this.#settings.leaderRetryMs, undefined, { signal }).catch(() => undefined);
    }
    return undefined;
  }

  async #lead(signal: AbortSignal): Promise<LeadOutcome> {
    this.status.state = 'running';
    this.status.failure = await this.#readFailure(signal);
    const { db, eventStore, projection } = this.#options;
    const pipeline = new BatchPipeline(db, eventStore, projection, {
      durable: this.#options.durableCommits ?? true,
      ...(this.#options.group ? { group: this.#options.group } : {}),
    });
    const loop = {
      isolateUntil: undefined as GlobalPosition | undefined,
      idleMs: this.#settings.idle.min,
      failures: 0,
    };
    const bell = createDoorbell(this.#options.wakeUps);
    try {
      return await this.#batches(signal, pipeline, loop, bell);
    } finally {
      bell.dispose();
    }
  }

  /**
   * Full batches follow each other at once; a runner that caught up waits for a hint or the idle
   * poll. A hint that came while it read or committed (since its last wait) sends it straight back
   * to reading: one read, however many hints came.
   */
  async #batches(
    signal: AbortSignal,
    pipeline: BatchPipeline<DB>,
    loop: { isolateUntil: GlobalPosition | undefined; idleMs: number; failures: number },
    bell: Doorbell,
  ): Promise<LeadOutcome> {
    while (!signal.aborted) {
      if (this.status.failure) {
        await this.#awaitResolution(signal);
        continue;
      }
      const batch: { events: readonly RecordedEvent[]; from: GlobalPosition | undefined } = {
        events: [],
        from: undefined,
      };
      try {
        const maxCount = loop.isolateUntil === undefined ? this.#settings.batchSize : 1;
        const outcome = await pipeline.next(maxCount, (events, from) =>
          Object.assign(batch, { events, from }),
        );
        loop.failures = 0;
        if (outcome.kind === 'retired') return 'retired';
        if (outcome.kind === 'advanced') {
          this.#advanced(outcome.position, outcome.events);
          if (loop.isolateUntil !== undefined && outcome.position >= loop.isolateUntil)
            loop.isolateUntil = undefined;
          loop.idleMs = this.#settings.idle.min;
          // A page that reached the head: the next read waits for a hint (one that came during
          // the batch is kept) or the first poll, as after a hint, instead of coming back empty.
          if (!outcome.atHead || loop.isolateUntil !== undefined) continue;
        }
        await this.#caughtUp(outcome.position);
        const woken = await bell.wait(onGrid(loop.idleMs, this.#settings.idle.min), signal);
        // After a hint, poll again soon: its events may still sit behind an older open
        // transaction (the visibility horizon), and no further hint need come for them.
        loop.idleMs =
          woken === 'rung'
            ? this.#settings.idle.min
            : Math.min(this.#settings.idle.max, loop.idleMs * 2);
      } catch (error) {
        await this.#onBatchError(signal, error, batch, loop);
      }
    }
    return 'ended';
  }

  #advanced(position: GlobalPosition, events: number): void {
    this.status.batches += 1;
    this.status.eventsApplied += events;
    this.status.checkpoint = position;
    this.status.caughtUp = false;
  }

  async #caughtUp(position: GlobalPosition | undefined): Promise<void> {
    this.status.checkpoint = position;
    this.status.caughtUp = true;
    if (
      this.status.registration === 'building' &&
      (await swapIfCaughtUp(this.#options.db, this.#options.projection))
    ) {
      this.status.registration = 'live';
      this.#logger.info('rebuilt version caught up and swapped in');
    }
  }

  async #onBatchError(
    signal: AbortSignal,
    error: unknown,
    batch: { events: readonly RecordedEvent[]; from: GlobalPosition | undefined },
    loop: { isolateUntil: GlobalPosition | undefined; failures: number },
  ): Promise<void> {
    if (error instanceof CheckpointConflictError) {
      // Another instance moved the checkpoint (a zombie leader): re-read, never double-apply.
      this.status.conflicts += 1;
      this.#logger.warn('checkpoint conflict; batch rolled back', { expected: error.expected });
    } else if (error instanceof CheckpointRegressionError) {
      await this.#stop(signal, batch.from, undefined, error);
    } else if (error instanceof ApplyError && !isTransientError(error.cause)) {
      const last = batch.events.at(-1);
      if (batch.events.length > 1 && last?.position !== undefined) {
        // Find the event at fault: the events before it still commit, one per transaction.
        loop.isolateUntil = last.position;
        this.#logger.warn('batch failed; retrying one event at a time', { error: error.message });
      } else {
        await this.#stop(signal, batch.from, batch.events[0], error.cause);
      }
    } else {
      loop.failures += 1;
      const waitMs = Math.min(
        this.#settings.retry.max,
        this.#settings.retry.initial * 2 ** (loop.failures - 1),
      );
      this.#logger.warn('batch failed; retrying', {
        error: String(error),
        attempt: loop.failures,
        waitMs,
      });
      await delay(waitMs, undefined, { signal }).catch(() => undefined);
    }
  }

  async #stop(
    signal: AbortSignal,
    from: GlobalPosition | undefined,
    event: RecordedEvent | undefined,
    error: unknown,
  ): Promise<void> {
    const { db } = this.#options;
    const input = { checkpoint: from, event, error };
    this.status.failure = await this.#retrying('recording the failure', signal, () =>
      recordFailure(db, this.#key, input),
    );
    this.status.state = 'stopped';
    this.#logger.error('projection stopped: an event could not be applied', {
      checkpoint: from,
      eventId: event?.id,
      eventType: event?.type,
      stream: event?.streamName,
      revision: event?.revision.toString(),
      position: event?.position,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
  }

  /** While stopped: wait for an operator to resolve the failure, then retry the same event. */
  async #awaitResolution(signal: AbortSignal): Promise<void> {
    this.status.state = 'stopped';
    while (!signal.aborted) {
      await delay(this.#settings.stoppedRecheckMs, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) return;
      if ((await this.#readFailure(signal)) === undefined) {
        this.status.failure = undefined;
        this.status.state = 'running';
        this.#logger.info('projection resumed after its failure was resolved');
        return;
      }
    }
  }

  async #readFailure(signal: AbortSignal): Promise<ProjectionFailure | undefined> {
    const open = await this.#retrying(
      'reading failures',
      signal,
      async () => (await openFailure(this.#options.db, this.#key)) ?? null,
    );
    // undefined: aborted while retrying, so nothing new is known; null: no open failure.
    if (open === undefined) return this.status.failure;
    return open ?? undefined;
  }

  async #retrying<T>(
    what: string,
    signal: AbortSignal,
    action: () => Promise<T>,
  ): Promise<T | undefined> {
    for (let attempt = 1; !signal.aborted; attempt += 1) {
      try {
        return await action();
      } catch (error) {
        const waitMs = Math.min(
          this.#settings.retry.max,
          this.#settings.retry.initial * 2 ** (attempt - 1),
        );
        this.#logger.warn(`${what} failed; retrying`, { error: String(error), attempt, waitMs });
        await delay(waitMs, undefined, { signal }).catch(() => undefined);
      }
    }
    return undefined;
  }
}

/**
 * The wait until the first multiple of `grid` ms (on the process's clock) at least `ms` from now:
 * idle runners of one process poll in the same turn, so the runner group serves them with one
 * read, instead of each runner's poll landing on its own millisecond.
 */
export function onGrid(ms: number, grid: number): number {
  if (!(grid >= 1)) return ms;
  const now = performance.now();
  return Math.max(1, Math.ceil(Math.ceil((now + ms) / grid) * grid - now));
}

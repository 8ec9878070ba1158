import { setTimeout as delay } from 'node:timers/promises';
import type { EventStore } from '@ledger/event-store';
import { processLimits } from './limits.ts';

/**
 * The one resumer worker: it runs every process type given to it. Each round it takes the
 * processes it was nudged about, and every `intervalMs` each type's work list (processes with a
 * next step, from that type's read model), and runs each of them (runProcess: every step it can
 * take now). A nudge is either a call to `nudge` (in the same process) or an append to a process
 * stream by anyone else (the API recording a request): the resumer watches the process streams'
 * categories on the event store's live subscription. Every step is idempotent, so a process run
 * twice, by two resumers or twice in one round, does no harm: the stream's expected revision
 * serialises the records, the derived command ids the money.
 */

/** The part of a logger the resumer writes to. */
export type ResumerLogger = {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
};

export type ResumableProcess = {
  /** The process type (logs, nudges). */
  name: string;
  /** Every process stream of the type is `streamPrefix` + the process id. */
  streamPrefix: string;
  /** The actor of the type's own records: its appends are no nudge (its run goes on by itself). */
  actor: string;
  /**
   * Whether another actor's append nudges it (default true). False for a type whose API runs the
   * process itself right after recording (the resumer then takes only what its work list shows
   * was left), so the two never race for the same step.
   */
  nudgedByAppends?: boolean;
  /** Process ids with a next step, at most `limit` (the type's read model). */
  pending(limit: number): Promise<string[]>;
  /** Takes the process's steps (runProcess). */
  run(processId: string): Promise<unknown>;
  /** An error that means the step waits (an outage, a freeze): logged, retried on a later round. */
  waits?(error: unknown): boolean;
};

export type ProcessResumer = {
  /** Runs the process soon (in this round or the next one). */
  nudge(name: string, processId: string): void;
  /** Resolves once the watch has its starting position: every append after it is a nudge. */
  ready: Promise<void>;
  stop(): Promise<void>;
};

export function startProcessResumer(options: {
  eventStore: EventStore;
  processes: readonly ResumableProcess[];
  logger: ResumerLogger;
  intervalMs?: number;
  /** Work beside the steps every poll (e.g. reconciling sent withdrawals against the chain). */
  chores?: readonly { name: string; run(): Promise<unknown> }[];
  /** Watch the process streams for nudges (default true). */
  watch?: boolean;
}): ProcessResumer {
  const { logger, processes } = options;
  const intervalMs = options.intervalMs ?? processLimits.pollIntervalMs;
  const stopping = new AbortController();
  const nudged = new Map<ResumableProcess, Set<string>>();
  let wake: (() => void) | undefined;
  const nudge = (process: ResumableProcess, processId: string) => {
    const ids = nudged.get(process) ?? new Set<string>();
    ids.add(processId);
    nudged.set(process, ids);
    wake?.();
  };

  async function runOne(process: ResumableProcess, processId: string): Promise<void> {
    try {
      await process.run(processId);
    } catch (error) {
      const waits = process.waits?.(error) ?? false;
      logger[waits ? 'info' : 'warn'](`${process.name} waits for a later round`, {
        processId,
        error: String(error),
      });
    }
  }

  async function poll(): Promise<void> {
    for (const process of processes) {
      const ids = await process.pending(processLimits.pendingMax).catch((error: unknown) => {
        logger.warn(`${process.name} work list unreadable; retrying later`, {
          error: String(error),
        });
        return [];
      });
      for (const id of ids) nudge(process, id);
    }
    for (const chore of options.chores ?? []) {
      await chore.run().catch((error: unknown) => {
        logger.warn(`${chore.name} failed; retrying later`, { error: String(error) });
      });
    }
  }

  async function drain(): Promise<void> {
    while (nudged.size > 0 && !stopping.signal.aborted) {
      const [process, ids] = nudged.entries().next().value as [ResumableProcess, Set<string>];
      nudged.delete(process);
      for (const id of ids) await runOne(process, id);
    }
  }

  const loop = (async () => {
    let nextPoll = 0;
    while (!stopping.signal.aborted) {
      if (Date.now() >= nextPoll) {
        await poll();
        nextPoll = Date.now() + intervalMs;
      }
      await drain();
      if (nudged.size > 0) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.max(0, nextPoll - Date.now()));
        function done() {
          clearTimeout(timer);
          wake = undefined;
          stopping.signal.removeEventListener('abort', done);
          resolve();
        }
        wake = done;
        stopping.signal.addEventListener('abort', done, { once: true });
      });
    }
  })();
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const watching = options.watch === false ? Promise.resolve(markReady()) : watch();

  /** Nudges each process another actor appended to; restarts after a failure (the poll covers the gap). */
  async function watch(): Promise<void> {
    const watched = processes.filter((process) => process.nudgedByAppends !== false);
    if (watched.length === 0) {
      markReady();
      return;
    }
    const filter = { streamPrefixes: watched.map((process) => process.streamPrefix) };
    while (!stopping.signal.aborted) {
      try {
        const after = await options.eventStore.headPosition();
        markReady();
        const events = options.eventStore.subscribeAll({
          after,
          filter,
          signal: stopping.signal,
          batchSizeMax: 500,
        });
        for await (const item of events) {
          if (item.kind !== 'events') continue;
          for (const event of item.events) {
            const process = watched.find((candidate) =>
              event.streamName.startsWith(candidate.streamPrefix),
            );
            if (process === undefined || event.metadata.actor === process.actor) continue;
            nudge(process, event.streamName.slice(process.streamPrefix.length));
          }
        }
      } catch (error) {
        if (stopping.signal.aborted) return;
        logger.warn('process watch failed; the poll goes on', { error: String(error) });
      }
      await delay(1_000, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  }

  return {
    nudge(name, processId) {
      const process = processes.find((candidate) => candidate.name === name);
      if (process === undefined) throw new Error(`no process type ${name}`);
      nudge(process, processId);
    },
    ready,
    async stop() {
      stopping.abort();
      markReady();
      await Promise.all([loop, watching]);
    },
  };
}

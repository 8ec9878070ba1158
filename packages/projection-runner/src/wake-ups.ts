import { setTimeout as delay } from 'node:timers/promises';
import type { EventStore } from '@ledger/event-store';
import type { Logger } from '@ledger/runtime';
import pg from 'pg';

/** Hints that new events may exist. A hint, never a guarantee: runners also poll. */
export type WakeUps = {
  /** Calls `listener` on the next hint; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
};

/** Hints given by hand (tests; a write API in the same process after each append). */
export function manualWakeUps(): WakeUps & { notify(): void } {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify() {
      for (const listener of [...listeners]) listener();
    },
  };
}

/**
 * Hints from the store's own live subscription (LISTEN/NOTIFY-driven on Postgres, pushed by
 * EventStoreDB): one subscription for every runner of the process, started at the head, events
 * ignored. It restarts after a failure; the runners' polling covers the gap.
 */
export function eventStoreWakeUps(
  eventStore: EventStore,
  options: { signal: AbortSignal; logger: Logger; restartDelayMs?: number },
): WakeUps {
  const hints = manualWakeUps();
  const { signal, logger } = options;
  void (async () => {
    while (!signal.aborted) {
      try {
        const after = await eventStore.headPosition();
        for await (const item of eventStore.subscribeAll({ after, signal, batchSizeMax: 500 })) {
          if (item.kind !== 'caughtUp') hints.notify();
        }
      } catch (error) {
        if (signal.aborted) return;
        logger.warn('wake-up subscription failed; runners keep polling', { error: String(error) });
      }
      await delay(options.restartDelayMs ?? 1_000, undefined, { signal }).catch(() => undefined);
    }
  })();
  return { subscribe: hints.subscribe };
}

/** Resolves on the next hint, after `timeoutMs`, or when `signal` aborts, whichever comes first. */
export function nextWakeUp(
  wakeUps: WakeUps | undefined,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe?.();
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const unsubscribe = wakeUps?.subscribe(done);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * A runner's doorbell on the shared hints, subscribed for the runner's life rather than per wait:
 * a hint that arrives while the runner reads or commits is kept (before, it was lost, and the
 * runner slept until the next hint or its idle poll, up to a second), and any number of hints
 * meanwhile count as one.
 */
export type Doorbell = {
  /** Resolves at once if a hint came since the last wait, else on the next hint, after `timeoutMs`, or on abort. */
  wait(timeoutMs: number, signal: AbortSignal): Promise<'rung' | 'timeout' | 'aborted'>;
  dispose(): void;
};

export function createDoorbell(wakeUps: WakeUps | undefined): Doorbell {
  let rung = false;
  let ring: (() => void) | undefined;
  const unsubscribe = wakeUps?.subscribe(function hint() {
    rung = true;
    ring?.();
  });
  return {
    wait(timeoutMs, signal) {
      if (signal.aborted) return Promise.resolve('aborted');
      if (rung) {
        rung = false;
        return Promise.resolve('rung');
      }
      return new Promise((resolve) => {
        const finish = (outcome: 'rung' | 'timeout' | 'aborted') => {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          ring = undefined;
          rung = false;
          resolve(outcome);
        };
        const onAbort = () => finish('aborted');
        const timer = setTimeout(() => finish('timeout'), timeoutMs);
        signal.addEventListener('abort', onAbort, { once: true });
        ring = () => finish('rung');
      });
    },
    dispose() {
      unsubscribe?.();
      ring?.();
    },
  };
}

/**
 * Hints from the Postgres event store's NOTIFY (sent after each committed append, outside the
 * append's transaction; channel `es_events` by default): one LISTEN connection per process, no
 * events read. Reconnects after a failure; the runners' polling covers the gap.
 */
export function postgresNotifyWakeUps(options: {
  connectionString: string;
  channel?: string;
  signal: AbortSignal;
  logger: Logger;
  reconnectDelayMs?: number;
}): WakeUps {
  const hints = manualWakeUps();
  const { signal, logger } = options;
  const channel = options.channel ?? 'es_events';
  void (async () => {
    while (!signal.aborted) {
      try {
        const reason = await listenUntilLost(
          options.connectionString,
          channel,
          hints.notify,
          signal,
        );
        if (!signal.aborted) logger.warn('wake-up listener lost', { error: String(reason) });
      } catch (error) {
        if (!signal.aborted)
          logger.warn('wake-up listener failed; runners keep polling', { error: String(error) });
      }
      await delay(options.reconnectDelayMs ?? 1_000, undefined, { signal }).catch(() => undefined);
    }
  })();
  return { subscribe: hints.subscribe };
}

/** LISTENs on one connection until it is lost (returns why) or the signal aborts. */
async function listenUntilLost(
  connectionString: string,
  channel: string,
  notify: () => void,
  signal: AbortSignal,
): Promise<unknown> {
  const client = new pg.Client({ connectionString, application_name: 'projector-listen' });
  let onAbort = () => {};
  const lost = new Promise<unknown>((resolve) => {
    client.on('error', resolve);
    client.on('end', () => resolve(new Error('listen connection ended')));
    onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  client.on('notification', notify);
  try {
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    // Appends committed while nobody listened went unannounced.
    notify();
    return await lost;
  } finally {
    signal.removeEventListener('abort', onAbort);
    await client.end().catch(() => {});
  }
}

import type { Logger } from './logger.ts';

const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Stops what a deployable started; runs once, on the first signal. */
export type StopService = (signal: string) => Promise<void> | void;

/**
 * Installs the signal handlers: the first SIGINT/SIGTERM/SIGHUP runs `stop` once, then exits 0
 * (1 if it fails). A second signal while stopping exits at once, so a stuck shutdown can always be
 * interrupted.
 */
function trapSignals(stop: (signal: string) => Promise<void>): void {
  let stopping = false;
  for (const signal of signals) {
    process.on(signal, () => {
      if (stopping) process.exit(130);
      stopping = true;
      stop(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('shutdown failed', error);
          process.exit(1);
        },
      );
    });
  }
}

/**
 * Runs a deployable. The signal handlers go in first, then it logs `starting` and calls `start`;
 * the stop that `start` returns runs on the first signal. A signal that arrives while `start` is
 * still running waits for it to finish, then stops what it started: a SIGTERM at any moment after
 * the `starting` line ends in a clean stop and exit code 0, never in death by signal. A failed start
 * exits 1.
 */
export function runService(
  start: () => Promise<StopService> | StopService,
  options: { logger?: Logger } = {},
): void {
  const { logger } = options;
  let started: Promise<StopService> | undefined;
  trapSignals(async (signal) => {
    logger?.info('stopping', { signal });
    // Handlers run from the event loop, after `started` was assigned below.
    const stop = await (started as Promise<StopService>);
    await stop(signal);
  });
  logger?.info('starting');
  started = Promise.resolve().then(start);
  started.catch((error: unknown) => {
    if (logger) {
      logger.error('start failed', {
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    } else {
      console.error('start failed', error);
    }
    process.exit(1);
  });
}

const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs `stop` once on the first SIGINT/SIGTERM/SIGHUP, then exits. A second signal while stopping
 * exits at once, so a stuck shutdown can always be interrupted.
 */
export function onShutdown(stop: (signal: string) => Promise<void>): void {
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

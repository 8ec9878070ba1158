// Projector benchmark (not a test): starts its own embedded PostgreSQL, fills the event store, then
// times the projection runner (leader lock, batches, compare-and-set checkpoint) over the whole
// log with a trivial projection, and prints where the time went.
// Each run projects the log twice: batch commits waiting for the WAL flush (the default) and not.
// Usage: node scripts/bench-projector.ts [--events 200000] [--batch 500] [--runs 3]
import { randomUUID } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDb, type Db, migrateToLatest, withDatabase } from '@ledger/db';
import type { EventStore, GlobalPosition, NewEvent } from '@ledger/event-store';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { startLocalPostgres } from '@ledger/local-postgres';
import {
  clientLockSessions,
  createProjectionRunner,
  LeaderLocks,
  type Projection,
} from '@ledger/projection-runner';
import { silentLogger } from '@ledger/runtime';
import { sql } from 'kysely';
import pg from 'pg';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '200000' },
    batch: { type: 'string', default: '500' },
    runs: { type: 'string', default: '3' },
  },
});
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
  const server = await startLocalPostgres({
    dataDir: join(root, '.pg', `bench-projector-${process.pid}`),
    persistent: false,
  });
  try {
    const url = await createBenchDatabase(server.url);
    await printMachine(url);
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

await main();

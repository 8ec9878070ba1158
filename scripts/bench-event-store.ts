// Event store benchmark (not a test): starts its own embedded PostgreSQL, migrates it, and prints
// append, catch-up and projector throughput as a markdown table for docs/performance.md.
// Usage: node scripts/bench-event-store.ts [--seconds 5] [--in-flight 2] [--min-split-weight 64]
//        [--catch-up-events 200000] [--no-notify] [--only appends,ledger,reads,catch-up,projector]
//        [--read-sizes 20,50,200,500]
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDb, migrateToLatest, withDatabase } from '@ledger/db';
import type { EventStore, GlobalPosition, NewEvent } from '@ledger/event-store';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { startLocalPostgres } from '@ledger/local-postgres';
import pg from 'pg';

type Row = { workload: string; figure: string; detail: string };

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    'in-flight': { type: 'string', default: '2' },
    'min-split-weight': { type: 'string' },
    'catch-up-events': { type: 'string', default: '200000' },
    'no-notify': { type: 'boolean', default: false },
    only: { type: 'string', default: 'appends,ledger,reads,catch-up,projector' },
    'read-sizes': { type: 'string', default: '20,50,200,500' },
  },
});
const workloads = new Set(args.only.split(','));
const seconds = Number(args.seconds);
const inFlight = Number(args['in-flight']);
const catchUpEvents = Number(args['catch-up-events']);
const root = join(import.meta.dirname, '..');
let postmasterPid = 0;

async function main(): Promise<void> {
  const server = await startLocalPostgres({
    dataDir: join(root, '.pg', `bench-${process.pid}`),
    persistent: false,
  });
  // Ctrl-C or a kill still removes the cluster.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void server.stop().finally(() => process.exit(130)));
  }
  try {
    postmasterPid = Number(
      readFileSync(join(server.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    const url = await createBenchDatabase(server.url);
    await printMachine(url);
    const store = createPostgresEventStore({
      url,
      poolSizeMax: 8,
      groupCommit: {
        maxInFlight: inFlight,
        ...(args['min-split-weight'] === undefined
          ? {}
          : { minSplitWeight: Number(args['min-split-weight']) }),
      },
      notify: !args['no-notify'],
    });
    const rows: Row[] = [];
    try {
      if (workloads.has('appends')) rows.push(...(await benchAllAppends(store)));
      if (workloads.has('ledger')) rows.push(await benchLedgerBatches(store));
      if (workloads.has('reads')) rows.push(...(await benchPageReads(store)));
      if (workloads.has('catch-up') || workloads.has('projector')) await fill(store, catchUpEvents);
      if (workloads.has('catch-up')) {
        rows.push(await benchCatchUp(store));
        rows.push(await benchFilteredCatchUp(store));
        rows.push(await benchSubscribeCatchUp(store));
      }
      if (workloads.has('projector')) rows.push(await benchProjector(store, url));
    } finally {
      await store.close();
    }
    printTable(rows);
    console.log(
      `load average at end: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
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
  const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
    `SELECT name, setting, unit FROM pg_settings WHERE name IN
       ('server_version', 'fsync', 'synchronous_commit', 'wal_sync_method', 'shared_buffers',
        'max_wal_size', 'full_page_writes', 'wal_level')`,
  );
  await client.end();
  console.log(
    `CPU: ${cpus().length} × ${cpus()[0]?.model ?? '?'}; RAM ${Math.round(totalmem() / 2 ** 30)} GiB`,
  );
  console.log(
    `Node ${process.version}; group commit: ${inFlight} flush(es) in flight, split from ${args['min-split-weight'] ?? 'the default'} waiting events`,
  );
  console.log(
    `load average at start: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  for (const { name, setting, unit } of settings.rows)
    console.log(`  ${name} = ${setting}${unit ?? ''}`);
}

function payload(index: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'Bench.AmountMoved',
    data: { index, account: `acc-${index % 1000}`, amount: '123.45000000', asset: 'BTC' },
    metadata: { commandId: randomUUID(), actor: 'system:bench' },
  };
}

async function benchAllAppends(store: EventStore): Promise<Row[]> {
  const rows: Row[] = [];
  for (const eventsPerAppend of [1, 10]) {
    for (const writers of [1, 8, 32])
      rows.push(await benchAppends(store, writers, eventsPerAppend));
  }
  return rows;
}

/** Each writer appends to its own stream at the exact revision it last got back. */
async function benchAppends(
  store: EventStore,
  writers: number,
  eventsPerAppend: number,
): Promise<Row> {
  const run = randomUUID().slice(0, 8);
  const latencies: number[] = [];
  let appends = 0;
  let measuring = false;
  let stop = false;
  const writer = async (index: number) => {
    const stream = `bench-${run}-${index}`;
    let expected: { kind: 'no_stream' } | { kind: 'exact'; revision: bigint } = {
      kind: 'no_stream',
    };
    while (!stop) {
      const events = Array.from({ length: eventsPerAppend }, (_, i) => payload(i));
      const started = performance.now();
      const result = await store.append(stream, events, { expected });
      if (measuring) {
        latencies.push(performance.now() - started);
        appends += 1;
      }
      expected = { kind: 'exact', revision: result.nextExpectedRevision };
    }
  };
  const running = Array.from({ length: writers }, (_, index) => writer(index));
  await sleep(1_000);
  measuring = true;
  const cpu = startCpuMeter();
  const started = performance.now();
  await sleep(seconds * 1_000);
  measuring = false;
  const elapsed = (performance.now() - started) / 1_000;
  const usage = cpu.stop(appends, 'append');
  stop = true;
  await Promise.all(running);
  latencies.sort((a, b) => a - b);
  const perSecond = appends / elapsed;
  return {
    workload: `append, ${writers} writer${writers > 1 ? 's' : ''}, ${eventsPerAppend} event${eventsPerAppend > 1 ? 's' : ''}/append`,
    figure: `${format(perSecond)} appends/s`,
    detail: `${format(perSecond * eventsPerAppend)} events/s; p50 ${quantile(latencies, 0.5)} ms, p99 ${quantile(latencies, 0.99)} ms; ${usage}`,
  };
}

/**
 * CPU used by this Node process and by this benchmark's postgres processes while a workload runs:
 * in cores (1.00 = one core busy), which says which side is the bottleneck, and in µs per unit of
 * work, which other tenants' load on the shared box inflates far less than throughput.
 */
function startCpuMeter(): { stop(units: number, unit: string): string } {
  const node = process.cpuUsage();
  const postgres = postgresCpuSeconds();
  const started = performance.now();
  return {
    stop(units, unit) {
      const seconds = (performance.now() - started) / 1_000;
      const used = process.cpuUsage(node);
      const nodeSeconds = (used.user + used.system) / 1e6;
      const postgresSeconds = postgresCpuSeconds() - postgres;
      const cores = `${(nodeSeconds / seconds).toFixed(2)} / ${(postgresSeconds / seconds).toFixed(2)} cores`;
      const perUnit = `${((nodeSeconds * 1e6) / units).toFixed(1)} / ${((postgresSeconds * 1e6) / units).toFixed(1)} µs per ${unit}`;
      return `CPU node / postgres: ${cores}, ${perUnit}`;
    },
  };
}

/** CPU seconds of this benchmark's postmaster and its children (not other clusters on the box). */
function postgresCpuSeconds(): number {
  const ticksPerSecond = 100;
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // The postmaster's cutime/cstime hold the CPU of backends that have already exited.
      if (Number(entry) === postmasterPid) {
        ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      } else if (Number(fields[1]) === postmasterPid) {
        ticks += Number(fields[11]) + Number(fields[12]);
      }
    } catch {
      // The process ended while we looked.
    }
  }
  return ticks / ticksPerSecond;
}

/** The ledger shape: one writer, large batches to one stream at the exact revision. */
async function benchLedgerBatches(store: EventStore): Promise<Row> {
  const stream = `ledger-bench-${randomUUID().slice(0, 8)}`;
  let expected: { kind: 'no_stream' } | { kind: 'exact'; revision: bigint } = { kind: 'no_stream' };
  let events = 0;
  const latencies: number[] = [];
  const cpu = startCpuMeter();
  const started = performance.now();
  while (performance.now() - started < seconds * 1_000) {
    const batch = Array.from({ length: 1_000 }, (_, i) => payload(i));
    const began = performance.now();
    const result = await store.append(stream, batch, { expected });
    latencies.push(performance.now() - began);
    expected = { kind: 'exact', revision: result.nextExpectedRevision };
    events += batch.length;
  }
  const elapsed = (performance.now() - started) / 1_000;
  latencies.sort((a, b) => a - b);
  return {
    workload: 'append, 1 writer, 1,000 events/append to one stream (ledger batch)',
    figure: `${format(events / elapsed)} events/s`,
    detail: `p50 ${quantile(latencies, 0.5)} ms per 1,000-event append; ${cpu.stop(events, 'event')}`,
  };
}

/**
 * A ledger event as the HTTP benchmark writes them (TransferPosted with one leg, 30 % with a fee
 * leg; the writer's metadata): ~250 B of data and ~320 B of metadata as JSON.
 */
function ledgerEvent(index: number): NewEvent {
  const legs = [
    {
      debit: `acct-${(index * 7) % 2000}`,
      credit: `acct-${(index * 13) % 2000}`,
      amount: '1234.5600',
      asset: 'KRW',
    },
  ];
  if (index % 10 < 3)
    legs.push({
      debit: `acct-${(index * 7) % 2000}`,
      credit: 'fee-KRW',
      amount: '1.2300',
      asset: 'KRW',
    });
  const commandId = randomUUID();
  return {
    id: randomUUID(),
    type: 'TransferPosted',
    data: {
      transferId: `t-${randomUUID()}`,
      legs,
      cause: 'memberTransfer',
      postedAt: new Date(1_790_000_000_000 + index).toISOString(),
    },
    metadata: {
      commandId,
      actor: `member:${index % 100}`,
      bodyHash: randomUUID().replaceAll('-', '').repeat(2),
      correlationId: commandId,
      causationId: commandId,
      requestId: randomUUID(),
    },
  };
}

/**
 * Page reads at the sizes a projector following the head sees (a wake-up per ledger append of
 * ~50 events at 256 HTTP clients; larger pages when it falls behind): 20,000 ledger events in
 * appends of 50, one in ten followed by an event in a member stream; then, for each page size,
 * passes over them in pages of that size (each next page after the previous one's last position,
 * so the store's read-ahead page is the one used next), unfiltered (the runner group's read) and
 * filtered by stream prefix (`ledger`). Postgres and Node CPU per event returned.
 */
async function benchPageReads(store: EventStore): Promise<Row[]> {
  const start = await store.headPosition();
  const ledger = `ledger-${randomUUID().slice(0, 8)}`;
  let expected: { kind: 'no_stream' } | { kind: 'exact'; revision: bigint } = { kind: 'no_stream' };
  for (let append = 0; append < 400; append += 1) {
    const events = Array.from({ length: 50 }, (_, i) => ledgerEvent(append * 50 + i));
    const result = await store.append(ledger, events, { expected });
    expected = { kind: 'exact', revision: result.nextExpectedRevision };
    if (append % 10 === 0) {
      await store.append(`member-${randomUUID()}`, [payload(append)], {
        expected: { kind: 'no_stream' },
      });
    }
  }
  const rows: Row[] = [];
  const sizes = args['read-sizes'].split(',').map(Number);
  const filters = [undefined, { streamPrefixes: ['ledger-'] }];
  for (const filter of filters) {
    for (const size of sizes) {
      let after = start;
      let events = 0;
      let reads = 0;
      const cpu = startCpuMeter();
      const started = performance.now();
      while (performance.now() - started < Math.min(seconds, 3) * 1_000) {
        const page = await store.readAll({ after, maxCount: size, filter });
        events += page.events.length;
        reads += 1;
        after = page.events.length < size ? start : page.lastSeen;
      }
      const elapsed = (performance.now() - started) / 1_000;
      rows.push({
        workload: `read pages of ${size}${filter ? ', stream prefix filter' : ''} (ledger events)`,
        figure: `${format(events / elapsed)} events/s`,
        detail: `${(events / reads).toFixed(0)} events per read; ${cpu.stop(events, 'event')}`,
      });
    }
  }
  return rows;
}

/** Tops the store up to `target` events with 1,000-event appends from 4 writers. */
async function fill(store: EventStore, target: number): Promise<void> {
  let total = await countEvents(store);
  const writers = Array.from({ length: 4 }, async (_, index) => {
    const stream = `fill-${randomUUID().slice(0, 8)}-${index}`;
    while (total < target) {
      total += 1_000;
      await store.append(
        stream,
        Array.from({ length: 1_000 }, (_, i) => payload(i)),
        {
          expected: { kind: 'any' },
        },
      );
    }
  });
  await Promise.all(writers);
}

async function countEvents(store: EventStore): Promise<number> {
  let count = 0;
  let after: GlobalPosition | undefined;
  for (;;) {
    const page = await store.readAll({ after, maxCount: 5_000 });
    count += page.events.length;
    if (page.events.length < 5_000) return count;
    after = page.lastSeen;
  }
}

/** readAll from the start in batches of 1,000; the best of three passes (the first warms the cache). */
async function benchCatchUp(store: EventStore): Promise<Row> {
  const rates: number[] = [];
  const usages: string[] = [];
  let events = 0;
  for (let pass = 0; pass < 3; pass += 1) {
    const cpu = startCpuMeter();
    const started = performance.now();
    events = await countEvents1000(store);
    rates.push(events / ((performance.now() - started) / 1_000));
    usages.push(cpu.stop(events, 'event'));
  }
  const best = rates.indexOf(Math.max(...rates));
  return {
    workload: `catch-up read, readAll in batches of 1,000 over ${format(events)} events`,
    figure: `${format(rates[best] ?? 0)} events/s`,
    detail: `passes: ${rates.map(format).join(' / ')} events/s; best pass ${usages[best]}`,
  };
}

async function countEvents1000(store: EventStore): Promise<number> {
  let count = 0;
  let after: GlobalPosition | undefined;
  for (;;) {
    const page = await store.readAll({ after, maxCount: 1_000 });
    count += page.events.length;
    if (page.events.length < 1_000) return count;
    after = page.lastSeen;
  }
}

/**
 * The filtered read path (what a projection with a prefix filter uses): readAll from the start in
 * batches of 1,000 with an event-type prefix every event matches; the best of two passes.
 */
async function benchFilteredCatchUp(store: EventStore): Promise<Row> {
  const rates: number[] = [];
  const usages: string[] = [];
  let events = 0;
  for (let pass = 0; pass < 2; pass += 1) {
    const cpu = startCpuMeter();
    const started = performance.now();
    events = 0;
    let after: GlobalPosition | undefined;
    for (;;) {
      const page = await store.readAll({
        after,
        maxCount: 1_000,
        filter: { eventTypePrefixes: [''] },
      });
      events += page.events.length;
      if (page.events.length < 1_000) break;
      after = page.lastSeen;
    }
    rates.push(events / ((performance.now() - started) / 1_000));
    usages.push(cpu.stop(events, 'event'));
  }
  const best = rates.indexOf(Math.max(...rates));
  return {
    workload: `catch-up read with a filter matching every event, batches of 1,000 over ${format(events)} events`,
    figure: `${format(rates[best] ?? 0)} events/s`,
    detail: `passes: ${rates.map(format).join(' / ')} events/s; best pass ${usages[best]}`,
  };
}

/** subscribeAll from the start until it reports caught up, batches of 1,000. */
async function benchSubscribeCatchUp(store: EventStore): Promise<Row> {
  const controller = new AbortController();
  const cpu = startCpuMeter();
  const started = performance.now();
  let events = 0;
  for await (const item of store.subscribeAll({ batchSizeMax: 1_000, signal: controller.signal })) {
    if (item.kind === 'events') events += item.events.length;
    if (item.kind === 'caughtUp') controller.abort();
  }
  const rate = events / ((performance.now() - started) / 1_000);
  return {
    workload: `catch-up via subscribeAll (batches of 1,000) over ${format(events)} events`,
    figure: `${format(rate)} events/s`,
    detail: cpu.stop(events, 'event'),
  };
}

/**
 * A trivial projector with the guide's §5.1 loop (not the projection runner): read 500 events,
 * then one transaction that upserts one counter row per stream of the batch and compare-and-sets
 * the checkpoint.
 */
async function benchProjector(store: EventStore, url: string): Promise<Row> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE TABLE bench_counts (stream_id text PRIMARY KEY, events bigint NOT NULL);
    CREATE TABLE bench_checkpoint (name text PRIMARY KEY, position text COLLATE "C");
    INSERT INTO bench_checkpoint VALUES ('counts', NULL)`);
  let after: GlobalPosition | undefined;
  let events = 0;
  const cpu = startCpuMeter();
  const started = performance.now();
  for (;;) {
    const page = await store.readAll({ after, maxCount: 500 });
    const last = page.events.at(-1)?.position;
    if (!last) break;
    const counts = new Map<string, number>();
    for (const event of page.events)
      counts.set(event.streamName, (counts.get(event.streamName) ?? 0) + 1);
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO bench_counts SELECT * FROM unnest($1::text[], $2::bigint[])
       ON CONFLICT (stream_id) DO UPDATE SET events = bench_counts.events + excluded.events`,
      [[...counts.keys()], [...counts.values()]],
    );
    const cas = await client.query(
      'UPDATE bench_checkpoint SET position = $1 WHERE name = $2 AND position IS NOT DISTINCT FROM $3',
      [last, 'counts', after ?? null],
    );
    if (cas.rowCount !== 1) throw new Error('checkpoint moved under the projector');
    await client.query('COMMIT');
    after = last;
    events += page.events.length;
  }
  const elapsed = (performance.now() - started) / 1_000;
  await client.end();
  return {
    workload: `trivial projector (§5.1 loop: read 500, upsert per stream, CAS checkpoint) over ${format(events)} events`,
    figure: `${format(events / elapsed)} events/s`,
    detail: `bench-local loop, not packages/projection-runner; ${cpu.stop(events, 'event')}`,
  };
}

function printTable(rows: Row[]): void {
  console.log('\n| Workload | Result | Detail |\n|---|---|---|');
  for (const row of rows) console.log(`| ${row.workload} | ${row.figure} | ${row.detail} |`);
}

function quantile(sorted: number[], q: number): string {
  const value = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
  return value.toFixed(1);
}

function format(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

await main();

// Write API request-path benchmark (not a test): the CPU one POST /account-transfer costs the
// write API itself, with the ledger writer replaced by a stub that answers at once (so only the
// request path is measured: HTTP, Hono, authorization with its session read, zod, the body hash,
// the writer client call and the response). Own embedded PostgreSQL; one member, one session,
// 20 wallet accounts inserted directly into the read model. Prints µs of CPU per request for
// in-process requests (app.fetch, no sockets), for the direct route's handler alone (called as
// serve.ts calls it: what the route adds to node:http) and over HTTP (Debian's `wrk`).
// Usage: node scripts/bench-write-api-path.ts [--requests 20000] [--concurrency 64] [--seconds 5]
//   [--profile <dir>] (a CPU profile of the measured in-process phases and of the HTTP phase)
//   (--seconds 0: the in-process phases only: app.request, and the direct route's handler alone)
//   [--heap-profile <dir>] (a sampling heap profile of the HTTP phase: where the bytes are allocated)
//   [--direct-routes on|off] (off: the money route through Hono too, as before the direct routes)
//   [--writer in-process|socket] (socket: the stub writer in a child process behind the writer's
//   own Unix-socket transport, so the write API's socket client, its JSON and its socket writes
//   are measured too; the child's CPU is not counted) [--writer-delay-ms 0] (socket: answer in
//   batches every N ms, as the writer's commits do, so requests stay in flight as they do end to end)
// Besides CPU per request it prints the garbage collections per request (count and ms, minor and
// major): allocation depends on the code, not on the neighbours, so it is the steadier figure on a
// shared box; and, over HTTP, the CPU of the whole Postgres cluster per request (session reads,
// request-metadata inserts, WAL writer, checkpointer: nothing else writes to it then).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { generateKeyMaterial } from '@ledger/auth';
import { createDb, migrateToLatest, withDatabase } from '@ledger/db';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { type DirectRequest, directRoutesOf, serveApp } from '@ledger/http';
import type { LedgerWriterClient } from '@ledger/ledger-client';
import {
  createSocketClient,
  type LedgerSubmission,
  type SubmitResult,
} from '@ledger/ledger-client';
import { startSocketServer } from '@ledger/ledger-writer-core';
import { startLocalPostgres } from '@ledger/local-postgres';
import { silentLogger } from '@ledger/runtime';
import { createApp, createIdentityWriteDependencies } from '@ledger/write-api';
import { sql } from 'kysely';
import pg from 'pg';
import { requirePrerequisites, wrk } from './bench-prerequisites.ts';
import { postgresTicksByPid } from './postgres-cpu.ts';

// Its HTTP stage drives the write API with wrk: checked before anything starts.
requirePrerequisites('bench-write-api-path', [wrk]);

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '64' },
    seconds: { type: 'string', default: '5' },
    profile: { type: 'string' },
    'heap-profile': { type: 'string' },
    /** `off`: every request through Hono (the comparison with the direct money route). */
    'direct-routes': { type: 'string', default: 'on' },
    writer: { type: 'string', default: 'in-process' },
    'writer-delay-ms': { type: 'string', default: '0' },
    /** Internal: the child process of `--writer socket`. */
    role: { type: 'string', default: 'bench' },
  },
});
const root = join(import.meta.dirname, '..');

/** Runs `work` under the V8 CPU profiler when --profile is given (writes `<dir>/<name>.cpuprofile`). */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (args.profile === undefined) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(args.profile, { recursive: true });
    writeFileSync(join(args.profile, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** Runs `work` under V8's sampling heap profiler when --heap-profile is given. */
async function heapProfiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = args['heap-profile'];
  if (dir === undefined) return work();
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 4_096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  try {
    return await work();
  } finally {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.heapprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

type Collections = {
  minor: number;
  minorMs: number;
  major: number;
  majorMs: number;
  /** Bytes allocated on the JS heap while `work` ran (used heap growth between collections). */
  allocated: number;
};

/** Garbage collections while `work` runs (V8's GCProfiler): count, pause ms, bytes allocated. */
async function collections<T>(work: () => Promise<T>): Promise<{ result: T } & Collections> {
  const totals: Collections = { minor: 0, minorMs: 0, major: 0, majorMs: 0, allocated: 0 };
  const profiler = new v8.GCProfiler();
  const startUsed = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  const result = await work();
  const endUsed = v8.getHeapStatistics().used_heap_size;
  const statistics = profiler.stop()?.statistics ?? [];
  let previousAfter = startUsed;
  for (const gc of statistics) {
    totals.allocated += gc.beforeGC.heapStatistics.usedHeapSize - previousAfter;
    previousAfter = gc.afterGC.heapStatistics.usedHeapSize;
    if (gc.gcType === 'Scavenge' || gc.gcType === 'MinorMarkSweep') {
      totals.minor += 1;
      totals.minorMs += gc.cost / 1_000;
    } else {
      totals.major += 1;
      totals.majorMs += gc.cost / 1_000;
    }
  }
  totals.allocated += endUsed - previousAfter;
  return { result, ...totals };
}

function gcText(gc: Collections, requests: number): string {
  const per1000 = (value: number) => ((value * 1_000) / requests).toFixed(1);
  return (
    `${(gc.allocated / requests / 1_024).toFixed(1)} KiB allocated per request; GC per 1,000 ` +
    `requests: ${per1000(gc.minor)} minor (${per1000(gc.minorMs)} ms), ${per1000(gc.major)} major ` +
    `(${per1000(gc.majorMs)} ms)`
  );
}

/** The stub writer's answer: an accepted TransferPosted, as the writer answers (answers.ts). */
function stubAnswer(submission: LedgerSubmission, revision: number): SubmitResult {
  const data = submission.command.data as Record<string, unknown>;
  return {
    kind: 'answered',
    answer: {
      kind: 'accepted',
      commandId: submission.commandId,
      revision: String(revision),
      events: [
        {
          id: randomUUID(),
          type: 'TransferPosted',
          data: { ...data, postedAt: new Date().toISOString() },
        },
      ],
    },
    position: '00000000000000000001:00000000000000000001',
    replayed: false,
  } as SubmitResult;
}

/** `--writer socket`'s child: the writer's socket transport in front of a stub that answers. */
async function stubWriterProcess(): Promise<void> {
  const delayMs = Number(args['writer-delay-ms']);
  let revision = 0;
  let batch: (() => void)[] = [];
  await startSocketServer({
    address: { path: process.env.BENCH_STUB_WRITER_SOCKET as string },
    logger: silentLogger,
    target: {
      submit: async (submission) => stubAnswer(submission, ++revision),
      submitTo(submission, reply) {
        if (delayMs <= 0) {
          reply(stubAnswer(submission, ++revision));
          return;
        }
        if (batch.length === 0) {
          setTimeout(() => {
            const answers = batch;
            batch = [];
            for (const answer of answers) answer();
          }, delayMs);
        }
        batch.push(() => reply(stubAnswer(submission, ++revision)));
      },
    },
  });
  process.stdout.write('ready\n');
  process.on('SIGTERM', () => process.exit(0));
}

/** Starts `--writer socket`'s child and a socket client to it. */
async function socketWriter(
  scratch: string,
): Promise<{ client: LedgerWriterClient; submitted(): number; stop(): void }> {
  const path = join(scratch, 'writer.sock');
  const child = spawn(
    process.execPath,
    [
      import.meta.filename,
      '--role',
      'stub-writer',
      '--writer-delay-ms',
      String(args['writer-delay-ms']),
    ],
    {
      env: { ...process.env, BENCH_STUB_WRITER_SOCKET: path },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  // Whatever way the bench ends (a failure, Ctrl-C), the child does not outlive it.
  process.once('exit', () => child.kill('SIGTERM'));
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`stub writer exited (${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
  });
  const socketClient = createSocketClient({ address: { path } });
  let submitted = 0;
  const client: LedgerWriterClient = {
    submit: (submission, options) => {
      submitted += 1;
      return socketClient.submit(submission, options);
    },
    close: () => socketClient.close(),
  };
  return {
    client,
    submitted: () => submitted,
    stop: () => {
      child.kill('SIGTERM');
    },
  };
}

async function main(): Promise<void> {
  const dataDir = join(root, '.pg', `bench-path-${process.pid}`);
  const server = await startLocalPostgres({ dataDir, persistent: false });
  const scratch = mkdtempSync(join(tmpdir(), 'bench-path-'));
  // The stub writer's child, stopped in `finally` (also when the bench fails).
  let socket: Awaited<ReturnType<typeof socketWriter>> | undefined;
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await admin.end();
    const url = withDatabase(server.url, 'bench');
    const db = createDb({ url, poolSizeMax: 10, applicationName: 'bench-path' });
    await migrateToLatest(db);
    const keys = generateKeyMaterial();
    const eventStore = createPostgresEventStore({ url, poolSizeMax: 2 });
    const identity = createIdentityWriteDependencies({
      db,
      eventStore,
      keys: { tokenSigningKey: keys.signingKey, identitySecret: keys.identitySecret },
    });
    const sessionId = randomUUID();
    const now = new Date();
    await sql`INSERT INTO identity_sessions (session_id, member_seq, family_secret, generation,
      used_otp, created_at, absolute_expires_at) VALUES (${sessionId}, 1, ${Buffer.alloc(32)}, 0,
      false, ${now}, ${new Date(now.getTime() + 86_400_000)})`.execute(db);
    for (let seq = 1; seq <= 20; seq += 1) {
      await sql`INSERT INTO ledger_accounts_v1 (account, seq, account_number, kind, member_id,
        member_seq, asset, decimal_point, status, balance, held, is_negative_allowed, opened_at,
        last_revision, last_position) VALUES (${`wallet:${seq}`}, ${seq},
        ${`1000${String(seq).padStart(8, '0')}`}, 'member', 'member-1', 1, 'KRW', 0, 'normal',
        1000000, 0, false, ${now}, 0, '0')`.execute(db);
    }
    const { token } = await identity.tokens.issuer.issue({
      memberSeq: 1,
      sessionId,
      usedOtp: false,
      lifetimeSeconds: 3_600,
      now,
    });
    let stubSubmitted = 0;
    socket = args.writer === 'socket' ? await socketWriter(scratch) : undefined;
    const client: LedgerWriterClient = socket?.client ?? {
      submit: async (submission) => stubAnswer(submission, ++stubSubmitted),
      close: async () => {},
    };
    const writerChild = socket;
    const submittedCount = () => writerChild?.submitted() ?? stubSubmitted;
    const app = createApp({
      db,
      logger: silentLogger,
      identity,
      ledger: { client, policy: { memberTransferScope: 'any_member' } },
    });
    const request = (index: number) =>
      app.request('/api/v1/account-transfer', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': `k-${index}`,
        },
        body: JSON.stringify({
          source_account_seq: (index % 20) + 1,
          target_account_seq: ((index + 1) % 20) + 1,
          amount: String((index % 100) + 1),
        }),
      });
    /** `total` requests, `concurrency` at a time, each made by `one` (its status back); CPU and GC per request. */
    const closedLoop = async (
      label: string,
      total: number,
      one: (index: number) => Promise<number>,
    ) => {
      const concurrency = Number(args.concurrency);
      let next = 0;
      const statuses: Record<number, number> = {};
      const cpu = process.cpuUsage();
      const began = performance.now();
      const gc = await collections(() =>
        Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (next < total) {
              const status = await one(next++);
              statuses[status] = (statuses[status] ?? 0) + 1;
            }
          }),
        ),
      );
      const used = process.cpuUsage(cpu);
      const seconds = (performance.now() - began) / 1_000;
      console.log(
        `${label}: ${total} requests, ${((used.user + used.system) / total).toFixed(1)} µs CPU/request, ` +
          `${Math.round(total / seconds)} requests/s, statuses ${JSON.stringify(statuses)}; ` +
          gcText(gc, total),
      );
    };
    const inProcess = (label: string, total: number) =>
      closedLoop(label, total, async (index) => {
        const response = await request(index);
        await response.arrayBuffer();
        return response.status;
      });
    await inProcess('in process, warm-up', 2_000);
    await profiled('in-process', () =>
      inProcess('in process (app.request, no sockets)', Number(args.requests)),
    );
    // The direct route's handler alone (what the route adds to node:http: authorization,
    // validation, the transfer core, the writer call, the answer's JSON), called as serve.ts calls
    // it, with the request's headers from a plain object.
    const [directRoute] = directRoutesOf(app).routes;
    const incoming = { socket: { remoteAddress: '127.0.0.1' } };
    const directHandler = async (label: string, total: number) => {
      if (directRoute === undefined) return;
      await closedLoop(label, total, async (index) => {
        const headers: Record<string, string> = {
          host: 'localhost',
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': `d-${index}`,
        };
        const request: DirectRequest = {
          method: 'POST',
          path: directRoute.path,
          requestId: `r-${index}`,
          header: (name) => headers[name],
          env: { incoming, outgoing: {} } as unknown as DirectRequest['env'],
          text: `{"source_account_seq":${(index % 20) + 1},"target_account_seq":${((index + 1) % 20) + 1},"amount":"7"}`,
        };
        return (await directRoute.handle(request)).status;
      });
    };
    await directHandler('direct route handler in process, warm-up', 2_000);
    await profiled('direct-handler', () =>
      directHandler('direct route handler in process (no HTTP)', Number(args.requests)),
    );
    if (Number(args.seconds) === 0) {
      await client.close();
      await eventStore.close();
      await db.destroy();
      return;
    }
    const running = await serveApp(app, {
      port: 0,
      hostname: '127.0.0.1',
      directRoutes: args['direct-routes'] !== 'off',
    });
    console.log(
      `direct routes: ${JSON.stringify(running.direct.paths)}` +
        (running.direct.refused.length === 0
          ? ''
          : `, left to Hono: ${JSON.stringify(running.direct.refused)}`),
    );
    const script = join(scratch, 'path.lua');
    writeFileSync(
      script,
      `counter = 0
function request()
  counter = counter + 1
  local s = (counter % 20) + 1
  local d = (s % 20) + 1
  return wrk.format("POST", "/api/v1/account-transfer", {["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer ${token}", ["Idempotency-Key"] = "w-" .. counter .. "-" .. math.random(1e9)},
    string.format('{"source_account_seq":%d,"target_account_seq":%d,"amount":"7"}', s, d))
end`,
    );
    const before = submittedCount();
    const pgTicks = postgresTicksByPid(dataDir);
    const cpu = process.cpuUsage();
    const measured = await collections(() =>
      heapProfiled('http', () =>
        profiled(
          'http',
          () =>
            new Promise<string>((resolve, reject) => {
              const wrk = spawn('wrk', [
                '-t1',
                `-c${args.concurrency}`,
                `-d${args.seconds}s`,
                '-s',
                script,
                `http://127.0.0.1:${running.port}`,
              ]);
              let text = '';
              wrk.stdout.on('data', (chunk: Buffer) => {
                text += chunk.toString();
              });
              wrk.once('error', reject);
              wrk.on('exit', () => resolve(text));
            }),
        ),
      ),
    );
    const output = measured.result;
    const used = process.cpuUsage(cpu);
    // Wait for the last request-metadata flush (every 50 ms), then count Postgres's CPU: the
    // session reads and request-metadata inserts of the requests (1 tick = 10 ms).
    await new Promise((resolve) => setTimeout(resolve, 200));
    let pgTicksUsed = 0;
    for (const [pid, ticks] of postgresTicksByPid(dataDir)) {
      pgTicksUsed += ticks - (pgTicks.get(pid) ?? 0);
    }
    const served = submittedCount() - before;
    const line = output.split('\n').find((text) => text.startsWith('Requests/sec')) ?? '';
    console.log(
      `over HTTP (wrk, ${args.concurrency} connections): ${served} transfers, ` +
        `${((used.user + used.system) / served).toFixed(1)} µs CPU/request (system ${((used.system / (used.user + used.system)) * 100).toFixed(0)} %), ${line.trim()}; ` +
        `Postgres ${((pgTicksUsed * 10_000) / served).toFixed(1)} µs CPU/request (every process of the cluster); ` +
        gcText(measured, served),
    );
    await running.close();
    await client.close();
    await eventStore.close();
    await db.destroy();
  } finally {
    socket?.stop();
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (args.role === 'stub-writer') await stubWriterProcess();
else await main();

// Write API request-path benchmark (not a test): the CPU one POST /account-transfer costs the
// write API itself, with the ledger writer replaced by a stub that answers at once (so only the
// request path is measured: HTTP, Hono, authorization with its session read, zod, the body hash,
// the writer client call and the response). Own embedded PostgreSQL; one member, one session,
// 20 wallet accounts inserted directly into the read model. Prints µs of CPU per request for
// in-process requests (app.fetch, no sockets) and over HTTP (Debian's `wrk`).
// Usage: node scripts/bench-write-api-path.ts [--requests 20000] [--concurrency 64] [--seconds 5]
//   [--profile <dir>] (a CPU profile of the measured in-process phase and of the HTTP phase)
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateKeyMaterial } from '@ledger/auth';
import { createDb, migrateToLatest, withDatabase } from '@ledger/db';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { serveApp } from '@ledger/http';
import type { LedgerWriterClient } from '@ledger/ledger-writer';
import { startLocalPostgres } from '@ledger/local-postgres';
import { silentLogger } from '@ledger/runtime';
import { createApp, createIdentityWriteDependencies } from '@ledger/write-api';
import { sql } from 'kysely';
import pg from 'pg';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '64' },
    seconds: { type: 'string', default: '5' },
    profile: { type: 'string' },
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
    writeFileSync(join(args.profile, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

async function main(): Promise<void> {
  const dataDir = join(root, '.pg', `bench-path-${process.pid}`);
  const server = await startLocalPostgres({ dataDir, persistent: false });
  const scratch = mkdtempSync(join(tmpdir(), 'bench-path-'));
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
    let submitted = 0;
    const client: LedgerWriterClient = {
      submit: async (submission) => {
        submitted += 1;
        const data = submission.command.data as Record<string, unknown>;
        return {
          kind: 'answered',
          answer: {
            kind: 'accepted',
            commandId: submission.commandId,
            revision: String(submitted),
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
        } as Awaited<ReturnType<LedgerWriterClient['submit']>>;
      },
      close: async () => {},
    };
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
    const inProcess = async (label: string, total: number) => {
      const concurrency = Number(args.concurrency);
      let next = 0;
      const statuses: Record<number, number> = {};
      const cpu = process.cpuUsage();
      const began = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < total) {
            const response = await request(next++);
            statuses[response.status] = (statuses[response.status] ?? 0) + 1;
            await response.arrayBuffer();
          }
        }),
      );
      const used = process.cpuUsage(cpu);
      const seconds = (performance.now() - began) / 1_000;
      console.log(
        `${label}: ${total} requests, ${((used.user + used.system) / total).toFixed(1)} µs CPU/request, ` +
          `${Math.round(total / seconds)} requests/s, statuses ${JSON.stringify(statuses)}`,
      );
    };
    await inProcess('in process, warm-up', 2_000);
    await profiled('in-process', () =>
      inProcess('in process (app.request, no sockets)', Number(args.requests)),
    );
    const running = await serveApp(app, { port: 0, hostname: '127.0.0.1' });
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
    const before = submitted;
    const cpu = process.cpuUsage();
    const output = await profiled(
      'http',
      () =>
        new Promise<string>((resolve) => {
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
          wrk.on('exit', () => resolve(text));
        }),
    );
    const used = process.cpuUsage(cpu);
    const served = submitted - before;
    const line = output.split('\n').find((text) => text.startsWith('Requests/sec')) ?? '';
    console.log(
      `over HTTP (wrk, ${args.concurrency} connections): ${served} transfers, ` +
        `${((used.user + used.system) / served).toFixed(1)} µs CPU/request (system ${((used.system / (used.user + used.system)) * 100).toFixed(0)} %), ${line.trim()}`,
    );
    await running.close();
    await eventStore.close();
    await db.destroy();
  } finally {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();

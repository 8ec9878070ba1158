// Proves, over real HTTP through the web app's development proxy, where the rate limits take the
// client's address from: with the proxy configured as trusted (the start command's setting), two
// clients behind it get separate buckets (one exhausting account recovery leaves the other its
// budget) and a client cannot choose its bucket by sending the header itself; with no trusted
// proxy (a deployable's default), the header is ignored and everything through the proxy is one
// client.
import { request as httpRequest } from 'node:http';
import { generateKeyMaterial } from '@ledger/auth';
import { createDb } from '@ledger/db';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { type RunningServer, serveApp } from '@ledger/http';
import { findFreePort, silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { createWebConfig } from '@ledger/web/vite-config';
import { createApp, createIdentityWriteDependencies } from '@ledger/write-api';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loopbackProxies } from '../start-platform.ts';

const database = useTestDatabase();
const recoveryBudget = 10;

type Stack = { write: RunningServer; web: ViteDevServer; webUrl: string; close(): Promise<void> };

/** The write API with the real client-address resolver, and the web dev server in front of it. */
async function stackWith(trustedProxies: readonly string[]): Promise<Stack> {
  const keys = generateKeyMaterial();
  const db = createDb({ url: database().url, poolSizeMax: 4 });
  const eventStore = createPostgresEventStore({ url: database().url, poolSizeMax: 2 });
  const identity = createIdentityWriteDependencies({
    db,
    eventStore,
    keys: {
      tokenSigningKey: keys.signingKey,
      identitySecret: keys.identitySecret,
      trustedProxies,
      trustedProxyHeader: 'x-forwarded-for',
    },
  });
  const write = await serveApp(createApp({ db, logger: silentLogger, identity }), {
    port: 0,
    hostname: '127.0.0.1',
  });
  const port = await findFreePort();
  const web = await createServer({
    ...createWebConfig({
      writeApiUrl: write.url,
      queryApiUrl: write.url,
      host: '127.0.0.1',
      port,
    }),
    logLevel: 'silent',
    clearScreen: false,
  });
  await web.listen();
  return {
    write,
    web,
    webUrl: `http://127.0.0.1:${port}`,
    async close() {
      await web.close();
      await write.close();
      await eventStore.close();
      await db.destroy();
    },
  };
}

/** POST /member/find from the local address `from` (127.0.0.x: each one another client). */
function find(base: string, from: string, headers: Record<string, string> = {}): Promise<number> {
  const url = new URL('/api/v1/member/find', base);
  const body = JSON.stringify({ user_id: 'nobody-at-all' });
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function exhaust(base: string, from: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index <= recoveryBudget; index += 1) statuses.push(await find(base, from));
  return statuses;
}

describe('the start command: the web proxy trusted', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await stackWith(loopbackProxies);
  });
  afterAll(async () => {
    await stack?.close();
  });

  test('two clients behind the proxy get separate buckets', async () => {
    const first = await exhaust(stack.webUrl, '127.0.0.2');
    expect(first.slice(0, recoveryBudget).every((status) => status === 202)).toBe(true);
    expect(first.at(-1)).toBe(429);
    expect(await find(stack.webUrl, '127.0.0.3')).toBe(202);
  });

  test('a client cannot pick another bucket by sending the header itself', async () => {
    expect(await find(stack.webUrl, '127.0.0.2', { 'x-forwarded-for': '198.51.100.9' })).toBe(429);
  });
});

describe('a deployable by default: no trusted proxy', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await stackWith([]);
  });
  afterAll(async () => {
    await stack?.close();
  });

  test('the header is ignored: everything through the proxy is one client', async () => {
    const first = await exhaust(stack.webUrl, '127.0.0.4');
    expect(first.at(-1)).toBe(429);
    expect(await find(stack.webUrl, '127.0.0.5')).toBe(429);
    expect(await find(stack.write.url, '127.0.0.1', { 'x-forwarded-for': '198.51.100.10' })).toBe(
      429,
    );
  });
});

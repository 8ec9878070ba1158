// Proves that a request the database cannot serve right now is answered 503 service_unavailable
// with Retry-After over real HTTP, not 500, with a real pool and server: every connection busy past
// the pool's wait bound, and a database that refuses connections; and that the same route answers
// 200 once a connection is free again.
import net from 'node:net';
import { createDb } from '@ledger/db';
import { createServiceApp, serveApp } from '@ledger/http';
import type { Logger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { expect, test } from 'vitest';

const database = useTestDatabase();

function serviceOver(db: ReturnType<typeof createDb>) {
  const errors: unknown[] = [];
  const warnings: unknown[] = [];
  const logger: Logger = {
    info: () => {},
    warn: (message, fields) => warnings.push({ message, ...fields }),
    error: (message, fields) => errors.push({ message, ...fields }),
    child: () => logger,
  };
  const app = createServiceApp({ service: 'test', logger, bodySizeMax: 1_024 });
  app.get('/answer', async (c) => {
    const { rows } = await sql<{ answer: number }>`SELECT 42 AS answer`.execute(db);
    return c.json({ answer: rows[0]?.answer });
  });
  return { app, errors, warnings };
}

async function problemAt(url: string) {
  const response = await fetch(url);
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    code: ((await response.json()) as { code?: string }).code,
  };
}

test('every connection busy past the wait bound → 503, then 200 once one is free', async () => {
  const db = createDb({ url: database().url, poolSizeMax: 1, connectionWaitMaxMs: 200 });
  const { app, errors, warnings } = serviceOver(db);
  const running = await serveApp(app, { port: 0, hostname: '127.0.0.1' });
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  try {
    let holding = () => {};
    const holds = new Promise<void>((resolve) => {
      holding = resolve;
    });
    // The pool's only connection, checked out until released.
    const transaction = db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      holding();
      await held;
    });
    await holds;
    const began = performance.now();
    expect(await problemAt(`${running.url}/answer`)).toEqual({
      status: 503,
      retryAfter: '1',
      code: 'service_unavailable',
    });
    expect(performance.now() - began).toBeGreaterThanOrEqual(150);
    release();
    await transaction;
    const answered = await fetch(`${running.url}/answer`);
    expect({ status: answered.status, body: await answered.json() }).toEqual({
      status: 200,
      body: { answer: 42 },
    });
    expect(errors).toEqual([]);
    expect(warnings).toHaveLength(1);
  } finally {
    release();
    await running.close();
    await db.destroy();
  }
});

test('a database that refuses connections → 503, never 500', async () => {
  // A port that was just free: nothing listens there.
  const port = await new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as net.AddressInfo;
      server.close(() => resolve(free));
    });
  });
  const db = createDb({ url: `postgres://ledger@127.0.0.1:${port}/ledger`, poolSizeMax: 1 });
  const { app, errors } = serviceOver(db);
  const running = await serveApp(app, { port: 0, hostname: '127.0.0.1' });
  try {
    expect(await problemAt(`${running.url}/answer`)).toEqual({
      status: 503,
      retryAfter: '1',
      code: 'service_unavailable',
    });
    expect(errors).toEqual([]);
  } finally {
    await running.close();
    await db.destroy();
  }
});

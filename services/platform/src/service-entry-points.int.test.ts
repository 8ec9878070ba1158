// Proves each API's deployable entry point (src/main.ts) over real HTTP and a real PostgreSQL:
// bad configuration exits with a clear message, /health answers 200 with Postgres up and 503 with
// it unreachable, and SIGTERM stops the process cleanly.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { generateKeyMaterial } from '@ledger/auth';
import { HealthSchema } from '@ledger/contracts';
import { createDb, type Db } from '@ledger/db';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { createIdentityReadDependencies, createApp as createQueryApi } from '@ledger/query-api';
import { findFreePort, silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { createIdentityWriteDependencies, createApp as createWriteApi } from '@ledger/write-api';
import { describe, expect, test } from 'vitest';

const database = useTestDatabase();
const servicesDir = join(import.meta.dirname, '..', '..');
const keys = generateKeyMaterial();

const services = [
  {
    name: 'write-api',
    portVariable: 'WRITE_API_PORT',
    keyVariables: { TOKEN_SIGNING_KEY: keys.signingKey, IDENTITY_SECRET: keys.identitySecret },
    createApp: (db: Db) =>
      createWriteApi({
        db,
        logger: silentLogger,
        identity: createIdentityWriteDependencies({
          db,
          eventStore: createPostgresEventStore({ url: database().url, poolSizeMax: 1 }),
          keys: { tokenSigningKey: keys.signingKey, identitySecret: keys.identitySecret },
        }),
      }),
  },
  {
    name: 'query-api',
    portVariable: 'QUERY_API_PORT',
    keyVariables: { TOKEN_VERIFICATION_KEY: keys.verificationKey },
    createApp: (db: Db) =>
      createQueryApi({
        db,
        logger: silentLogger,
        identity: createIdentityReadDependencies({
          db,
          tokenVerificationKey: keys.verificationKey,
          development: false,
        }),
      }),
  },
] as const;

function start(service: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [join(servicesDir, service, 'src', 'main.ts')], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(url: string, child: ChildProcess) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error('service exited');
    const response = await fetch(url).catch(() => undefined);
    if (response) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no answer from ${url}`);
}

describe.each(services)('$name', ({ name, portVariable, keyVariables, createApp }) => {
  test('exits with code 78 and names the bad variable when the configuration is invalid', async () => {
    const service = start(name, { DATABASE_URL: 'mysql://nope', [portVariable]: 'eighty' });
    expect(await service.exited).toBe(78);
    expect(service.output()).toContain('DATABASE_URL');
    expect(service.output()).toContain(portVariable);
  });

  test('serves /health from its entry point and stops on SIGTERM', async () => {
    const port = await findFreePort();
    const service = start(name, {
      DATABASE_URL: database().url,
      [portVariable]: String(port),
      ...keyVariables,
    });
    const response = await waitForHealth(`http://127.0.0.1:${port}/health`, service.child);
    expect(response.status).toBe(200);
    expect(HealthSchema.parse(await response.json())).toEqual({
      status: 'ok',
      service: name,
      checks: { postgres: 'ok' },
    });
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
  });

  test('/health answers 503 when PostgreSQL is unreachable', async () => {
    const unreachable = createDb({
      url: `postgres://postgres:x@127.0.0.1:${await findFreePort()}/none`,
    });
    try {
      const response = await createApp(unreachable).request('/health');
      expect(response.status).toBe(503);
      expect(HealthSchema.parse(await response.json()).checks.postgres).toBe('unavailable');
    } finally {
      await unreachable.destroy();
    }
  });
});

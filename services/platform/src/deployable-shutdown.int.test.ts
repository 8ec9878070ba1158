// Proves every deployable's entry point (services/*/src/main.ts, real PostgreSQL) stops cleanly on
// a SIGTERM sent the moment it says it is starting, before or while it connects and binds: exit
// code 0, never death by signal, and a listening service releases its port.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { generateKeyMaterial } from '@ledger/auth';
import { findFreePort } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { expect, test } from 'vitest';

const database = useTestDatabase();
const servicesDir = join(import.meta.dirname, '..', '..');
const keys = generateKeyMaterial();

type Deployable = { name: string; env: (port: number) => Record<string, string>; listens: boolean };

const deployables: Deployable[] = [
  {
    name: 'write-api',
    listens: true,
    env: (port) => ({
      WRITE_API_PORT: String(port),
      TOKEN_SIGNING_KEY: keys.signingKey,
      IDENTITY_SECRET: keys.identitySecret,
    }),
  },
  {
    name: 'query-api',
    listens: true,
    env: (port) => ({ QUERY_API_PORT: String(port), TOKEN_VERIFICATION_KEY: keys.verificationKey }),
  },
  {
    name: 'ledger-writer',
    listens: true,
    env: (port) => ({ LEDGER_WRITER_LISTEN: `127.0.0.1:${port}` }),
  },
  { name: 'projector', listens: false, env: () => ({}) },
  {
    name: 'chain-scanner',
    listens: false,
    env: (port) => ({ LEDGER_WRITER_ADDRESS: `127.0.0.1:${port}` }),
  },
  {
    name: 'withdrawal-processor',
    listens: false,
    env: (port) => ({ LEDGER_WRITER_ADDRESS: `127.0.0.1:${port}` }),
  },
];

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

test.each(deployables)('$name: a SIGTERM right after "starting" exits 0', async (deployable) => {
  const port = await findFreePort();
  const child = spawn(process.execPath, [join(servicesDir, deployable.name, 'src', 'main.ts')], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: database().url, ...deployable.env(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let signalled = false;
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    // At once, from the data event: no timer between the line and the signal.
    if (!signalled && output.includes('"message":"starting"')) {
      signalled = true;
      child.kill('SIGTERM');
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve) => child.on('close', (code, signal) => resolve({ code, signal })),
  );
  expect(signalled, output).toBe(true);
  expect(exited, output).toEqual({ code: 0, signal: null });
  expect(output).not.toContain('shutdown failed');
  if (deployable.listens) expect(await canBind(port)).toBe(true);
});

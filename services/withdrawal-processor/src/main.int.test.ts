// Proves the withdrawal processor's entry point: it refuses a bad configuration with exit code 78 naming the variable, and against a real database it starts, runs its rounds and stops cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { useTestDatabase } from '@ledger/testing';
import { describe, expect, test } from 'vitest';

const database = useTestDatabase();

describe('withdrawal processor entry point', () => {
  const main = join(import.meta.dirname, 'main.ts');
  const run = (env: Record<string, string>) => {
    const child = spawn(process.execPath, [main], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: 'pipe',
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) =>
      child.on('close', (code) => resolve(code)),
    );
    return { child, exited, output: () => output };
  };

  test('exits with code 78 and names the bad variable', async () => {
    const service = run({ DATABASE_URL: database().url, LEDGER_WRITER_ADDRESS: 'example.com:1' });
    expect(await service.exited).toBe(78);
    expect(service.output()).toContain('LEDGER_WRITER_ADDRESS');
  });

  test('exits with code 78 on an interval out of range', async () => {
    const service = run({
      DATABASE_URL: database().url,
      LEDGER_WRITER_ADDRESS: '127.0.0.1:1',
      WITHDRAWAL_INTERVAL_MS: '5',
    });
    expect(await service.exited).toBe(78);
    expect(service.output()).toContain('WITHDRAWAL_INTERVAL_MS');
  });

  test('starts against a real database, runs a round and stops on SIGTERM', async () => {
    const service = run({
      DATABASE_URL: database().url,
      LEDGER_WRITER_ADDRESS: '127.0.0.1:1',
      WITHDRAWAL_INTERVAL_MS: '100',
    });
    const deadline = Date.now() + 20_000;
    while (!service.output().includes('withdrawal processor starting') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(service.output()).toContain('withdrawal processor starting');
    // A few rounds (nothing to do: the read model is empty), then a clean stop.
    await new Promise((resolve) => setTimeout(resolve, 500));
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    expect(service.output(), service.output()).toContain('withdrawal processor stopped');
    expect(service.output()).not.toContain('withdrawal processor failed');
  });
});

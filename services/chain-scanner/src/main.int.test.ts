// Proves the chain scanner's entry point: it refuses a bad configuration with exit code 78 naming the variable, and against a real database it starts and stops cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { useTestDatabase } from '@ledger/testing';
import { describe, expect, test } from 'vitest';

const database = useTestDatabase();

describe('chain scanner entry point', () => {
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

  test('starts against a real database and stops on SIGTERM', async () => {
    const service = run({ DATABASE_URL: database().url, LEDGER_WRITER_ADDRESS: '127.0.0.1:1' });
    const deadline = Date.now() + 20_000;
    while (!service.output().includes('chain scanner starting') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(service.output()).toContain('chain scanner starting');
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    expect(service.output(), service.output()).toContain('chain scanner stopped');
  });
});

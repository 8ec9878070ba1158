// Proves runService against a real child process: a SIGTERM at any moment after the `starting`
// line (even while start is still running) ends in a clean stop and exit code 0, never in death by
// signal; a failed start exits 1; a second signal interrupts a stuck stop with 130.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const fixture = join(import.meta.dirname, 'run-service.fixture.ts');

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, [fixture], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters.filter((candidate) => output.includes(candidate.text))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  const printed = (text: string) =>
    output.includes(text)
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ text, resolve }));
  /** The messages printed, in order. */
  const messages = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => (JSON.parse(line) as { message: string }).message);
  return { child, exited, printed, messages, output: () => output };
}

describe('runService', () => {
  test('a SIGTERM while start is still running waits for it, then stops cleanly (exit 0)', async () => {
    const service = run({ START_MS: '800' });
    await service.printed('"starting"');
    service.child.kill('SIGTERM');
    expect(await service.exited, service.output()).toEqual({ code: 0, signal: null });
    expect(service.messages()).toEqual([
      'starting',
      'stopping',
      'started',
      'stop running',
      'stopped',
    ]);
  });

  test('a SIGTERM after start stops cleanly (exit 0)', async () => {
    const service = run({});
    await service.printed('"started"');
    service.child.kill('SIGTERM');
    expect(await service.exited, service.output()).toEqual({ code: 0, signal: null });
    expect(service.messages()).toEqual([
      'starting',
      'started',
      'stopping',
      'stop running',
      'stopped',
    ]);
  });

  test('a start that fails exits 1 and says why', async () => {
    const service = run({ START_FAILS: 'yes' });
    expect(await service.exited).toEqual({ code: 1, signal: null });
    expect(service.messages()).toEqual(['starting', 'start failed']);
    expect(service.output()).toContain('cannot start');
  });

  test('a second signal interrupts a stuck stop with exit code 130', async () => {
    const service = run({ STOP_MS: '60000' });
    await service.printed('"started"');
    service.child.kill('SIGTERM');
    await service.printed('"stop running"');
    service.child.kill('SIGINT');
    expect(await service.exited).toEqual({ code: 130, signal: null });
  });
});

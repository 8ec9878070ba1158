// Proves loading the embedded PostgreSQL library does not swallow a process's exit code: a test
// runner that sets process.exitCode = failure still exits with it (async-exit-hook's 'beforeExit'
// handler would otherwise call process.exit(0)).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';

test('process.exitCode survives the library being loaded', () => {
  const result = spawnSync(process.execPath, [join(import.meta.dirname, 'exit-code.fixture.ts')], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(result.status).toBe(3);
});

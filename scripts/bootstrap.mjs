#!/usr/bin/env node
// Entry point of the README's two commands: runs on the system Node (20 or newer) with only npm
// present. It installs the pinned pnpm into .tools/, installs the workspace (which brings its own
// Node 26 from the npm registry, docs/adr/0002), then hands over to a workspace script that runs
// on that Node. Plain JavaScript on purpose: nothing else is installed yet when it starts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const targets = { start: 'dev', test: 'test:all' };
const target = targets[process.argv[2]];
if (!target) {
  console.error(`usage: node scripts/bootstrap.mjs <${Object.keys(targets).join('|')}>`);
  process.exit(2);
}

// The pnpm version lives here, not in package.json's packageManager: pnpm 12 warns on every run
// that the registry publishes no signature for its own release (docs/adr/0002).
const pnpmVersion = '12.21.0';
const toolsDir = join(root, '.tools', `pnpm-${pnpmVersion}`);
const pnpmBin = join(toolsDir, 'node_modules', '.bin', 'pnpm');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(
      `\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`,
    );
    process.exit(result.status ?? 1);
  }
}

if (!existsSync(pnpmBin)) {
  console.log(`Installing pnpm ${pnpmVersion} into ${toolsDir} ...`);
  run('npm', [
    'install',
    '--prefix',
    toolsDir,
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    `pnpm@${pnpmVersion}`,
  ]);
}

// A frozen lockfile: a fresh clone gets exactly what was tested.
run(pnpmBin, ['install', '--frozen-lockfile', '--reporter=append-only']);

// The child gets Ctrl-C from the terminal itself (same process group); this process only waits
// for it so that the shell prompt returns after everything has stopped.
const child = spawn(pnpmBin, ['run', '--silent', target, ...process.argv.slice(3)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (signal !== 'SIGINT') child.kill(signal);
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + 1 : 1)));

// Proves a benchmark's up-front check finds a program that is there and, for one that is not,
// names it with how to install it.
import { expect, test } from 'vitest';
import {
  isAvailable,
  missingPrerequisites,
  type Prerequisite,
  wrk,
} from './bench-prerequisites.ts';

const node: Prerequisite = {
  command: process.execPath,
  versionArgs: ['--version'],
  purpose: 'the runtime',
  install: 'npm start',
};
const absent: Prerequisite = {
  command: 'ledger-no-such-program-for-tests',
  versionArgs: ['-v'],
  purpose: 'nothing',
  install: 'apt-get install nothing',
};

test('a program on the machine is available, and nothing is reported missing', () => {
  expect(isAvailable(node)).toBe(true);
  expect(missingPrerequisites('bench:x', [node])).toBeUndefined();
});

test('a missing program is named with its install command', () => {
  const message = missingPrerequisites('bench:x', [node, absent]);
  expect(message).toContain('bench:x needs');
  expect(message).toContain('ledger-no-such-program-for-tests (nothing)');
  expect(message).toContain('apt-get install nothing');
  expect(message).not.toContain(process.execPath);
});

test('wrk says how to install it', () => {
  expect(wrk.install).toContain('apt-get install wrk');
});

// Proves that no package.json in packages/*, services/* or web declares a dependency the workspace's
// boundaries forbid (a service on a service, a package on a service, a domain package on more than
// the kernel, the ledger and big.js, the web on more than the contracts), but for the named edges below.
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import {
  type AllowedEdge,
  checkBoundaries,
  type Manifest,
  readWorkspaceManifests,
} from './workspace-boundaries.ts';

/**
 * The forbidden edges that stay for now, each owned by work under way. An entry that no longer
 * names a forbidden edge fails the test, so this list only shrinks.
 */
const allowedForNow: readonly AllowedEdge[] = [
  {
    from: '@ledger/identity',
    to: '@ledger/contracts',
    why: 'identity’s access control and role decider evaluate the route table, which the contracts own so that each feature declares its routes beside its wire; the contracts are pure (zod only)',
  },
];

const root = fileURLToPath(new URL('..', import.meta.url));

function manifest(folder: string, name: string, dependencies: string[], dev: string[] = []) {
  const kind = folder.startsWith('services/')
    ? 'service'
    : folder.startsWith('packages/')
      ? 'package'
      : 'web';
  return { folder, name, kind, dependencies, devDependencies: dev } satisfies Manifest;
}

const sample = [
  manifest('services/platform', '@ledger/platform', ['@ledger/query-api', '@ledger/db']),
  manifest('services/query-api', '@ledger/query-api', ['@ledger/db'], ['@ledger/projector']),
  manifest('services/projector', '@ledger/projector', ['@ledger/db']),
  manifest('packages/db', '@ledger/db', ['kysely'], ['@ledger/query-api']),
  manifest('packages/ledger', '@ledger/ledger', ['big.js'], ['vitest', '@ledger/tsconfig']),
  manifest('packages/withdrawals', '@ledger/withdrawals', ['@ledger/ledger', '@ledger/db']),
  manifest('packages/kyc', '@ledger/kyc', ['zod'], ['@ledger/decider']),
  manifest('packages/decider', '@ledger/decider', []),
  manifest('web', '@ledger/web', ['@ledger/contracts', 'react'], ['@ledger/ledger']),
  manifest('packages/contracts', '@ledger/contracts', ['zod']),
];

describe('the boundary check', () => {
  test('names each forbidden edge of a sample workspace and no allowed one', () => {
    const { violations } = checkBoundaries(sample, []);
    expect(violations.map(({ from, to }) => `${from} -> ${to}`).sort()).toEqual([
      '@ledger/db -> @ledger/query-api',
      '@ledger/kyc -> zod',
      '@ledger/query-api -> @ledger/projector',
      '@ledger/web -> @ledger/ledger',
      '@ledger/withdrawals -> @ledger/db',
    ]);
  });

  test('an allowed edge is not a violation, and an allowance that names none is stale', () => {
    const allowed = [
      { from: '@ledger/query-api', to: '@ledger/projector', why: 'sample' },
      { from: '@ledger/projector', to: '@ledger/query-api', why: 'sample' },
    ];
    const { violations, staleAllowances } = checkBoundaries(sample, allowed);
    expect(violations.map((violation) => violation.to)).not.toContain('@ledger/projector');
    expect(staleAllowances).toEqual([allowed[1]]);
  });
});

describe('the workspace', () => {
  const manifests = readWorkspaceManifests(root);

  test('is read whole: every service, the domain packages and the web', () => {
    const folders = manifests.map((entry) => entry.folder);
    expect(folders).toEqual(
      expect.arrayContaining([
        'services/write-api',
        'services/query-api',
        'services/projector',
        'services/ledger-writer',
        'services/withdrawal-processor',
        'services/chain-scanner',
        'services/platform',
        'packages/ledger',
        'packages/decider',
        'web',
      ]),
    );
  });

  test('declares no forbidden dependency beyond the named ones, and each named one is still needed', () => {
    const { violations, staleAllowances } = checkBoundaries(manifests, allowedForNow);
    expect(violations).toEqual([]);
    expect(staleAllowances).toEqual([]);
  });
});

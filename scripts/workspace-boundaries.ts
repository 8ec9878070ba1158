import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Who may depend on whom, read from the workspace's package.json files (docs/ARCHITECTURE.md,
 * "May import"): a service depends on packages only (services/platform, which composes every
 * service into one process and holds the tests that need several, aside); a package never on a
 * service; a pure domain package only on the decider kernel, the ledger and big.js; the web only on
 * the contracts.
 */

export type Kind = 'service' | 'package' | 'web' | 'other';

export type Manifest = {
  /** The folder, relative to the workspace root: `services/write-api`. */
  folder: string;
  name: string;
  kind: Kind;
  dependencies: readonly string[];
  devDependencies: readonly string[];
};

/** An edge the rules forbid that stays for now, each with why. */
export type AllowedEdge = { from: string; to: string; why: string };

export type Violation = { from: string; to: string; rule: string };

/** The folder of the service that may depend on services. */
export const compositionRoot = 'services/platform';

/** The pure domain packages: no I/O, no clock, no randomness (docs/guides/style.md). */
export const domainPackages: readonly string[] = [
  '@ledger/assets',
  '@ledger/c2c',
  '@ledger/cs',
  '@ledger/decider',
  '@ledger/identity',
  '@ledger/kyc',
  '@ledger/ledger',
  '@ledger/withdrawals',
];

/** What a domain package may depend on at run time. */
export const domainDependenciesAllowed: readonly string[] = [
  '@ledger/decider',
  '@ledger/ledger',
  'big.js',
];

/** What a domain package may need besides, to be built and tested. */
export const domainDevDependenciesAllowed: readonly string[] = [
  '@ledger/tsconfig',
  '@types/big.js',
  'vitest',
];

/** The workspace packages the web may depend on. */
export const webWorkspaceDependenciesAllowed: readonly string[] = [
  '@ledger/contracts',
  '@ledger/tsconfig',
];

const memberFolders = ['packages', 'services'];
const singleMembers = ['web', 'migrations', 'scripts'];

function kindOf(folder: string): Kind {
  if (folder.startsWith('services/')) return 'service';
  if (folder.startsWith('packages/')) return 'package';
  return folder === 'web' ? 'web' : 'other';
}

function readManifest(root: string, folder: string): Manifest {
  const text = readFileSync(join(root, folder, 'package.json'), 'utf8');
  const json = JSON.parse(text) as {
    name: string;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    optionalDependencies?: Record<string, string>;
  };
  return {
    folder,
    name: json.name,
    kind: kindOf(folder),
    dependencies: Object.keys({
      ...json.dependencies,
      ...json.peerDependencies,
      ...json.optionalDependencies,
    }),
    devDependencies: Object.keys(json.devDependencies ?? {}),
  };
}

function hasManifest(root: string, folder: string): boolean {
  return readdirSync(join(root, folder)).includes('package.json');
}

/** Every workspace member's manifest: packages/*, services/*, web, migrations and scripts. */
export function readWorkspaceManifests(root: string): Manifest[] {
  const folders = memberFolders.flatMap((parent) =>
    readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`),
  );
  return [...folders, ...singleMembers]
    .filter((folder) => hasManifest(root, folder))
    .map((folder) => readManifest(root, folder));
}

function serviceViolation(manifest: Manifest, target: Manifest | undefined): string | undefined {
  if (target?.kind !== 'service') return undefined;
  if (manifest.kind === 'package') return 'a package depends on no service';
  if (manifest.kind === 'service' && manifest.folder !== compositionRoot) {
    return 'a service depends on packages only (services/platform aside)';
  }
  return undefined;
}

function domainViolation(manifest: Manifest, name: string, dev: boolean): string | undefined {
  if (!domainPackages.includes(manifest.name)) return undefined;
  if (domainDependenciesAllowed.includes(name)) return undefined;
  if (dev && domainDevDependenciesAllowed.includes(name)) return undefined;
  return 'a domain package depends only on @ledger/decider, @ledger/ledger and big.js';
}

function webViolation(manifest: Manifest, target: Manifest | undefined): string | undefined {
  if (manifest.kind !== 'web' || target === undefined) return undefined;
  if (webWorkspaceDependenciesAllowed.includes(target.name)) return undefined;
  return 'the web depends on no workspace package but @ledger/contracts';
}

function violationsOf(manifest: Manifest, byName: Map<string, Manifest>): Violation[] {
  const edges = [
    ...manifest.dependencies.map((name) => ({ name, dev: false })),
    ...manifest.devDependencies.map((name) => ({ name, dev: true })),
  ];
  return edges.flatMap(({ name, dev }) => {
    const target = byName.get(name);
    const rule =
      serviceViolation(manifest, target) ??
      domainViolation(manifest, name, dev) ??
      webViolation(manifest, target);
    return rule === undefined ? [] : [{ from: manifest.name, to: name, rule }];
  });
}

const isAllowed = (allowed: readonly AllowedEdge[], violation: Violation) =>
  allowed.some((edge) => edge.from === violation.from && edge.to === violation.to);

/**
 * The forbidden edges of these manifests that `allowed` does not name, and the entries of
 * `allowed` that name no forbidden edge any more (so the list only shrinks).
 */
export function checkBoundaries(
  manifests: readonly Manifest[],
  allowed: readonly AllowedEdge[],
): { violations: Violation[]; staleAllowances: AllowedEdge[] } {
  const byName = new Map(manifests.map((manifest) => [manifest.name, manifest]));
  const all = manifests.flatMap((manifest) => violationsOf(manifest, byName));
  return {
    violations: all.filter((violation) => !isAllowed(allowed, violation)),
    staleAllowances: allowed.filter(
      (edge) => !all.some((violation) => violation.from === edge.from && violation.to === edge.to),
    ),
  };
}

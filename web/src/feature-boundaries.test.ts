// Proves that web features import only the kit (ui-kit, lib, i18n, test-support) and the
// contracts: a relative import from one folder of src/features into another fails here, and so
// does a kit file (ui-kit, lib, i18n) importing a feature.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const sourceRoot = dirname(fileURLToPath(import.meta.url));
const featuresRoot = join(sourceRoot, 'features');
const specifierPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)'(\.{1,2}\/[^']+)'/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The feature folder a path lies in, or undefined outside src/features. */
function featureOf(path: string): string | undefined {
  const inside = relative(featuresRoot, path);
  if (inside.startsWith('..')) return undefined;
  return inside.split(sep)[0];
}

/** Every import of a file in `folders` from a feature other than its own, as "file -> specifier". */
function importsOfOtherFeatures(folders: string[]): string[] {
  return folders.flatMap(sourceFiles).flatMap((file) => {
    const own = featureOf(file);
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(specifierPattern)]
      .map((match) => match[1] ?? '')
      .filter((specifier) => {
        const target = featureOf(resolve(dirname(file), specifier));
        return target !== undefined && target !== own;
      })
      .map((specifier) => `${relative(sourceRoot, file)} -> ${specifier}`);
  });
}

test('no feature imports another feature (shared pieces live in ui-kit, lib or i18n)', () => {
  expect(importsOfOtherFeatures([featuresRoot])).toEqual([]);
});

test('the kit imports no feature', () => {
  const kit = ['ui-kit', 'lib', 'i18n'].map((folder) => join(sourceRoot, folder));
  expect(importsOfOtherFeatures(kit)).toEqual([]);
});

test('the scan sees relative imports, so an empty answer means none', () => {
  const scanned = sourceFiles(featuresRoot).filter(
    (file) => [...readFileSync(file, 'utf8').matchAll(specifierPattern)].length > 0,
  );
  expect(scanned.length).toBeGreaterThan(50);
});

// Proves every problem the services can answer has its words in the server's message catalog: a
// scan of the packages' and services' source finds each problem code they name (in a problem, a
// ternary between two, a processor's WithdrawalProblem), each message case and each field-level
// code of a hand-made validation entry or custom check, and every one is in the catalog (which
// the contracts' catalog test proves complete in all five locales). A new code without its
// translations fails here even where the compiler cannot see it (a code held as a plain string).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  fieldProblemCodes,
  problemMessageCases,
  serverProblemCodes,
  textInvalidCode,
} from '@ledger/contracts';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (name === 'node_modules') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const sources = ['packages', 'services']
  .flatMap((tier) => readdirSync(join(root, tier)).map((name) => join(root, tier, name, 'src')))
  .filter((folder) => statSync(folder, { throwIfNoEntry: false })?.isDirectory() === true)
  .flatMap(sourceFiles)
  .filter((file) => !file.includes(`${join('src', 'testing')}`))
  .map((file) => ({ file: relative(root, file), text: readFileSync(file, 'utf8') }));

/** Files that build problems: the ones that name the problem types or refusals. */
const problemSources = sources.filter(({ text }) =>
  /\b(ProblemError|ProblemInit|problemResponse|directProblem|WithdrawalProblem)\b/.test(text),
);

/** A lower-case literal, not the right side of a comparison (`reason === 'otp_required' ? ...`). */
const literal = /(?<![=!]==\s*)'([a-z][a-z0-9_]*)'/g;
const literalsIn = (text: string) => [...text.matchAll(literal)].map((match) => match[1] as string);

type Found = { file: string; name: string };

function found(pattern: RegExp, pick: (match: RegExpMatchArray) => string[]): Found[] {
  return problemSources.flatMap(({ file, text }) =>
    [...text.matchAll(pattern)].flatMap((match) => pick(match).map((name) => ({ file, name }))),
  );
}

/** `errors: [{ path, code: '...' }]` entries: field-level codes, not problem codes. */
const fieldEntry = /errors:\s*\[\s*\{[^\]]*?code:\s*'([a-z][a-z0-9_]*)'/g;

const problemCodeUses = [
  // `code: 'x'` and `code: cond ? 'x' : 'y'` (to the end of the line), not a parameter's type.
  ...found(/\bcode:(?!\s*(?:string|number|unknown|boolean)\b)([^\n]*)/g, (match) =>
    literalsIn(match[1] as string),
  ),
  // The ledger rejections' helper: invalid('x').
  ...found(/\binvalid\(\s*'([a-z][a-z0-9_]*)'/g, (match) => [match[1] as string]),
  // new WithdrawalProblem(409, 'x', ...) and its ternaries.
  ...found(/new WithdrawalProblem\(\s*\d{3},\s*([^\n]*)/g, (match) =>
    literalsIn(match[1] as string),
  ),
].filter(
  (use) =>
    !found(fieldEntry, (match) => [match[1] as string]).some(
      (entry) => entry.file === use.file && entry.name === use.name,
    ),
);

test('the scan sees the services’ problems (it would pass vacuously otherwise)', () => {
  expect(problemSources.length).toBeGreaterThan(30);
  const names = new Set(problemCodeUses.map((use) => use.name));
  for (const code of ['invalid_credentials', 'insufficient_funds', 'no_paging_too_many']) {
    expect(names, code).toContain(code);
  }
  expect(names).toContain('withdrawal_not_ready');
});

test('every problem code named in the source has its messages in the catalog', () => {
  const known = new Set<string>(serverProblemCodes);
  expect(problemCodeUses.filter((use) => !known.has(use.name))).toEqual([]);
});

test('every message case named in the source is one of the catalog’s', () => {
  const cases = new Set<string>(problemMessageCases);
  const uses = found(/message:\s*'([a-z_]+\.[a-z_]+)'/g, (match) => [match[1] as string]);
  expect(uses.length).toBeGreaterThan(10);
  expect(uses.filter((use) => !cases.has(use.name))).toEqual([]);
});

test('every field-level code a route or a check names has its message in the catalog', () => {
  const known = new Set<string>(fieldProblemCodes);
  const entries = found(fieldEntry, (match) => [match[1] as string]);
  const custom = sources.flatMap(({ file, text }) =>
    [...text.matchAll(/params:\s*\{\s*code:\s*([^\s,}]+)/g)].map((match) => ({
      file,
      name: (match[1] as string) === 'textInvalidCode' ? textInvalidCode : (match[1] as string),
    })),
  );
  expect(custom.length).toBeGreaterThan(0);
  expect(
    [...entries, ...custom].filter((use) => !known.has(use.name.replace(/^'(.*)'$/, '$1'))),
  ).toEqual([]);
});

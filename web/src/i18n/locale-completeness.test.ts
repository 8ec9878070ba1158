// Proves every locale is complete and exact in every namespace: the five locales have the same
// keys, no value is empty, placeholders match the default locale's, every key is used by the web
// app's code (literally, or under a prefix the code builds keys from), every namespace file on
// disk is loaded, and every server problem code has a localized message.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  assetProblemCodes,
  identityProblemCodes,
  kycProblemCodes,
  ledgerProblemCodes,
  problemCodes,
  withdrawProblemCodes,
} from '@ledger/contracts';
import { describe, expect, test } from 'vitest';
import { localeFiles, namespaces, resources } from './i18n.ts';
import { defaultLocale, locales } from './locales.ts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') keys.set(`${prefix}${key}`, value);
    else for (const [nested, text] of flatten(value, `${prefix}${key}.`)) keys.set(nested, text);
  }
  return keys;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== 'routeTree.gen.ts'
      ? [path]
      : [];
  });
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]).sort();

const code = sourceFiles(join(import.meta.dirname, '..'))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
// Keys built at run time: t(`notFound.resources.${resource}`) uses every key under that prefix.
const dynamicPrefixes = [...code.matchAll(/t\(`([\w.]+)\.\$\{/g)].map((match) => `${match[1]}.`);

test('every locale has exactly one file per namespace, and nothing else', () => {
  const expected = locales.flatMap((locale) =>
    namespaces.map((namespace) => `../locales/${locale}/${namespace}.json`),
  );
  expect([...localeFiles].sort()).toEqual(expected.sort());
});

describe.each([...namespaces])('namespace %s', (namespace) => {
  const reference = flatten(resources[defaultLocale][namespace]);

  test.each(locales.filter((locale) => locale !== defaultLocale))(
    '%s has exactly the keys of ko-KR',
    (locale) => {
      const keys = flatten(resources[locale][namespace]);
      expect([...keys.keys()].sort()).toEqual([...reference.keys()].sort());
    },
  );

  test.each([...locales])('%s has no empty value and the same placeholders as ko-KR', (locale) => {
    for (const [key, text] of flatten(resources[locale][namespace])) {
      expect(text.trim(), `${locale} ${key}`).not.toBe('');
      expect(placeholders(text), `${locale} ${key}`).toEqual(
        placeholders(reference.get(key) ?? ''),
      );
    }
  });

  test('every key is used by the code', () => {
    const unused = [...reference.keys()].filter(
      (key) =>
        !code.includes(`'${key}'`) &&
        !code.includes(`'${namespace}:${key}'`) &&
        !dynamicPrefixes.some((prefix) => key.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });
});

test('every problem code of the API has a localized message', () => {
  const codes = flatten(resources[defaultLocale].errors);
  const serverCodes = [
    ...problemCodes,
    ...identityProblemCodes,
    ...kycProblemCodes,
    ...ledgerProblemCodes,
    ...withdrawProblemCodes,
    ...assetProblemCodes,
  ];
  expect(serverCodes.filter((problemCode) => !codes.has(`codes.${problemCode}`))).toEqual([]);
});

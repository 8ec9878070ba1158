// Proves every locale is complete and exact: the five locales have the same keys, no value is
// empty, placeholders match the default locale's, and every key is used by the web app's code
// (literally, or under a prefix the code builds keys from).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { resources } from './i18n.ts';
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
const namespaces = Object.keys(
  resources[defaultLocale],
) as (keyof (typeof resources)[typeof defaultLocale])[];

describe.each(namespaces)('namespace %s', (namespace) => {
  const reference = flatten(resources[defaultLocale][namespace] as Tree);

  test.each(locales.filter((locale) => locale !== defaultLocale))(
    '%s has exactly the keys of ko-KR',
    (locale) => {
      const keys = flatten(resources[locale][namespace] as Tree);
      expect([...keys.keys()].sort()).toEqual([...reference.keys()].sort());
    },
  );

  test.each([...locales])('%s has no empty value and the same placeholders as ko-KR', (locale) => {
    for (const [key, text] of flatten(resources[locale][namespace] as Tree)) {
      expect(text.trim(), `${locale} ${key}`).not.toBe('');
      expect(placeholders(text), `${locale} ${key}`).toEqual(
        placeholders(reference.get(key) ?? ''),
      );
    }
  });

  test('every key is used by the code', () => {
    const code = sourceFiles(join(import.meta.dirname, '..'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    // Keys built at run time: t(`notFound.resources.${resource}`) uses every key under that prefix.
    const dynamicPrefixes = [...code.matchAll(/t\(`([\w.]+)\.\$\{/g)].map(
      (match) => `${match[1]}.`,
    );
    const unused = [...reference.keys()].filter(
      (key) =>
        !code.includes(`'${key}'`) && !dynamicPrefixes.some((prefix) => key.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });
});

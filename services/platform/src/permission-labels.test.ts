// Proves every permission an administrator can grant (each administrator route of the table) has
// a label in every locale of the web app, so the access-control screen never falls back to the
// route table's English summary.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isGrantablePermission, routeTable } from '@ledger/contracts';
import { expect, test } from 'vitest';

const locales = ['ko-KR', 'en-US', 'ja-JP', 'vi-VN', 'zh-TW'];
const localesDir = join(import.meta.dirname, '../../../web/src/locales');

/** The same key as web/src/features/admin-access/acs-catalog-page.tsx `permissionLabelKey`. */
const labelKey = (permission: { method: string; path: string }) =>
  `${permission.method}_${permission.path
    .replace(/^\/api\/v1\//, '')
    .replaceAll(':', '')
    .replaceAll('/', '_')}`;

const grantable = routeTable.filter((route) =>
  isGrantablePermission({ method: route.method, path: route.path }),
);

test.each(locales)('%s labels every grantable permission, and nothing else', (locale) => {
  const file = JSON.parse(readFileSync(join(localesDir, locale, 'admin-access.json'), 'utf8')) as {
    permissions: Record<string, string>;
  };
  expect(grantable.length).toBeGreaterThan(20);
  expect(Object.keys(file.permissions).sort()).toEqual(grantable.map(labelKey).sort());
});

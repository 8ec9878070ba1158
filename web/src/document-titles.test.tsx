// @vitest-environment happy-dom
// Proves that every screen of the router names itself in the tab (SPEC §2: "page name | product
// title"): each route path of the route tree, parameters filled, is opened as a signed-in chief
// administrator with one brokerage, and the title it settles on has a page name before the product.
import './test-support/dom-environment.ts';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import type { Session } from './lib/session/session.ts';
import { createAppRouter } from './router.tsx';
import { problem, useApiServer } from './test-support/api-server.ts';
import { brokerage, listAnswer } from './test-support/fixtures.ts';
import { renderApp, startI18n } from './test-support/render-app.tsx';
import { signedInHandlers } from './test-support/signed-in.ts';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));

beforeEach(() => {
  document.title = '';
  server.use(
    ...signedInHandlers({ is_admin: true }),
    http.get('/api/v1/brokerage', () => HttpResponse.json(listAnswer([brokerage(1, 'Desk')]))),
    // What a screen reads beyond the session and the constants fails as missing: the title must
    // not depend on it.
    http.all('/api/v1/*', ({ request }) =>
      new URL(request.url).pathname === '/api/v1/constant' ? undefined : problem(404, 'not_found'),
    ),
  );
});

/** Every path of the route tree, with its parameters filled and each splat given a sample. */
function routePaths(): string[] {
  const router = createAppRouter(
    { queryClient: new QueryClient(), session: {} as Session, store: createStore() },
    createMemoryHistory({ initialEntries: ['/'] }),
  );
  const paths = Object.values(router.routesByPath).map((route) => route.fullPath as string);
  return [...new Set(paths)]
    .map((path) =>
      path
        .replace(/\/\$$/, '/share/list')
        .replace(/\$[A-Za-z_]+/g, '1')
        .replace(/\/$/, ''),
    )
    .map((path) => (path === '' ? '/' : path))
    .sort();
}

const paths = routePaths();

test('the route tree is walked whole', () => {
  expect(paths).toContain('/admin/withdraw/policy');
  expect(paths).toContain('/wallet/account/1');
  expect(paths.length).toBeGreaterThan(40);
});

test.each(paths)('%s names its screen in the title', async (path) => {
  renderApp(path);
  await waitFor(
    () => expect(document.title).toMatch(/^(?!Ledger Exchange$).+ \| Ledger Exchange$/),
    {
      timeout: 4000,
    },
  );
  expect(document.title).not.toMatch(/screens\.|undefined/);
});

// @vitest-environment happy-dom
// Proves the detail-screen frame: each tab is its own route (the active one follows the URL,
// choosing another navigates), the back link returns to the list, and the title is page + product.
import '../../test-support/dom-environment.ts';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { beforeAll, expect, test } from 'vitest';
import { startI18n } from '../../test-support/render-app.tsx';
import { UiProviders } from '../../ui-providers.tsx';
import { DetailLayout } from './detail-layout.tsx';

beforeAll(() => startI18n('en-US'));

const tabs = [
  { value: 'view', label: 'Profile', href: '/members/7/view' },
  { value: 'loginlog', label: 'Login history', href: '/members/7/loginlog' },
];

const rootRoute = createRootRoute({ component: Outlet });
const listRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/members',
  component: () => <h1>List</h1>,
});
const tabRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/members/$seq/$tab',
  component: function MemberTab() {
    const { tab } = tabRoute.useParams();
    return (
      <DetailLayout title="Member 7" backHref="/members" tabs={tabs} activeTab={tab}>
        <p>{`${tab} content`}</p>
      </DetailLayout>
    );
  },
});

function renderDetail(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createRouter({ routeTree: rootRoute.addChildren([listRoute, tabRoute]), history });
  render(
    <JotaiProvider store={createStore()}>
      <UiProviders>
        <RouterProvider router={router} />
      </UiProviders>
    </JotaiProvider>,
  );
  return history;
}

test('tabs follow and change the URL; back returns to the list', async () => {
  const history = renderDetail('/members/7/loginlog');
  expect(await screen.findByText('loginlog content')).toBeDefined();
  expect(screen.getByRole('tab', { name: 'Login history' }).getAttribute('aria-selected')).toBe(
    'true',
  );
  expect(document.title).toBe('Member 7 | Ledger Exchange');
  fireEvent.click(screen.getByRole('tab', { name: 'Profile' }));
  await waitFor(() => expect(history.location.pathname).toBe('/members/7/view'));
  expect(await screen.findByText('view content')).toBeDefined();
  fireEvent.click(screen.getByRole('link', { name: 'Back to the list' }));
  await waitFor(() => expect(history.location.pathname).toBe('/members'));
});

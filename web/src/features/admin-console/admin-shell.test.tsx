// @vitest-environment happy-dom
// Proves the admin console frame: the root path opens it, its menu names every admin screen of
// SPEC §2 (detail screens included, marked as opened from their list), screens not built yet say
// so on their own page (a not-built screen is picked from the route files, so building one never
// breaks this), unknown paths go to /404, and the page title is page name + product; a role
// holder's menu lists only the built screens whose admin route its roles grant (one GET /member/me
// answers both who is logged in and what they may call), and every screen's route is one the
// route table serves.
import '../../test-support/dom-environment.ts';
import { routeTable } from '@ledger/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { useApiServer } from '../../test-support/api-server.ts';
import { memberInfo } from '../../test-support/fixtures.ts';
import {
  everyScreenBuilt,
  notBuiltAdminDetailScreen,
  notBuiltAdminListScreen,
  notBuiltScreens,
} from '../../test-support/not-built-screens.ts';
import { renderApp, startI18n } from '../../test-support/render-app.tsx';
import { signedInHandlers } from '../../test-support/signed-in.ts';
import { hasPathParameters, samplePath } from '../../ui-kit/shell/console-screens.ts';
import { adminScreens } from './admin-screens.ts';

const server = useApiServer();
beforeAll(() => startI18n('en-US'));
beforeEach(() => {
  server.use(...signedInHandlers({ user_id: 'root', is_admin: true }));
});

/** The SPEC §2 admin paths, as written there (details expanded), to check the catalog against. */
const specPaths = [
  'member/list',
  'member/group/list',
  'account/list',
  'account/update-balance-bulk',
  'deposit/list',
  'withdraw/list',
  'account-transfer/list',
  'withdraw-transfer/list',
  'withdraw/policy',
  'kyc-certification/list',
  'kyc-realname/list',
  'kyc-asset-withdraw-address-certification/list',
  'direct-transfer/list',
  'private-application/list',
  'private-deal/list',
  'loginlog/list',
  'oauth2-client/list',
  'activity-log/list',
  'market/catalog',
  'asset/list',
  'asset-plugin/list',
  'security/catalog',
  'lang',
  'acs/catalog',
  'finance/catalog',
  'contract/catalog',
  'cs/ticket/list',
  'cs/faq/list',
  'finance/fund-list',
  'finance/return-list',
  'finance/dividend-list',
  'contract/agreement-list',
  'affiliate/policy',
  'affiliate/log-list',
  'affiliate/balance-list',
  'affiliate/adjust-list',
  'pg/merchant-list',
  'pg/merchant/$merchant_seq/view',
  'pg/feeset',
  'pg/transaction-list',
  'brokerage/list',
  'brokerage/balance-list',
  'brokerage/share-list',
  'brokerage/adjust-list',
  'public/order-list',
  'public/trade-list',
  'public/balance-transfer-list',
  'statistic',
  'member/$member_seq/view',
  'member/$member_seq/account',
  'member/$member_seq/loginlog',
  'member/$member_seq/oauth2-client',
  'member/$member_seq/invite-relation',
  'account/$account_seq/view',
  'account/$account_seq/balance-log',
  'brokerage/$brokerage_seq/view',
  'brokerage/$brokerage_seq/relation-list',
  'brokerage/$brokerage_seq/balance-list',
  'brokerage/$brokerage_seq/share-list',
  'brokerage/$brokerage_seq/adjust-list',
  'config/member',
  'config/service',
  'config/kyc',
  'config/mail',
  'config/phone',
  'config/otp',
  'config/notification',
  'config/cs',
];

test('the catalog holds exactly the SPEC §2 admin screens', () => {
  const paths = adminScreens.map((screen) => screen.path).filter((path) => path !== '');
  expect([...paths].sort()).toEqual([...specPaths].sort());
});

test('the root path opens the admin index, whose menu lists every screen', async () => {
  const app = renderApp('/');
  await waitFor(() => expect(app.location().pathname).toBe('/admin'));
  const menu = await screen.findByRole('navigation', { name: 'Screen menu' });
  const listScreens = adminScreens.filter((screen) => !hasPathParameters(screen));
  // The built screens join the menu once the caller's access has loaded.
  await waitFor(() =>
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(
      expect.arrayContaining(
        listScreens.map((screen) => `/admin/${screen.path}`.replace(/\/$/, '')),
      ),
    ),
  );
  expect(within(menu).getAllByText('Opened from its list')).toHaveLength(
    adminScreens.filter(hasPathParameters).length,
  );
  expect(document.title).toBe('Admin console | Ledger Exchange');
});

test('a menu entry opens its screen, which says it is not built yet', async ({ skip }) => {
  const notBuilt = notBuiltAdminListScreen();
  if (notBuilt === undefined) console.log(everyScreenBuilt);
  skip(notBuilt === undefined, everyScreenBuilt);
  if (notBuilt === undefined) return;
  const name = i18next.t(`screens.${notBuilt.key}`, { ns: 'admin' });
  const app = renderApp('/admin');
  const menu = await screen.findByRole('navigation', { name: 'Screen menu' });
  fireEvent.click(
    within(menu).getByRole('link', { name: (accessible) => accessible.startsWith(name) }),
  );
  await waitFor(() => expect(app.location().pathname).toBe(`/admin/${notBuilt.path}`));
  expect(await screen.findByRole('heading', { level: 1, name })).toBeDefined();
  expect(screen.getByText('This screen is not built yet')).toBeDefined();
  expect(document.title).toBe(`${name} | Ledger Exchange`);
});

test('a detail screen path with an id is recognised', async ({ skip }) => {
  const notBuilt = notBuiltAdminDetailScreen();
  if (notBuilt === undefined) console.log(everyScreenBuilt);
  skip(notBuilt === undefined, everyScreenBuilt);
  if (notBuilt === undefined) return;
  renderApp(`/admin/${samplePath(notBuilt, '42')}`);
  expect(
    await screen.findByRole('heading', {
      level: 1,
      name: i18next.t(`screens.${notBuilt.key}`, { ns: 'admin' }),
    }),
  ).toBeDefined();
  expect(screen.getByText('This screen is not built yet')).toBeDefined();
});

test('the not-built screens are exactly the catalog screens without a route file', () => {
  const notBuilt = new Set(notBuiltScreens('/admin', adminScreens).map((screen) => screen.key));
  // Built screens have their own route files; these two are among them for good.
  expect(notBuilt.has('memberList')).toBe(false);
  expect(notBuilt.has('accountBalanceLog')).toBe(false);
  expect(notBuilt.has('index')).toBe(false);
});

test('every screen that reads names an admin GET route of the route table; every built one does', () => {
  const served = new Set(
    routeTable.filter((route) => route.method === 'GET').map((route) => route.path),
  );
  const notBuilt = new Set(notBuiltScreens('/admin', adminScreens).map((screen) => screen.key));
  for (const entry of adminScreens) {
    if (entry.reads !== undefined) expect(served, entry.key).toContain(entry.reads);
    else expect(notBuilt.has(entry.key) || entry.key === 'index', entry.key).toBe(true);
  }
});

test('a role holder’s menu lists the screens its roles grant, from one GET /member/me', async () => {
  let memberMeReads = 0;
  server.use(
    http.get('/api/v1/member/me', () => {
      memberMeReads += 1;
      return HttpResponse.json({
        member_info: memberInfo({ user_id: 'clerk', is_admin: false }),
        access: {
          is_chief_administrator: false,
          permissions: [
            { method: 'GET', path: '/api/v1/admin/account' },
            { method: 'GET', path: '/api/v1/admin/account/:seq' },
          ],
        },
      });
    }),
  );
  renderApp('/admin');
  const menu = await screen.findByRole('navigation', { name: 'Screen menu' });
  const name = (key: (typeof adminScreens)[number]['key']) =>
    i18next.t(`screens.${key}`, { ns: 'admin' });
  await waitFor(() =>
    expect(within(menu).getByRole('link', { name: name('accountList') })).toBeDefined(),
  );
  expect(within(menu).getByText(name('accountView'))).toBeDefined();
  expect(within(menu).queryByText(name('memberList'))).toBeNull();
  expect(within(menu).queryByText(name('accountBalanceLog'))).toBeNull();
  expect(within(menu).queryByText(name('configService'))).toBeNull();
  const notBuilt = notBuiltAdminListScreen();
  if (notBuilt !== undefined) expect(within(menu).getByText(name(notBuilt.key))).toBeDefined();
  expect(memberMeReads).toBe(1);
});

test('an unknown admin path goes to /404', async () => {
  const app = renderApp('/admin/no/such/screen');
  await waitFor(() => expect(app.location().pathname).toBe('/404'));
});

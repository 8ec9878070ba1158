// Proves, in Chromium against the running product, the auth routing of SPEC §2: a protected path
// sends a visitor to login-me with redirectFrom (the refresh fails without a session), and — when
// identity (#4) is served — logging in there returns to that path, and logging out of it goes
// back to login-me; the root path opens the admin console for an administrator and the member
// home for a member, whose header on a 390 px phone keeps its links, language and logout on screen.
import { expect, test } from 'vitest';
import { saveScreenshot } from './support/browser.ts';
import { useRunningPlatform } from './support/running-platform.ts';
import {
  identityAvailability,
  logInThroughForm,
  missingKeys,
  openPage,
} from './support/web-pages.ts';

const running = useRunningPlatform();
const englishForm = { userId: 'User ID', password: 'Password', submit: 'Log in' };

test('a protected path sends a visitor to login-me with redirectFrom', async () => {
  const { browser, platform } = running();
  const page = await openPage(browser, platform, 'en-US');
  await page.goto('/admin/member/list?page=2');
  await page.waitForURL((url) => url.pathname === '/login-me');
  const url = new URL(page.url());
  expect(url.searchParams.get('redirectFrom')).toBe('/admin/member/list?page=2');
  await page.getByRole('heading', { name: 'Please log in' }).waitFor();
  expect(await page.title()).toBe('Please log in | Ledger Exchange');
  expect(await missingKeys(page)).toEqual([]);
  await saveScreenshot(page, 'login-me-redirect-en-US');
  await page.context().close();
});

test('the brokerage console sends a visitor to login-me with dashboard_type=brokerage', async () => {
  const { browser, platform } = running();
  const page = await openPage(browser, platform, 'en-US');
  await page.goto('/brokerage-console/1');
  await page.waitForURL((url) => url.pathname === '/login-me');
  expect(new URL(page.url()).searchParams.get('dashboard_type')).toBe('brokerage');
  await page.getByText('The brokerage console is for brokerage owners').waitFor();
  await page.context().close();
});

test('after logging in at login-me the user is back on the page asked for', async ({ skip }) => {
  const { browser, platform } = running();
  const identity = await identityAvailability(platform);
  if (!identity.isAvailable) console.log(`skipped: identity is not available (${identity.reason})`);
  skip(!identity.isAvailable, 'identity (#4) is not served by this build');
  if (!identity.isAvailable) return;
  const page = await openPage(browser, platform, 'en-US');
  // A screen that is built for good (the member list), with a query that must survive the login:
  // this test is about the way back, not about any screen's state.
  await page.goto('/admin/member/list?page=2');
  await page.waitForURL((url) => url.pathname === '/login-me');
  await logInThroughForm(page, identity.login.userId, identity.login.password, englishForm);
  await page.waitForURL((url) => url.pathname === '/admin/member/list', { timeout: 20_000 });
  expect(new URL(page.url()).searchParams.get('page')).toBe('2');
  await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
  expect(await page.getByText(identity.login.userId, { exact: true }).isVisible()).toBe(true);
  await saveScreenshot(page, 'admin-after-login-en-US');

  // A reload keeps the session: the refresh cookie gives a new access token.
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();

  await page.getByRole('link', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/login-me');
  const back = new URL(
    new URL(page.url()).searchParams.get('redirectFrom') ?? '',
    'http://localhost',
  );
  expect(back.pathname).toBe('/admin/member/list');
  expect(back.searchParams.get('page')).toBe('2');
  // The session is over on the server too: the protected page does not come back.
  await page.goto('/admin');
  await page.waitForURL((url) => url.pathname === '/login-me');
  expect(await missingKeys(page)).toEqual([]);
  await page.context().close();
});

test('/login sends a logged-in user home, and the root path opens the admin console', async ({
  skip,
}) => {
  const { browser, platform } = running();
  const identity = await identityAvailability(platform);
  skip(!identity.isAvailable, 'identity (#4) is not served by this build');
  if (!identity.isAvailable) return;
  const page = await openPage(browser, platform, 'en-US');
  await page.goto('/login');
  await logInThroughForm(page, identity.login.userId, identity.login.password, englishForm);
  await page.waitForURL((url) => url.pathname === '/home');
  await page.goto('/login');
  await page.waitForURL((url) => url.pathname === '/home');
  await page.goto('/');
  await page.waitForURL((url) => url.pathname === '/admin');
  await page.getByRole('heading', { level: 1, name: 'Admin console' }).waitFor();
  await page.context().close();
});

test('on a 390 px phone a member is sent home from the root path and the header fits', async ({
  skip,
}) => {
  const { browser, platform } = running();
  const identity = await identityAvailability(platform);
  skip(!identity.isAvailable, 'identity (#4) is not served by this build');
  if (!identity.isAvailable) return;
  const member = platform.demoLogins.find((login) => login.role === 'member');
  skip(member === undefined, 'the start command seeded no demo member');
  if (member === undefined) return;
  const page = await openPage(browser, platform, 'en-US');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await logInThroughForm(page, member.userId, member.password, englishForm);
  await page.waitForURL((url) => url.pathname === '/home');
  await page.goto('/');
  await page.waitForURL((url) => url.pathname === '/home');
  await page.goto('/wallet');
  const header = page.getByRole('banner');
  const controls = [
    header.getByRole('link', { name: 'Wallet' }),
    header.getByRole('link', { name: 'My page' }),
    header.getByRole('combobox', { name: 'Language' }),
    header.getByRole('link', { name: 'Log out' }),
  ];
  for (const control of controls) {
    await control.waitFor();
    const box = await control.boundingBox();
    expect(box, String(control)).not.toBeNull();
    expect(box && box.x >= 0 && box.x + box.width <= 390, String(control)).toBe(true);
  }
  expect(await header.getByRole('link', { name: 'Sign up' }).count()).toBe(0);
  expect(await header.getByRole('link', { name: 'Admin console' }).count()).toBe(0);
  // The language select shows its whole value (it used to be squeezed blank).
  const select = header.getByRole('combobox', { name: 'Language' });
  expect(await select.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  expect(await select.inputValue()).toBe('en-US');
  await saveScreenshot(page, 'member-header-390px-en-US');
  await page.context().close();
});

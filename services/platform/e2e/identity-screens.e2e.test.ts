// Proves, in Chromium against the running product, the identity screens: a visitor
// registers, verifies the email on my page with the code from the development outbox, registers
// and activates an OTP from the otpauth URI the page shows, logs in again through the OTP step and
// finds their account on my page; the demo administrator filters member/list, opens a member's
// view and tabs and the other identity admin lists; and every one of these screens renders in all
// five locales without a missing i18next key.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { saveScreenshot } from './support/browser.ts';
import { mailedCode } from './support/development-control.ts';
import { otpCodes } from './support/otp-codes.ts';
import { useRunningPlatform } from './support/running-platform.ts';
import { logInThroughForm, missingKeys, navigateInApp, openPage } from './support/web-pages.ts';

const running = useRunningPlatform();
const englishForm = { userId: 'User ID', password: 'Password', submit: 'Log in' };
const demoAdministrator = { userId: 'admin', password: 'ledger-demo-chief-2025' };
/** Types a code into a six-box PinInput, one digit per box. */
async function typeCode(boxes: Locator, code: string) {
  await expect.poll(() => boxes.count()).toBe(code.length);
  for (const [index, digit] of [...code].entries()) await boxes.nth(index).fill(digit);
}

async function expectNoMissingKeys(page: Page, name: string) {
  expect(await missingKeys(page), name).toEqual([]);
}

const newMember = (() => {
  const userId = `e2e${Date.now().toString(36)}`;
  return {
    userId,
    name: 'Erin Choi',
    email: `${userId}@example.test`,
    password: 'a long e2e passphrase 42',
  };
})();

describe('identity screens', () => {
  test('register, verify the email, set up an OTP, and log in with it to my page', {
    timeout: 240_000,
  }, async () => {
    const { browser, platform } = running();
    const page = await openPage(browser, platform, 'en-US');

    await page.goto('/register');
    await page.getByLabel(/^User ID/).fill(newMember.userId);
    await page.getByLabel(/^Name/).fill(newMember.name);
    await page.getByLabel(/^Email/).fill(newMember.email);
    await page.getByLabel(/^Password/).fill(newMember.password);
    await page.getByLabel(/^Confirm password/).fill(newMember.password);
    await page.getByLabel(/terms of service/).click();
    await page.getByLabel(/privacy policy/).click();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // My page is protected: login-me first, then back to it.
    await page.goto('/my-page');
    await page.waitForURL((url) => url.pathname === '/login-me');
    await logInThroughForm(page, newMember.userId, newMember.password, englishForm);
    await page.waitForURL((url) => url.pathname === '/my-page', { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'My page' }).waitFor();
    const profile = page.getByRole('region', { name: 'Member information' });
    await profile.getByText(newMember.userId, { exact: true }).waitFor();
    expect(await profile.getByText(/^M\d{8}$/).textContent()).toMatch(/^M\d{8}$/);
    await saveScreenshot(page, 'identity-my-page-unverified-en-US');

    // The sign-up mail's code, typed within the 5 minutes.
    const verification = page.getByRole('region', { name: 'Email verification' });
    const code = await mailedCode(platform, newMember.email);
    await typeCode(verification.getByLabel('Verification code'), code);
    await page.getByText('Your email address is verified.').waitFor();
    await profile.getByText('Verified', { exact: true }).waitFor();
    expect(await verification.count()).toBe(0);

    // OTP: the QR code's otpauth URI (also offered as a link) carries the secret.
    const otp = page.getByRole('region', { name: 'One-time password (OTP)' });
    await otp.getByRole('button', { name: 'Register a new OTP' }).click();
    const setup = page.getByRole('region', { name: 'Set up your authenticator app' });
    await setup.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const otpauthUri = await setup
      .getByRole('link', { name: 'Open in an authenticator app on this device' })
      .getAttribute('href');
    const uri = new URL(otpauthUri ?? '');
    expect(uri.protocol).toBe('otpauth:');
    const secret = uri.searchParams.get('secret') ?? '';
    expect(await setup.getByLabel('Setup key', { exact: true }).textContent()).toBe(secret);
    await saveScreenshot(page, 'identity-my-page-otp-setup-en-US');
    await setup.getByLabel(/I have stored the setup key/).check();
    // Each code is for a later time step than the last: the server never accepts a step twice.
    const codes = await otpCodes(secret);
    await typeCode(setup.getByLabel('One-time password'), await codes.next());

    // Activation ends every session: the member logs in again, now with the OTP step.
    await page.waitForURL((url) => url.pathname === '/login-me', { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('redirectFrom')).toBe('/my-page');
    await page.getByText(/Your one-time password is active/).waitFor();
    await logInThroughForm(page, newMember.userId, newMember.password, englishForm);
    const otpForm = page.getByRole('form', { name: 'One-time password form' });
    await otpForm.waitFor();
    await saveScreenshot(page, 'identity-login-otp-step-en-US');
    await typeCode(otpForm.getByLabel('One-time password'), await codes.next());

    await page.waitForURL((url) => url.pathname === '/my-page', { timeout: 20_000 });
    await profile.getByText(newMember.userId, { exact: true }).waitFor();
    await profile.getByText('Verified', { exact: true }).waitFor();
    await page
      .getByRole('region', { name: 'Security level' })
      .getByText('One-time password (OTP): done')
      .waitFor();
    await otp.getByText('Active', { exact: true }).waitFor();
    await expectNoMissingKeys(page, 'my page');
    await saveScreenshot(page, 'identity-my-page-with-otp-en-US');
    await page.context().close();
  });

  test('the administrator filters member/list and opens a member view and its tabs', {
    timeout: 180_000,
  }, async () => {
    const { browser, platform } = running();
    const page = await openPage(browser, platform, 'en-US');
    await page.goto('/admin/member/list');
    await page.waitForURL((url) => url.pathname === '/login-me');
    await logInThroughForm(page, demoAdministrator.userId, demoAdministrator.password, englishForm);
    await page.waitForURL((url) => url.pathname === '/admin/member/list', { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
    const table = page.getByRole('table');
    await table.getByRole('link', { name: 'bob', exact: true }).waitFor();
    await saveScreenshot(page, 'identity-admin-member-list-en-US');

    await page.getByRole('searchbox', { name: 'User ID, email or name' }).fill('alice');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('search') === 'alice');
    await expect.poll(() => table.getByRole('link', { name: 'bob', exact: true }).count()).toBe(0);
    await page.getByLabel('Denied').selectOption({ label: 'No' });
    await page.waitForURL((url) => url.searchParams.get('is_denied') === 'false');
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await page.waitForURL((url) => url.searchParams.get('date_range') === 'last_30_days');
    await table.getByRole('link', { name: 'alice', exact: true }).waitFor();
    await saveScreenshot(page, 'identity-admin-member-list-filtered-en-US');

    await table.getByRole('link', { name: 'alice', exact: true }).click();
    await page.waitForURL((url) => /^\/admin\/member\/\d+\/view$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: 'Member details' }).waitFor();
    await page.getByText(/^alice \(M\d{8}\)$/).waitFor();
    await page.getByRole('region', { name: 'Administration' }).waitFor();
    await saveScreenshot(page, 'identity-admin-member-view-en-US');

    await page.getByRole('tab', { name: 'Login history' }).click();
    await page.getByRole('heading', { level: 1, name: 'Member login history' }).waitFor();
    await page.getByText('Succeeded', { exact: true }).first().waitFor();
    await saveScreenshot(page, 'identity-admin-member-loginlog-en-US');
    await page.getByRole('tab', { name: 'Accounts' }).click();
    await page.getByText('This member has no accounts.').waitFor();
    await page.getByRole('tab', { name: 'OAuth2 clients' }).click();
    await page.getByText('This member has no OAuth2 clients.').waitFor();
    await page.getByRole('tab', { name: 'Invitations' }).click();
    await page.getByText('This member has not invited anyone.').waitFor();

    // The other identity lists, each with a row (or its empty message) from the real API.
    const lists = [
      ['member-group-list', '/admin/member/group/list', 'Member groups', 'No member group yet.'],
      ['loginlog-list', '/admin/loginlog/list', 'Login history', 'Succeeded'],
      ['activity-log-list', '/admin/activity-log/list', 'Activity log', 'Signed up'],
      ['acs-catalog', '/admin/acs/catalog', 'Roles and permissions', '/api/v1/admin/member'],
    ] as const;
    for (const [name, path, heading, text] of lists) {
      await navigateInApp(page, path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // Filter choices repeat some of these words: look in the rows (or the empty message).
      await page
        .locator('table, .mantine-datatable-empty-state')
        .getByText(text, { exact: true })
        .first()
        .waitFor();
      await expectNoMissingKeys(page, name);
      await saveScreenshot(page, `identity-admin-${name}-en-US`);
    }
    await page.context().close();
  });

  const locales = ['ko-KR', 'en-US', 'ja-JP', 'vi-VN', 'zh-TW'] as const;
  const screens = [
    ['my-page', '/my-page'],
    ['member-list', '/admin/member/list'],
    ['member-view', '/admin/member/1/view'],
    ['member-loginlog', '/admin/member/1/loginlog'],
    ['member-group-list', '/admin/member/group/list'],
    ['loginlog-list', '/admin/loginlog/list'],
    ['activity-log-list', '/admin/activity-log/list'],
    ['acs-catalog', '/admin/acs/catalog'],
  ] as const;

  describe.each(locales)('%s', (locale) => {
    test('the identity screens render without a missing key', { timeout: 180_000 }, async () => {
      const { browser, platform } = running();
      const page = await openPage(browser, platform, locale);
      await page.goto('/login');
      // The login form in this locale, found by its fields rather than by translated labels.
      await page.locator('input[autocomplete="username"]').fill(demoAdministrator.userId);
      await page.locator('input[autocomplete="current-password"]').fill(demoAdministrator.password);
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL((url) => url.pathname === '/home', { timeout: 20_000 });
      // The first screen is a page load in the locale; the others are opened inside the app.
      for (const [index, [name, path]] of screens.entries()) {
        if (index === 0) {
          await page.goto(path);
          await page.waitForLoadState('networkidle');
        } else {
          await navigateInApp(page, path);
        }
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await page.locator('html').getAttribute('lang'), name).toBe(locale);
        await expectNoMissingKeys(page, `${name} in ${locale}`);
        if (name === 'my-page' || name === 'member-list' || name === 'member-view') {
          await saveScreenshot(page, `identity-${name}-${locale}`);
        }
      }
      await page.context().close();
    });
  });
});

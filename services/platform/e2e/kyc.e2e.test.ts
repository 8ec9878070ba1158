// Proves, in Chromium against the running product, KYC and automatic security levels:
// Alice (email verified by the seed, so level 2) requests KYC certification on her security page,
// the administrator approves it on kyc-certification/list, and her level rises to 3 by itself;
// she authenticates herself in the simulated authority's popup (level 4), requests a
// withdraw-address certification, the administrator approves it on its list, and she sees both
// approved; the admin security catalog and config/kyc render; no i18next key is missing.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { saveScreenshot } from './support/browser.ts';
import { useRunningPlatform } from './support/running-platform.ts';
import { logInThroughForm, missingKeys, openInLocale, openPage } from './support/web-pages.ts';

const running = useRunningPlatform();
const englishForm = { userId: 'User ID', password: 'Password', submit: 'Log in' };
const alice = { userId: 'alice', password: 'ledger-demo-member-one', name: 'Alice Kim' };
const admin = { userId: 'admin', password: 'ledger-demo-chief-2025' };
const address = 'bc1qalicee2ecertifiedaddress';

async function logIn(page: Page, who: { userId: string; password: string }, path: string) {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === '/login-me');
  await logInThroughForm(page, who.userId, who.password, englishForm);
  await page.waitForURL((url) => url.pathname === path, { timeout: 20_000 });
}

/** Reloads until the security-level section shows `level` (the reactor works in the background). */
async function expectLevel(page: Page, level: number) {
  await expect
    .poll(
      async () => {
        await page.reload();
        const current = page.getByText(`Your level: ${level}`, { exact: true });
        try {
          await current.waitFor({ timeout: 3_000 });
          return true;
        } catch {
          return false;
        }
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
}

/** Approves the first row still waiting for review on an admin KYC list. */
async function approveFirstRequest(page: Page, path: string, rowText: string) {
  await page.goto(path);
  const row = page
    .getByRole('row')
    .filter({ hasText: rowText })
    .filter({ hasText: 'Waiting for review' });
  await row.first().waitFor({ timeout: 20_000 });
  await row.first().getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page
    .getByRole('row')
    .filter({ hasText: rowText })
    .filter({ hasText: 'Approved' })
    .first()
    .waitFor({ timeout: 20_000 });
}

describe('KYC and security levels', () => {
  test('KYC approved → level rises; self-authentication; address certified; both shown', {
    timeout: 240_000,
  }, async () => {
    const { browser, platform } = running();
    const member = await openPage(browser, platform, 'en-US');
    await logIn(member, alice, '/my-page');
    await member
      .getByRole('region', { name: 'Security level and KYC' })
      .getByRole('link', { name: 'Open' })
      .click();
    await member.waitForURL((url) => url.pathname === '/my-page/kyc');
    await member.getByRole('heading', { level: 1, name: 'Security level and KYC' }).waitFor();
    await expectLevel(member, 2);
    await saveScreenshot(member, 'kyc-security-level-2-en-US');

    // KYC certification request.
    const kyc = member.getByRole('region', { name: 'KYC certification' });
    await kyc.getByLabel(/^File name/).fill('alice-id-front.jpg');
    await kyc.getByLabel(/^Reference/).fill('scan-0001');
    await kyc.getByRole('button', { name: 'Request certification' }).click();
    await kyc.getByText('A request is waiting for review.', { exact: false }).waitFor();
    await kyc.getByRole('row').filter({ hasText: 'Waiting for review' }).waitFor();

    // The administrator approves it.
    const administrator = await openPage(browser, platform, 'en-US');
    await logIn(administrator, admin, '/admin/kyc-certification/list');
    await approveFirstRequest(administrator, '/admin/kyc-certification/list', 'alice');
    await saveScreenshot(administrator, 'kyc-admin-certification-list-en-US');

    // Her level rises by itself: email verified + KYC certified = level 3.
    await expectLevel(member, 3);
    await member
      .getByRole('region', { name: 'KYC certification' })
      .getByRole('row')
      .filter({ hasText: 'Approved' })
      .waitFor();

    // Self-authentication in the simulated authority's popup: level 4.
    const realname = member.getByRole('region', { name: 'Self-authentication' });
    const [popup] = await Promise.all([
      member.context().waitForEvent('page'),
      realname.getByRole('button', { name: 'Authenticate yourself' }).click(),
    ]);
    await popup.waitForURL((url) => url.pathname === '/kyc/realname-provider', { timeout: 20_000 });
    await popup.getByLabel(/^Name/).fill(alice.name);
    await popup.getByLabel(/^Birth date/).fill('900101');
    await popup.getByLabel(/^Cell number/).fill('01012345678');
    await saveScreenshot(popup, 'kyc-realname-provider-popup-en-US');
    // The provider's page closes itself once it has answered: a click whose page closes under it
    // has done its work (Playwright then reports the target closed, which is no failure here).
    const popupClosed = popup.waitForEvent('close');
    await popup
      .getByRole('button', { name: 'Authenticate', exact: true })
      .click()
      .catch((error: unknown) => {
        if (!popup.isClosed()) throw error;
      });
    await popupClosed;
    await realname
      .getByRole('row')
      .filter({ hasText: 'Authenticated' })
      .waitFor({ timeout: 20_000 });
    await expectLevel(member, 4);

    // Withdraw-address certification.
    const addresses = member.getByRole('region', { name: 'Withdrawal address certification' });
    await addresses.getByLabel(/^Asset code/).fill('BTC');
    await addresses.getByLabel(/^Address or account number/).fill(address);
    await addresses.getByLabel(/^Holder name/).fill(alice.name);
    await addresses.getByRole('button', { name: 'Request certification' }).click();
    await addresses
      .getByRole('row')
      .filter({ hasText: address })
      .filter({ hasText: 'Waiting for review' })
      .waitFor();

    await approveFirstRequest(
      administrator,
      '/admin/kyc-asset-withdraw-address-certification/list',
      address,
    );
    await saveScreenshot(administrator, 'kyc-admin-address-list-en-US');

    // She sees both approved; email + KYC + real name + address, no OTP: still level 4.
    await member.reload();
    const kycAfter = member.getByRole('region', { name: 'KYC certification' });
    await kycAfter.getByRole('row').filter({ hasText: 'Approved' }).waitFor({ timeout: 20_000 });
    const addressAfter = member.getByRole('region', { name: 'Withdrawal address certification' });
    await addressAfter
      .getByRole('row')
      .filter({ hasText: address })
      .filter({ hasText: 'Approved' })
      .waitFor({ timeout: 20_000 });
    await member.getByText('Your level: 4', { exact: true }).waitFor();
    await saveScreenshot(member, 'kyc-member-approved-en-US');
    expect(await missingKeys(member)).toEqual([]);

    // The other administrator screens of KYC render.
    await administrator.goto('/admin/kyc-realname/list');
    await administrator
      .getByRole('row')
      .filter({ hasText: 'alice' })
      .filter({ hasText: '900101' })
      .waitFor({ timeout: 20_000 });
    await administrator.goto('/admin/security/catalog');
    await administrator.getByRole('table', { name: 'Security levels and restrictions' }).waitFor();
    await saveScreenshot(administrator, 'kyc-admin-security-catalog-en-US');
    await administrator.goto('/admin/config/kyc');
    await administrator.getByLabel('KYC validity (seconds)').waitFor();
    expect(await missingKeys(administrator)).toEqual([]);
  });

  test('the KYC screens render in every locale with no missing key', {
    timeout: 360_000,
  }, async () => {
    const { browser, platform } = running();
    const member = await openPage(browser, platform, 'en-US');
    await logIn(member, alice, '/my-page/kyc');
    const administrator = await openPage(browser, platform, 'en-US');
    await logIn(administrator, admin, '/admin/security/catalog');
    for (const locale of ['ko-KR', 'en-US', 'ja-JP', 'vi-VN', 'zh-TW']) {
      // Each page loads its first screen in the locale (cookie); the next opens inside the app.
      const loaded = new Set<Page>();
      for (const [page, path, name] of [
        [member, '/my-page/kyc', 'kyc-member'],
        [administrator, '/admin/security/catalog', 'kyc-admin-catalog'],
        [administrator, '/admin/kyc-realname/list', 'kyc-admin-realnames'],
      ] as const) {
        await openInLocale(page, path, { locale, webUrl: platform.urls.web, loaded });
        await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
        expect(
          await page.evaluate(
            // Runs in the page; this file is compiled without the DOM library, hence globalThis.
            () =>
              (globalThis as unknown as { document: { documentElement: { lang: string } } })
                .document.documentElement.lang,
          ),
        ).toBe(locale);
        expect(await missingKeys(page), `${name} ${locale}`).toEqual([]);
        if (locale !== 'en-US') await saveScreenshot(page, `${name}-${locale}`);
      }
    }
  });
});

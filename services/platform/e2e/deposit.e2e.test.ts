// Proves, in Chromium against the running product, a chain deposit end to end: alice opens the deposit screen and creates her BTC deposit address (QR, copy), a deposit is sent to it on the simulated chain and blocks are mined through the development control; it shows pending with its confirmations, is credited at 350 confirmations, and the balance shows in her wallet; the administrator sees it in deposit/list and the catalog in asset/list.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { saveScreenshot } from './support/browser.ts';
import { chainControl as developmentChainControl } from './support/development-control.ts';
import { useRunningPlatform } from './support/running-platform.ts';
import { logInThroughForm, missingKeys, openPage } from './support/web-pages.ts';

const running = useRunningPlatform();
const englishForm = { userId: 'User ID', password: 'Password', submit: 'Log in' };

async function logInAt(page: Page, path: string, login: { userId: string; password: string }) {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === '/login-me', { timeout: 20_000 });
  await logInThroughForm(page, login.userId, login.password, englishForm);
  await page.waitForURL((url) => url.pathname === path.split('?')[0], { timeout: 20_000 });
}

/** The development control of the simulated chain, through the write API as the administrator. */
async function chainControl(path: 'send' | 'mine', body: unknown) {
  return developmentChainControl(running().platform, path, body);
}

describe('a chain deposit from the deposit screen to the wallet', () => {
  test('pending, credited at 350 confirmations, and in the wallet balance', {
    timeout: 240_000,
  }, async () => {
    const { browser, platform } = running();
    const page = await openPage(browser, platform, 'en-US');
    await logInAt(page, '/wallet/deposit?asset=BTC', {
      userId: 'alice',
      password: 'ledger-demo-member-one',
    });
    await page.getByRole('button', { name: 'Create deposit address' }).click({ timeout: 20_000 });
    const addressCode = page.getByTestId('deposit-address');
    await addressCode.waitFor({ timeout: 20_000 });
    const address = ((await addressCode.textContent()) ?? '').trim();
    expect(address).toMatch(/^sim1[0-9a-f]{38}$/);
    await page.getByRole('button', { name: 'Copy address' }).waitFor();
    await page.getByLabel('QR code of the deposit address').waitFor();
    await page.getByText('Minimum deposit: 0.0001 BTC').waitFor();
    await page.getByText('Credited after 350 confirmations.').waitFor();
    await saveScreenshot(page, 'deposit-address');

    await chainControl('send', { chain: 'sim-btc', address, amount: '0.25' });
    await chainControl('mine', { chain: 'sim-btc', blocks: 1 });
    // The history lists pending deposits with their confirmations (refreshed every few seconds).
    const history = page.getByRole('table').first();
    const row = history.getByRole('row', { name: /Waiting for confirmations/ });
    await row.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
      await saveScreenshot(page, 'deposit-not-pending');
      throw error;
    });
    await expect.poll(async () => row.innerText(), { timeout: 30_000 }).toContain('/ 350');
    await saveScreenshot(page, 'deposit-pending');

    await chainControl('mine', { chain: 'sim-btc', blocks: 349 });
    await history
      .getByRole('row', { name: /Credited/ })
      .waitFor({ timeout: 60_000 })
      .catch(async (error: unknown) => {
        await saveScreenshot(page, 'deposit-not-credited');
        throw error;
      });
    expect(await history.getByRole('row', { name: /Credited/ }).innerText()).toContain('0.25');
    await saveScreenshot(page, 'deposit-credited');
    expect(await missingKeys(page)).toEqual([]);

    // The wallet: the seeded 0.5 BTC and the deposit.
    await page.goto('/wallet');
    const assets = page.getByRole('table', { name: 'Assets' });
    await expect
      .poll(async () => assets.getByRole('row', { name: /^BTC/ }).innerText(), {
        timeout: 20_000,
      })
      .toContain('0.75');
    await saveScreenshot(page, 'deposit-wallet-balance');
  });

  test('the administrator sees the deposit in deposit/list and the catalog in asset/list', {
    timeout: 120_000,
  }, async () => {
    const { browser, platform } = running();
    const page = await openPage(browser, platform, 'en-US');
    await logInAt(page, '/admin/deposit/list', {
      userId: 'admin',
      password: 'ledger-demo-chief-2025',
    });
    await page.getByRole('row', { name: /Credited/ }).waitFor({ timeout: 20_000 });
    await saveScreenshot(page, 'admin-deposit-list');
    await page.goto('/admin/asset/list');
    for (const code of ['KRW', 'BTC', 'ETH', 'USDT']) {
      await page
        .getByRole('row', { name: new RegExp(`\\b${code}\\b`) })
        .first()
        .waitFor({
          timeout: 20_000,
        });
    }
    await saveScreenshot(page, 'admin-asset-list');
    await page.goto('/admin/asset-plugin/list');
    await page.getByRole('row', { name: /sim-btc/ }).waitFor({ timeout: 20_000 });
    await saveScreenshot(page, 'admin-asset-plugin-list');
    expect(await missingKeys(page)).toEqual([]);
  });
});

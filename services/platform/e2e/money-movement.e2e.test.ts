// Proves, in Chromium against the running product, money entering and leaving end to end: a BTC deposit sent to alice's deposit address on the simulated chain shows pending while blocks are mined through the development control and is credited at 350 confirmations; alice then withdraws part of it with an OTP step-up, the administrator approves it, it is sent and completes; her wallet balance, her withdrawal history and the administrator's deposit and withdrawal lists all tell the same story, and the reconciliation finds the members' BTC backed by the wallet on the chain.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { saveScreenshot } from './support/browser.ts';
import { chainControl as developmentChainControl } from './support/development-control.ts';
import { useRunningPlatform } from './support/running-platform.ts';
import { missingKeys, openPage } from './support/web-pages.ts';
import {
  demoAdmin as admin,
  demoAlice as alice,
  aliceCertified,
  applyForWithdrawal,
  logInAt,
  registerOtpAndLogIn,
} from './support/withdraw-steps.ts';

const running = useRunningPlatform();
/** Where alice's withdrawal goes: her certified address outside the exchange (the seed's). */
const externalAddress = aliceCertified.BTC;

/** The development control of the simulated chain, through the write API as the administrator. */
async function chainControl(path: 'send' | 'mine', body: unknown): Promise<void> {
  await developmentChainControl(running().platform, path, body);
}

/** Fails with a screenshot of the page, so a red run shows what the screen said. */
async function orScreenshot<T>(page: Page, name: string, waiting: Promise<T>): Promise<T> {
  return waiting.catch(async (error: unknown) => {
    await saveScreenshot(page, name);
    throw error;
  });
}

async function btcBalanceOf(page: Page): Promise<string> {
  await page.goto('/wallet');
  const assets = page.getByRole('table', { name: 'Assets' });
  return (await assets.getByRole('row', { name: /^BTC/ }).textContent({ timeout: 20_000 })) ?? '';
}

describe('money movement', () => {
  test('deposit on the chain → credited at 350 → withdraw with OTP → approved → completed', {
    timeout: 420_000,
  }, async () => {
    const { browser, platform } = running();
    const page = await openPage(browser, platform, 'en-US');

    // The deposit: alice's BTC address, a transaction to it, blocks mined one by one in batches.
    await logInAt(page, '/wallet/deposit?asset=BTC', alice);
    await page.getByRole('button', { name: 'Create deposit address' }).click({ timeout: 20_000 });
    const addressCode = page.getByTestId('deposit-address');
    await addressCode.waitFor({ timeout: 20_000 });
    const address = ((await addressCode.textContent()) ?? '').trim();
    expect(address).toMatch(/^sim1[0-9a-f]{38}$/);
    await chainControl('send', { chain: 'sim-btc', address, amount: '0.25' });
    await chainControl('mine', { chain: 'sim-btc', blocks: 100 });
    const history = page.getByRole('table').first();
    const pending = history.getByRole('row', { name: /Waiting for confirmations/ });
    await orScreenshot(page, 'money-deposit-not-pending', pending.waitFor({ timeout: 30_000 }));
    await expect.poll(async () => pending.textContent(), { timeout: 30_000 }).toContain('/ 350');
    await saveScreenshot(page, 'money-deposit-pending');
    // Pending is visible but not spendable: the wallet still shows the seeded 0.5 BTC only.
    await expect.poll(() => btcBalanceOf(page), { timeout: 20_000 }).toContain('0.5');
    expect(await btcBalanceOf(page)).not.toContain('0.75');

    await chainControl('mine', { chain: 'sim-btc', blocks: 250 });
    await page.goto('/wallet/deposit?asset=BTC');
    const credited = history.getByRole('row', { name: /Credited/ });
    await orScreenshot(page, 'money-deposit-not-credited', credited.waitFor({ timeout: 60_000 }));
    expect(await credited.textContent()).toContain('0.25');
    await saveScreenshot(page, 'money-deposit-credited');
    await expect.poll(() => btcBalanceOf(page), { timeout: 20_000 }).toContain('0.75');
    await saveScreenshot(page, 'money-wallet-after-deposit');

    // A withdrawal needs an OTP: alice registers one on my page and logs in again with it; the
    // application from the BTC account goes to her certified address, with a fresh code.
    const otp = await registerOtpAndLogIn(page, alice);
    const mine = await applyForWithdrawal(page, otp, {
      asset: 'BTC',
      amount: '0.1',
      address: externalAddress,
      screenshot: 'money-withdraw-request-failed',
    });
    await saveScreenshot(page, 'money-withdraw-requested');
    expect(await missingKeys(page)).toEqual([]);

    // The administrator sees the credited deposit, then approves the withdrawal; once sent, the
    // chain confirms its transaction (blocks mined) and reconciliation completes it.
    const adminPage = await openPage(browser, platform, 'en-US');
    await logInAt(adminPage, '/admin/deposit/list', admin);
    const adminDeposit = adminPage.getByRole('row', { name: /Credited/ }).filter({
      hasText: '0.25',
    });
    await orScreenshot(
      adminPage,
      'money-admin-deposit-missing',
      adminDeposit.first().waitFor({ timeout: 20_000 }),
    );
    await saveScreenshot(adminPage, 'money-admin-deposit-list');
    await adminPage.goto('/admin/withdraw/list');
    const row = adminPage.getByRole('row').filter({ hasText: 'Alice Kim' });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain(externalAddress);
    await row.getByRole('button', { name: 'Approve' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    const statusOf = async () => {
      await adminPage.reload();
      await row.waitFor({ timeout: 20_000 });
      return (await row.textContent()) ?? '';
    };
    await expect.poll(statusOf, { timeout: 60_000, interval: 2_000 }).toMatch(/Sent|Completed/);
    await saveScreenshot(adminPage, 'money-admin-withdraw-sent');
    // A chain withdrawal settles on the asset's confirmations; mining more is harmless otherwise.
    await chainControl('mine', { chain: 'sim-btc', blocks: 350 });
    await orScreenshot(
      adminPage,
      'money-admin-withdraw-not-completed',
      expect.poll(statusOf, { timeout: 90_000, interval: 2_000 }).toContain('Completed'),
    );
    await saveScreenshot(adminPage, 'money-admin-withdraw-completed');
    expect(await missingKeys(adminPage)).toEqual([]);
    await adminPage.goto('/admin/withdraw-transfer/list');
    const transfer = adminPage.getByRole('row').filter({ hasText: externalAddress });
    await transfer.waitFor({ timeout: 20_000 });
    await saveScreenshot(adminPage, 'money-admin-withdraw-transfers');
    await adminPage.context().close();

    // Alice: her history says completed, and her BTC balance is 0.75 − 0.1 (no fee on BTC here).
    await page.goto('/wallet/withdraw');
    await expect
      .poll(
        async () => {
          await page.reload();
          return mine.textContent({ timeout: 20_000 });
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toContain('Completed');
    await saveScreenshot(page, 'money-withdraw-completed');
    await expect.poll(() => btcBalanceOf(page), { timeout: 20_000 }).toContain('0.65');
    await saveScreenshot(page, 'money-wallet-after-withdrawal');
    // Her BTC account's balance history: the deposit in, the withdrawal out.
    await page
      .getByRole('table', { name: 'My accounts' })
      .getByRole('link', { name: 'History of BTC wallet' })
      .click();
    await page.waitForURL((url) => /^\/wallet\/account\/\d+$/.test(url.pathname));
    const accountSeq = new URL(page.url()).pathname.split('/').pop() ?? '';
    const balanceHistory = page.getByRole('table', { name: 'Balance history' });
    const depositEntry = balanceHistory.getByRole('row').filter({ hasText: 'Deposit' });
    await orScreenshot(
      page,
      'money-history-no-deposit',
      depositEntry.first().waitFor({ timeout: 30_000 }),
    );
    expect(await depositEntry.first().textContent()).toContain('0.25');
    const withdrawalEntry = balanceHistory.getByRole('row').filter({ hasText: /Withdrawal/ });
    await withdrawalEntry.first().waitFor({ timeout: 30_000 });
    expect(await withdrawalEntry.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('0.1')]),
    );
    await saveScreenshot(page, 'money-member-balance-history');
    expect(await missingKeys(page)).toEqual([]);
    await page.context().close();

    // The administrator's view of the same account: the same balance and the same changes.
    const adminAgain = await openPage(browser, platform, 'en-US');
    await logInAt(adminAgain, `/admin/account/${accountSeq}/view`, admin);
    await orScreenshot(
      adminAgain,
      'money-admin-account-balance-missing',
      adminAgain.getByText('0.65 BTC').first().waitFor({ timeout: 30_000 }),
    );
    await adminAgain.getByRole('tab', { name: 'Balance changes' }).click();
    const log = adminAgain.getByRole('table', { name: 'Balance changes' });
    await log.getByRole('row').filter({ hasText: 'Deposit' }).first().waitFor({ timeout: 30_000 });
    await log
      .getByRole('row')
      .filter({ hasText: /Withdrawal/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await saveScreenshot(adminAgain, 'money-admin-account-balance-log');
    expect(await missingKeys(adminAgain)).toEqual([]);
    await adminAgain.context().close();

    // The continuous reconciliation (T25) on the same books, run on demand: what members are
    // owed is backed by the BTC wallet on the chain (the seed's funding at the treasury, the
    // deposit at alice's address, less the withdrawal sent), every balance replays, nothing is
    // negative.
    const login = await fetch(`${platform.urls.writeApi}/api/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: admin.userId, password: admin.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const reconciled = await fetch(`${platform.urls.writeApi}/api/v1/admin/ledger-reconciliation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    });
    const run = (await reconciled.json()) as { data: { status: string; findings: unknown[] } };
    expect(reconciled.status, JSON.stringify(run)).toBe(201);
    expect(run.data).toMatchObject({ status: 'ok', findings: [] });
    // The administrator's account list shows that run and the BTC book summing to zero.
    const health = await openPage(browser, platform, 'en-US');
    await logInAt(health, '/admin/account/list', admin);
    const panel = health.getByRole('region', { name: 'Books and reconciliation' });
    await orScreenshot(
      health,
      'money-admin-ledger-health-missing',
      panel.getByText('No discrepancy').waitFor({ timeout: 30_000 }),
    );
    const btcBook = panel
      .getByRole('table', { name: 'Books per asset' })
      .getByRole('row')
      .filter({ hasText: 'BTC' });
    await btcBook.first().waitFor({ timeout: 20_000 });
    await saveScreenshot(health, 'money-admin-ledger-health');
    expect(await missingKeys(health)).toEqual([]);
    await health.context().close();
  });
});

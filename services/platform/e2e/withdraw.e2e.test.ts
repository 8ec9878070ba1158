// Proves, in Chromium against the running product, a withdrawal end to end: alice (seeded with
// KRW) registers an OTP, applies for a withdrawal with a fresh OTP code (step-up) and sees it
// requested and the amount held; the administrator sees it on withdraw/list with the holder name,
// approves it, it is sent on the simulated chain and reconciled on its outputs to completed; the
// withdraw transfer shows on withdraw-transfer/list; alice's history says completed and her KRW
// balance is lower by the amount; no screen misses a translation.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { saveScreenshot } from './support/browser.ts';
import { useRunningPlatform } from './support/running-platform.ts';
import { logInThroughForm, missingKeys, openPage } from './support/web-pages.ts';

const running = useRunningPlatform();
const englishForm = { userId: 'User ID', password: 'Password', submit: 'Log in' };
const alice = { userId: 'alice', password: 'ledger-demo-member-one' };
const admin = { userId: 'admin', password: 'ledger-demo-chief-2025' };
const totpPeriodMs = 30_000;

type Otplib = { generate: (options: { secret: string }) => Promise<string> };

/** otplib as @ledger/auth resolves it (the copy the server verifies codes with). */
async function loadOtplib(): Promise<Otplib> {
  const fromAuth = createRequire(import.meta.resolve('@ledger/auth'));
  const module = (await import(pathToFileURL(fromAuth.resolve('otplib')).href)) as Otplib & {
    default?: Otplib;
  };
  return typeof module.generate === 'function' ? module : (module.default as Otplib);
}

async function typeCode(boxes: Locator, code: string) {
  await expect.poll(() => boxes.count()).toBe(code.length);
  for (const [index, digit] of [...code].entries()) await boxes.nth(index).fill(digit);
}

/** The server accepts each TOTP step once: wait for the step after `after`. */
async function nextTimeStep(after: number) {
  const nextStep = (Math.floor(after / totpPeriodMs) + 1) * totpPeriodMs;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextStep - Date.now()) + 1_000));
}

async function logInAt(page: Page, path: string, login: { userId: string; password: string }) {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === '/login-me', { timeout: 20_000 });
  await logInThroughForm(page, login.userId, login.password, englishForm);
}

describe('withdrawal', () => {
  test('alice withdraws with OTP, the administrator approves, it is sent and completes', {
    timeout: 300_000,
  }, async () => {
    const { browser, platform } = running();
    const { generate } = await loadOtplib();
    const page = await openPage(browser, platform, 'en-US');

    // Alice's KRW balance before.
    await logInAt(page, '/wallet', alice);
    await page.waitForURL((url) => url.pathname === '/wallet', { timeout: 20_000 });
    const assets = page.getByRole('table', { name: 'Assets' });
    await expect
      .poll(async () => assets.getByRole('row', { name: /^KRW/ }).textContent(), {
        timeout: 20_000,
      })
      .toContain('1,000,000');

    // A withdrawal needs an OTP: alice registers one on my page.
    await page.goto('/my-page');
    const otp = page.getByRole('region', { name: 'One-time password (OTP)' });
    await otp.getByRole('button', { name: 'Register a new OTP' }).click();
    const setup = page.getByRole('region', { name: 'Set up your authenticator app' });
    const otpauthUri = await setup
      .getByRole('link', { name: 'Open in an authenticator app on this device' })
      .getAttribute('href');
    const secret = new URL(otpauthUri ?? '').searchParams.get('secret') ?? '';
    await setup.getByLabel(/I have stored the setup key/).check();
    let lastStepAt = Date.now();
    await typeCode(setup.getByLabel('One-time password'), await generate({ secret }));
    await page.waitForURL((url) => url.pathname === '/login-me', { timeout: 20_000 });
    await nextTimeStep(lastStepAt);
    await logInThroughForm(page, alice.userId, alice.password, englishForm);
    const otpForm = page.getByRole('form', { name: 'One-time password form' });
    await otpForm.waitFor();
    lastStepAt = Date.now();
    await typeCode(otpForm.getByLabel('One-time password'), await generate({ secret }));
    await page.waitForURL((url) => url.pathname === '/my-page', { timeout: 20_000 });

    // The application, confirmed with a fresh code.
    await page.goto('/wallet/withdraw');
    const form = page.getByRole('form', { name: 'Withdrawal application' });
    await form.waitFor({ timeout: 20_000 });
    const accountSelect = form.getByLabel(/^Account/);
    await expect
      .poll(() => accountSelect.locator('option').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    const krwOption = await accountSelect
      .locator('option', { hasText: '· KRW' })
      .first()
      .getAttribute('value');
    await accountSelect.selectOption(krwOption ?? '');
    await form.getByLabel(/^Amount/).click();
    await form.getByLabel(/^Amount/).fill('10000');
    await form.getByLabel(/^Withdraw address/).fill('sim-e2e-alice-bank-123');
    await form.getByLabel(/^Holder name/).fill('Alice Kim');
    await form.getByLabel(/^Bank code/).fill('088');
    await nextTimeStep(lastStepAt);
    await typeCode(form.getByLabel('OTP code'), await generate({ secret }));
    await form.getByRole('button', { name: 'Request withdrawal' }).click();
    await page
      .getByText(/Withdrawal requested/)
      .waitFor({ timeout: 20_000 })
      .catch(async (error: unknown) => {
        await saveScreenshot(page, 'withdraw-member-request-failed');
        throw new Error(`no confirmation; the form says: ${await form.textContent()}`, {
          cause: error,
        });
      });
    const mine = page.getByRole('row').filter({ hasText: 'sim-e2e-alice-bank-123' });
    await expect.poll(async () => mine.textContent(), { timeout: 20_000 }).toContain('Requested');
    await saveScreenshot(page, 'withdraw-member-requested');
    expect(await missingKeys(page)).toEqual([]);

    // The administrator approves it on withdraw/list; the processor sends and reconciles it.
    const adminPage = await openPage(browser, platform, 'en-US');
    await logInAt(adminPage, '/admin/withdraw/list', admin);
    await adminPage.waitForURL((url) => url.pathname === '/admin/withdraw/list', {
      timeout: 20_000,
    });
    const row = adminPage.getByRole('row').filter({ hasText: 'Alice Kim' });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain('sim-e2e-alice-bank-123');
    await row.getByRole('button', { name: 'Approve' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(
        async () => {
          await adminPage.reload();
          await row.waitFor({ timeout: 20_000 });
          return row.textContent();
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toContain('Completed');
    await saveScreenshot(adminPage, 'withdraw-admin-completed');
    expect(await missingKeys(adminPage)).toEqual([]);

    await adminPage.goto('/admin/withdraw-transfer/list');
    const transfer = adminPage.getByRole('row').filter({ hasText: 'sim-e2e-alice-bank-123' });
    await transfer.waitFor({ timeout: 20_000 });
    expect(await transfer.textContent()).toContain('Broadcast');
    await saveScreenshot(adminPage, 'withdraw-admin-transfers');
    for (const path of ['/admin/withdraw/policy', '/admin/account-transfer/list']) {
      await adminPage.goto(path);
      await adminPage.getByRole('heading').first().waitFor({ timeout: 20_000 });
      expect(await missingKeys(adminPage), path).toEqual([]);
    }
    await adminPage.context().close();

    // Alice sees it completed, and her KRW balance lower by the amount.
    await page.reload();
    await expect.poll(async () => mine.textContent(), { timeout: 30_000 }).toContain('Completed');
    await mine.getByRole('button', { name: 'Details' }).click();
    await page.getByRole('dialog', { name: 'Withdrawal details' }).getByText('Alice Kim').waitFor();
    await saveScreenshot(page, 'withdraw-member-completed');
    await page.goto('/wallet');
    await expect
      .poll(async () => assets.getByRole('row', { name: /^KRW/ }).textContent(), {
        timeout: 20_000,
      })
      .toContain('990,000');
    await page.context().close();
  });
});

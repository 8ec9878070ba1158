import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { saveScreenshot } from './browser.ts';
import { otpCodes } from './otp-codes.ts';
import { logInThroughForm } from './web-pages.ts';

/**
 * The member's withdrawal steps the e2e files share: log in, register an OTP on my
 * page and log in again with it, and apply for a withdrawal to a certified address with a fresh
 * code. The server accepts each TOTP step once, so each code is for a later step than the last
 * (otp-codes.ts: it waits only when the server's window has no unused step left).
 */

export const englishLoginForm = { userId: 'User ID', password: 'Password', submit: 'Log in' };
export const demoAlice = { userId: 'alice', password: 'ledger-demo-member-one' };
export const demoAdmin = { userId: 'admin', password: 'ledger-demo-chief-2025' };
/** Alice's certified addresses, as the demo seed certifies them (seed-kyc-demo.ts). */
export const aliceCertified = { KRW: '110-555-012345', BTC: 'sim-alice-cold-wallet' } as const;

async function typeCode(boxes: Locator, code: string) {
  await expect.poll(() => boxes.count()).toBe(code.length);
  for (const [index, digit] of [...code].entries()) await boxes.nth(index).fill(digit);
}

/** Goes to a protected path, is sent to login-me, logs in and lands back on the path. */
export async function logInAt(
  page: Page,
  path: string,
  login: { userId: string; password: string },
): Promise<void> {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === '/login-me', { timeout: 20_000 });
  await logInThroughForm(page, login.userId, login.password, englishLoginForm);
  await page.waitForURL((url) => url.pathname === path.split('?')[0], { timeout: 20_000 });
}

/** A member's registered OTP: each `code()` is a fresh one, for a later step than the last. */
export type RegisteredOtp = { code(): Promise<string> };

/**
 * Registers an OTP on my page for the logged-in member (which ends the session) and logs in
 * again with a code; the page ends on my page.
 */
export async function registerOtpAndLogIn(
  page: Page,
  login: { userId: string; password: string },
): Promise<RegisteredOtp> {
  await page.goto('/my-page');
  const otp = page.getByRole('region', { name: 'One-time password (OTP)' });
  await otp.getByRole('button', { name: 'Register a new OTP' }).click({ timeout: 20_000 });
  const setup = page.getByRole('region', { name: 'Set up your authenticator app' });
  const otpauthUri = await setup
    .getByRole('link', { name: 'Open in an authenticator app on this device' })
    .getAttribute('href');
  const codes = await otpCodes(new URL(otpauthUri ?? '').searchParams.get('secret') ?? '');
  const registered: RegisteredOtp = { code: () => codes.next() };
  await setup.getByLabel(/I have stored the setup key/).check();
  await typeCode(setup.getByLabel('One-time password'), await registered.code());
  await page.waitForURL((url) => url.pathname === '/login-me', { timeout: 20_000 });
  await logInThroughForm(page, login.userId, login.password, englishLoginForm);
  const otpForm = page.getByRole('form', { name: 'One-time password form' });
  await otpForm.waitFor();
  await typeCode(otpForm.getByLabel('One-time password'), await registered.code());
  await page.waitForURL((url) => url.pathname === '/my-page', { timeout: 20_000 });
  return registered;
}

/**
 * Applies for a withdrawal on /wallet/withdraw from the member's account of `asset` to its
 * certified address `address`, confirmed with a fresh OTP code; waits for "requested" and
 * answers the member's history row of it.
 */
export async function applyForWithdrawal(
  page: Page,
  otp: RegisteredOtp,
  withdrawal: { asset: string; amount: string; address: string; screenshot: string },
): Promise<Locator> {
  await page.goto('/wallet/withdraw');
  const form = page.getByRole('form', { name: 'Withdrawal application' });
  await form.waitFor({ timeout: 20_000 });
  const accountSelect = form.getByLabel(/^Account/);
  await expect
    .poll(() => accountSelect.locator('option').count(), { timeout: 20_000 })
    .toBeGreaterThan(0);
  const option = await accountSelect
    .locator('option', { hasText: `· ${withdrawal.asset}` })
    .first()
    .getAttribute('value');
  await accountSelect.selectOption(option ?? '');
  // Only certified addresses of the asset are offered; nothing can be typed.
  const certified = form.getByLabel(/^Certified withdraw address/);
  await expect
    .poll(() => certified.locator('option', { hasText: withdrawal.address }).count(), {
      timeout: 20_000,
    })
    .toBe(1)
    .catch(async (error: unknown) => {
      await saveScreenshot(page, withdrawal.screenshot);
      throw new Error(`no certified ${withdrawal.address}: ${await form.textContent()}`, {
        cause: error,
      });
    });
  const certifiedValue = await certified
    .locator('option', { hasText: withdrawal.address })
    .getAttribute('value');
  await certified.selectOption(certifiedValue ?? '');
  await form.getByLabel(/^Amount/).click();
  await form.getByLabel(/^Amount/).fill(withdrawal.amount);
  await typeCode(form.getByLabel('OTP code'), await otp.code());
  await form.getByRole('button', { name: 'Request withdrawal' }).click();
  // The summary (amount, fee, net amount, address) is confirmed before anything is sent.
  await page
    .getByRole('dialog', { name: 'Confirm the withdrawal' })
    .getByRole('button', { name: 'Request withdrawal' })
    .click({ timeout: 20_000 });
  await page
    .getByText(/Withdrawal requested/)
    .waitFor({ timeout: 20_000 })
    .catch(async (error: unknown) => {
      await saveScreenshot(page, withdrawal.screenshot);
      throw new Error(`no confirmation; the form says: ${await form.textContent()}`, {
        cause: error,
      });
    });
  const mine = page.getByRole('row').filter({ hasText: withdrawal.address });
  await expect.poll(async () => mine.textContent(), { timeout: 20_000 }).toContain('Requested');
  return mine;
}

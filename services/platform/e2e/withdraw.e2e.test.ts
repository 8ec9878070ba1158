// Proves, in Chromium against the running product, a withdrawal end to end: alice (seeded with
// KRW and a certified bank account) registers an OTP, applies for a withdrawal to her certified
// account (nothing can be typed) with a fresh OTP code (step-up) and sees it
// requested and the amount held; the administrator sees it on withdraw/list with the holder name,
// approves it, it is sent on the simulated chain and reconciled on its outputs to completed; the
// withdraw transfer shows on withdraw-transfer/list; alice's history says completed and her KRW
// balance is lower by the amount; no screen misses a translation.
import { describe, expect, test } from 'vitest';
import { saveScreenshot } from './support/browser.ts';
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
const address = aliceCertified.KRW;

describe('withdrawal', () => {
  test('alice withdraws with OTP, the administrator approves, it is sent and completes', {
    timeout: 300_000,
  }, async () => {
    const { browser, platform } = running();
    const page = await openPage(browser, platform, 'en-US');

    // Alice's KRW balance before.
    await logInAt(page, '/wallet', alice);
    const assets = page.getByRole('table', { name: 'Assets' });
    await expect
      .poll(async () => assets.getByRole('row', { name: /^KRW/ }).textContent(), {
        timeout: 20_000,
      })
      .toContain('1,000,000');

    // A withdrawal needs an OTP; it goes to her certified bank account, with a fresh code.
    const otp = await registerOtpAndLogIn(page, alice);
    const mine = await applyForWithdrawal(page, otp, {
      asset: 'KRW',
      amount: '10000',
      address,
      screenshot: 'withdraw-member-request-failed',
    });
    await saveScreenshot(page, 'withdraw-member-requested');
    expect(await missingKeys(page)).toEqual([]);

    // The administrator approves it on withdraw/list; the processor sends and reconciles it.
    const adminPage = await openPage(browser, platform, 'en-US');
    await logInAt(adminPage, '/admin/withdraw/list', admin);
    const row = adminPage.getByRole('row').filter({ hasText: 'Alice Kim' });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain(address);
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
    const transfer = adminPage.getByRole('row').filter({ hasText: address });
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

// Proves, in Chromium against the running product, the ledger screens: alice opens an
// account in her wallet, moves money into it from her seeded KRW account and sees the change in
// its balance history; the demo administrator lists accounts, views hers, freezes it (fraud) and
// unfreezes it through the confirmation with a reason, proposes a forced adjustment behind the
// liability warning and the typed verification phrase, is refused approving it himself, and the
// second administrator approves it, after which the balance shows the adjustment.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { saveScreenshot } from './support/browser.ts';
import { useRunningPlatform } from './support/running-platform.ts';
import { logInThroughForm, missingKeys, openInLocale, openPage } from './support/web-pages.ts';

const running = useRunningPlatform();
const englishForm = { userId: 'User ID', password: 'Password', submit: 'Log in' };
const alice = { userId: 'alice', password: 'ledger-demo-member-one' };
const administrators = [
  { userId: 'admin', password: 'ledger-demo-chief-2025' },
  { userId: 'admin2', password: 'ledger-demo-second-2025' },
] as const;
const savingsTitle = `Savings ${Date.now().toString(36)}`;

/** Opens `path` behind the login guard and logs in on the login-me screen it redirects to. */
async function logInAt(page: Page, path: string, login: { userId: string; password: string }) {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === '/login-me', { timeout: 45_000 });
  await logInThroughForm(page, login.userId, login.password, englishForm);
  await page.waitForURL((url) => url.pathname === path, { timeout: 45_000 });
}

/** The text of a locator once it has some. */
async function textOf(locator: Locator): Promise<string> {
  await locator.waitFor({ timeout: 45_000 });
  return ((await locator.textContent()) ?? '').trim();
}

const locales = ['ko-KR', 'en-US', 'ja-JP', 'vi-VN', 'zh-TW'] as const;

describe('wallet and ledger administration', () => {
  let savingsNumber = '';
  let walletAccountPath = '';
  let adminAccountPath = '';

  test('alice opens an account, transfers into it and sees its balance history', {
    timeout: 180_000,
  }, async ({ onTestFailed }) => {
    const { browser, platform } = running();
    const page = await openPage(browser, platform, 'en-US');
    onTestFailed(async () => {
      await saveScreenshot(page, 'wallet-failed');
    });
    await logInAt(page, '/wallet', alice);
    const assets = page.getByRole('table', { name: 'Assets' });
    await expect.poll(() => assets.getByRole('row').count(), { timeout: 45_000 }).toBe(5);
    expect(await textOf(assets.getByRole('row', { name: /^KRW/ }))).toContain('1,000,000');
    await page.getByRole('button', { name: 'Open a KRW account' }).click();
    const openDialog = page.getByRole('dialog', { name: 'Open a new account' });
    // The title is required: the form says so before anything is sent.
    await openDialog.getByRole('button', { name: 'Open', exact: true }).click();
    await openDialog.getByText('This is required.').waitFor();
    await openDialog.getByLabel(/^Account title/).fill(savingsTitle);
    await openDialog.getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByText(/^Account 1\d{3}-\d{4}-\d{4} is open\.$/).waitFor({ timeout: 45_000 });
    const accounts = page.getByRole('table', { name: 'My accounts' });
    const savingsRow = accounts.getByRole('row', { name: new RegExp(savingsTitle) });
    await savingsRow.waitFor({ timeout: 45_000 });
    savingsNumber = /1\d{3}-\d{4}-\d{4}/.exec((await savingsRow.textContent()) ?? '')?.[0] ?? '';
    expect(savingsNumber).not.toBe('');

    await accounts.getByRole('button', { name: 'Transfer from KRW wallet' }).click();
    const transferDialog = page.getByRole('dialog', { name: 'Transfer' });
    await transferDialog
      .getByLabel(/^To account/)
      .selectOption({ label: `${savingsTitle} (${savingsNumber})` });
    // More than the available balance is refused on the form.
    await transferDialog.getByLabel(/^Amount/).fill('2000000');
    await transferDialog.getByRole('button', { name: 'Transfer', exact: true }).click();
    await transferDialog.getByText('This is more than the available balance.').waitFor();
    // Focused first: the field shows the grouped amount until it is being edited.
    await transferDialog.getByLabel(/^Amount/).click();
    await transferDialog.getByLabel(/^Amount/).fill('1,234');
    await transferDialog.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page.getByText(`1,234 KRW sent to ${savingsNumber}.`).waitFor({ timeout: 45_000 });
    await expect
      .poll(async () => (await savingsRow.textContent()) ?? '', { timeout: 45_000 })
      .toContain('1,234');
    await saveScreenshot(page, 'wallet-accounts');

    await savingsRow.getByRole('link', { name: `History of ${savingsTitle}` }).click();
    await page.waitForURL((url) => /^\/wallet\/account\/\d+$/.test(url.pathname));
    walletAccountPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: savingsTitle, level: 1 }).waitFor();
    const history = page.getByRole('table', { name: 'Balance history' });
    const transferRow = history.getByRole('row', { name: /Between my accounts/ });
    await transferRow.waitFor({ timeout: 45_000 });
    expect((await transferRow.textContent()) ?? '').toContain('1,234');
    await page.getByRole('button', { name: 'Today' }).click();
    await page.waitForURL((url) => url.searchParams.get('date_range') === 'today');
    await transferRow.waitFor();
    await page.getByRole('button', { name: 'Yesterday' }).click();
    await page.getByText('No balance changes in this period.').waitFor({ timeout: 45_000 });
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await transferRow.waitFor({ timeout: 45_000 });
    await saveScreenshot(page, 'wallet-account-history');
    expect(await missingKeys(page)).toEqual([]);
  });

  test('administrators list and view the account, freeze and unfreeze it, and adjust it in two', {
    timeout: 240_000,
  }, async ({ onTestFailed }) => {
    const { browser, platform } = running();
    expect(savingsNumber).not.toBe('');
    const page = await openPage(browser, platform, 'en-US');
    onTestFailed(async () => {
      await saveScreenshot(page, 'admin-ledger-failed');
    });
    await logInAt(page, '/admin/account/list', administrators[0]);
    const list = page.getByRole('table').first();
    await list
      .getByRole('row', { name: /KRW wallet/ })
      .first()
      .waitFor({ timeout: 45_000 });
    await page.getByRole('searchbox', { name: 'Account number or title' }).fill(savingsNumber);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('search') === savingsNumber);
    const row = list.getByRole('row', { name: new RegExp(savingsTitle) });
    await row.waitFor({ timeout: 45_000 });
    await expect.poll(() => list.getByRole('row').count()).toBe(2);
    await saveScreenshot(page, 'admin-account-list');
    await row.getByRole('link', { name: savingsNumber }).click();
    await page.waitForURL((url) => /^\/admin\/account\/\d+\/view$/.test(url.pathname));
    const accountPath = new URL(page.url()).pathname;
    adminAccountPath = accountPath;
    await page.getByRole('heading', { name: 'Account details' }).waitFor();
    await page.getByText('KRW books (sum = 0)').waitFor({ timeout: 45_000 });

    // Freeze (fraud) and unfreeze, each through the confirmation with a reason.
    await page.getByRole('button', { name: 'Freeze (fraud)' }).click();
    const freeze = page.getByRole('dialog', { name: 'Freeze the account as fraud' });
    await freeze
      .getByText('A frozen account accepts no new debit or hold.', { exact: false })
      .waitFor();
    await freeze.getByRole('button', { name: 'Freeze', exact: true }).click();
    await freeze.getByText('This is required.').waitFor();
    await freeze.getByLabel(/^Reason/).fill('E2E: chargeback reported by the bank');
    await freeze.getByRole('button', { name: 'Freeze', exact: true }).click();
    await page.getByText('The account is frozen.').waitFor({ timeout: 45_000 });
    await page.getByText('E2E: chargeback reported by the bank').waitFor({ timeout: 45_000 });
    await page.getByText('Frozen (fraud)').first().waitFor();
    await saveScreenshot(page, 'admin-account-frozen');
    await page.getByRole('button', { name: 'Unfreeze (normal)' }).click();
    const unfreeze = page.getByRole('dialog', { name: 'Return the account to normal' });
    await unfreeze.getByLabel(/^Reason/).fill('E2E: the bank withdrew the report');
    await unfreeze.getByRole('button', { name: 'Unfreeze', exact: true }).click();
    await page.getByText('The account is normal again.').waitFor({ timeout: 45_000 });
    await page.getByRole('button', { name: 'Freeze (fraud)' }).waitFor({ timeout: 45_000 });

    // A forced adjustment: warning, immutable reason, and the typed verification phrase.
    await page.getByRole('button', { name: 'Forced adjustment' }).click();
    const adjust = page.getByRole('dialog', { name: 'Propose a forced balance adjustment' });
    await adjust.getByText('Warning: civil and criminal liability').waitFor();
    const submit = adjust.getByRole('button', { name: 'Propose the adjustment' });
    await adjust.getByLabel(/^Amount/).click();
    await adjust.getByLabel(/^Amount/).fill('50,000');
    await adjust.getByLabel(/^Reason/).fill('E2E: compensation for an outage, ticket 4711');
    expect(await submit.isDisabled()).toBe(true);
    const phrase = await textOf(adjust.getByLabel('Verification phrase', { exact: true }));
    await adjust.getByLabel('Type the verification phrase').fill('WRONG-PHRASE');
    expect(await submit.isDisabled()).toBe(true);
    await adjust.getByLabel('Type the verification phrase').fill(phrase);
    expect(await submit.isDisabled()).toBe(false);
    await saveScreenshot(page, 'admin-adjustment-propose');
    await submit.click();
    await page
      .getByText('The adjustment was proposed. Another administrator must approve it.')
      .waitFor({ timeout: 45_000 });
    const adjustments = page.getByRole('table', { name: 'Forced adjustments of this account' });
    const pending = adjustments.getByRole('row', { name: /Awaiting approval/ });
    await pending.waitFor({ timeout: 45_000 });

    // The proposer cannot approve: the server's refusal, localized.
    await pending.getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('dialog', { name: 'Approve the forced adjustment' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await page
      .getByText('You proposed this adjustment. Another administrator must approve it.')
      .first()
      .waitFor({ timeout: 45_000 });

    // The second administrator approves it from the pending list; the money moves.
    const second = await openPage(browser, platform, 'en-US');
    await logInAt(second, '/admin/account/list', administrators[1]);
    const waiting = second.getByRole('table', { name: 'Forced adjustments awaiting approval' });
    const proposal = waiting.getByRole('row', { name: /compensation for an outage/ });
    await proposal.waitFor({ timeout: 45_000 });
    await proposal.getByRole('button', { name: 'Approve' }).click();
    await second
      .getByRole('dialog', { name: 'Approve the forced adjustment' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await second
      .getByText('The adjustment was approved and applied to the balance.')
      .waitFor({ timeout: 45_000 });
    await second.goto(accountPath);
    await second
      .getByRole('table', { name: 'Forced adjustments of this account' })
      .getByRole('row', { name: /Executed/ })
      .waitFor({ timeout: 45_000 });
    // 1,234 moved in by alice plus the 50,000 adjustment.
    await second.getByText('51,234 KRW').first().waitFor({ timeout: 45_000 });
    await saveScreenshot(second, 'admin-adjustment-executed');
    await second.getByRole('tab', { name: 'Balance changes' }).click();
    const log = second.getByRole('table', { name: 'Balance changes' });
    await log.getByRole('row', { name: /Balance adjustment/ }).waitFor({ timeout: 45_000 });
    // Who acted is in words (the raw actor id stays on hover, for the audit).
    const adjusted = log.getByRole('row', { name: /Balance adjustment/ });
    expect((await adjusted.textContent()) ?? '').toContain('System (adjustment)');
    expect(await adjusted.getByTitle('system:adjustment').count()).toBe(1);
    await saveScreenshot(second, 'admin-account-balance-log');
    expect(await missingKeys(page)).toEqual([]);
    expect(await missingKeys(second)).toEqual([]);
  });

  test('the wallet and ledger screens render in every locale without a missing key', {
    timeout: 360_000,
  }, async ({ onTestFailed }) => {
    const { browser, platform } = running();
    expect(walletAccountPath).not.toBe('');
    expect(adminAccountPath).not.toBe('');
    const member = await openPage(browser, platform, 'en-US');
    onTestFailed(async () => {
      await saveScreenshot(member, 'wallet-locales-failed');
    });
    await logInAt(member, walletAccountPath, alice);
    const admin = await openPage(browser, platform, 'en-US');
    await logInAt(admin, adminAccountPath, administrators[0]);
    const memberView = await admin
      .getByRole('link', { name: alice.userId, exact: true })
      .first()
      .getAttribute('href', { timeout: 45_000 });
    const memberAccountPath = (memberView ?? '').replace(/view$/, 'account');
    const screens = [
      [member, 'wallet', '/wallet', savingsNumber],
      [member, 'wallet-account', walletAccountPath, savingsNumber],
      [admin, 'admin-account-list', '/admin/account/list', savingsNumber],
      [admin, 'admin-account-view', adminAccountPath, savingsNumber],
      [
        admin,
        'admin-account-balance-log',
        adminAccountPath.replace(/view$/, 'balance-log'),
        // The adjustment's amount, in the locale's grouping.
        /50[.,]000/,
      ],
      [admin, 'admin-member-account', memberAccountPath, savingsNumber],
      // The demo seed's move of 250,000 won between bob's own accounts.
      [admin, 'admin-account-transfer-list', '/admin/account-transfer/list', /250[.,]000/],
    ] as const;
    // Every screen in the default locale and in vi-VN (other separators, longest texts); the
    // wallet and the account view in the other three as well (key sets are compared per namespace
    // by the unit tier, so each locale need not open every screen on 2 shared cores).
    const everyScreen = new Set<string>(['ko-KR', 'vi-VN']);
    const inAllLocales = new Set<string>(['wallet', 'admin-account-view']);
    for (const locale of locales) {
      // Each page loads its first screen in the locale (cookie); the next open inside the app.
      const loaded = new Set<Page>();
      for (const [page, name, path, shown] of screens) {
        if (!everyScreen.has(locale) && !inAllLocales.has(name)) continue;
        await openInLocale(page, path, { locale, webUrl: platform.urls.web, loaded });
        await page.getByText(shown).first().waitFor({ timeout: 45_000 });
        const language = await page.evaluate(
          () =>
            (globalThis as { document?: { documentElement: { lang: string } } }).document
              ?.documentElement.lang,
        );
        expect(language, name).toBe(locale);
        expect(await missingKeys(page), `${name} in ${locale}`).toEqual([]);
        if (locale === 'ko-KR' || locale === 'vi-VN')
          await saveScreenshot(page, `${name}-${locale}`);
      }
    }
  });
});

import type { Browser, Page } from 'playwright-core';
import type { Platform } from '../../src/index.ts';

/** A fresh browser context (no cookies) on the web app, optionally with the locale cookie set. */
export async function openPage(
  browser: Browser,
  platform: Platform,
  locale?: string,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: platform.urls.web,
    viewport: { width: 1280, height: 900 },
  });
  if (locale !== undefined) {
    await context.addCookies([{ name: 'locale', value: locale, url: platform.urls.web }]);
  }
  return context.newPage();
}

/** The i18next keys the page could not find (the app records them on `window` in development). */
export function missingKeys(page: Page): Promise<string[]> {
  // Runs in the page; this file is compiled without the DOM library, hence globalThis.
  return page.evaluate(
    () => (globalThis as { __i18nMissingKeys?: string[] }).__i18nMissingKeys ?? [],
  );
}

/**
 * Whether identity (issue #4) answers on this build: POST /auth/token exists (a validation failure
 * is fine; 404 means the route is not there) and the start command seeded a demo administrator.
 */
export async function identityAvailability(
  platform: Platform,
): Promise<
  | { isAvailable: true; login: { userId: string; password: string } }
  | { isAvailable: false; reason: string }
> {
  const response = await fetch(new URL('/api/v1/auth/token', platform.urls.web), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (response.status === 404)
    return { isAvailable: false, reason: 'POST /api/v1/auth/token is not served yet' };
  const admin = platform.demoLogins.find((login) => login.role === 'admin');
  if (admin === undefined)
    return { isAvailable: false, reason: 'the start command seeded no demo administrator' };
  return { isAvailable: true, login: admin };
}

/** Logs in through the login form the page shows (login or login-me). */
export async function logInThroughForm(
  page: Page,
  userId: string,
  password: string,
  labels: { userId: string; password: string; submit: string },
) {
  // Required fields carry an asterisk in their label.
  await page.getByLabel(new RegExp(`^${labels.userId}`)).fill(userId);
  await page.getByLabel(new RegExp(`^${labels.password}`)).fill(password);
  await page.getByRole('button', { name: labels.submit }).click();
}

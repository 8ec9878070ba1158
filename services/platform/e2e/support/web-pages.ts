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
 * Whether identity answers on this build: POST /auth/token exists (a validation failure
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

/**
 * Opens `path` inside the running app, as its own links do (history.pushState, which the router
 * listens to), instead of a full page load: a load in Vite's development server fetches ~300
 * modules, ~2-4 s on two shared cores. Resolves once the network has been quiet for `quietMs`
 * (as Playwright's networkidle does for a load), so the screen's chunks, namespaces and data are in.
 */
export async function navigateInApp(page: Page, path: string, quietMs = 500): Promise<void> {
  const from = new URL(page.url()).pathname;
  let inFlight = 0;
  let lastActivity = Date.now();
  const started = () => {
    inFlight += 1;
    lastActivity = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.evaluate((to) => {
      // Runs in the page; this file is compiled without the DOM library, hence globalThis.
      const { history } = globalThis as unknown as {
        history: {
          state: { __TSR_index?: number } | null;
          pushState(state: unknown, unused: string, url: string): void;
        };
      };
      const key = Math.random().toString(36).slice(2, 10);
      const index = (history.state?.__TSR_index ?? 0) + 1;
      history.pushState({ __TSR_index: index, key, __TSR_key: key }, '', to);
    }, path);
    const deadline = Date.now() + 20_000;
    while (inFlight > 0 || Date.now() - lastActivity < quietMs) {
      if (Date.now() > deadline) throw new Error(`${path}: the network never went quiet`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
  // The screen changed (the app may still redirect, as it does on a load).
  const at = new URL(page.url()).pathname;
  if (at === from && new URL(path, page.url()).pathname !== from) {
    throw new Error(`navigated to ${path} but the app stayed on ${at}`);
  }
}

/**
 * Opens `path` in `locale`, loading the app only once per page: the first time a page in `loaded`
 * is seen, the locale cookie is set and the path loaded in full; every later screen of that page
 * opens inside the running app (navigateInApp), in the locale it already has.
 */
export async function openInLocale(
  page: Page,
  path: string,
  options: { locale: string; webUrl: string; loaded: Set<Page> },
): Promise<void> {
  if (options.loaded.has(page)) {
    await navigateInApp(page, path);
    return;
  }
  await page.context().addCookies([{ name: 'locale', value: options.locale, url: options.webUrl }]);
  await page.goto(path);
  options.loaded.add(page);
}

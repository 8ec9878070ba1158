// Proves, in a real Chromium against the running product (both APIs, the web app, PostgreSQL):
// unknown paths land on /404 with the SPEC's text (a first visit keeping ko-KR in the locale
// cookie), the optional resource is named in the chosen locale, a screen that does not load in
// 10 s shows the SPEC's page-timeout text, and /api/v1 on the web origin reaches the query API for
// reads.
import { HealthSchema } from '@ledger/contracts';
import { expect, test } from 'vitest';
import { saveScreenshot } from './support/browser.ts';
import { useRunningPlatform } from './support/running-platform.ts';

const running = useRunningPlatform();

async function newPage(locale?: string) {
  const { browser, platform } = running();
  const context = await browser.newContext({ baseURL: platform.urls.web });
  if (locale) {
    await context.addCookies([{ name: 'locale', value: locale, url: platform.urls.web }]);
  }
  return context.newPage();
}

test('an unknown path is sent to /404, which says "404 Not Found" in the default locale', async () => {
  const page = await newPage();
  await page.goto('/no/such/screen');
  await page.waitForURL((url) => url.pathname === '/404');
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent())
    .toBe('404 Not Found');
  expect(await page.locator('html').getAttribute('lang')).toBe('ko-KR');
  // SPEC §3: the first visit already keeps the locale in its cookie.
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'locale')?.value).toBe('ko-KR');
  expect(await page.title()).toBe('페이지 없음 | 레저 익스체인지');
  await saveScreenshot(page, 'not-found-ko-KR');
  await page.context().close();
});

test('/404 names the missing resource in the locale from the cookie', async () => {
  const page = await newPage('en-US');
  await page.goto('/404?resource=member');
  await expect
    .poll(() => page.getByText('The requested member could not be found.').isVisible())
    .toBe(true);
  expect(await page.title()).toBe('Not found | Ledger Exchange');
  await saveScreenshot(page, 'not-found-resource-en-US');
  await page.context().close();
});

test('a resource the app does not know is ignored, never echoed', async () => {
  const page = await newPage('en-US');
  await page.goto('/404?resource=%3Cimg%20src%3Dx%3E');
  await expect
    .poll(() => page.getByText('The page you asked for does not exist').isVisible())
    .toBe(true);
  expect(await page.content()).not.toContain('<img src=x>');
  await page.context().close();
});

test('a screen still loading after 10 s shows the page-timeout text', {
  timeout: 70_000,
}, async () => {
  const page = await newPage('en-US');
  // Hold back the /404 screen's code chunk, as a dead connection would.
  await page.route(/routes\/404\.tsx\?tsr-split/, () => {});
  const started = Date.now();
  await page.goto('/404', { waitUntil: 'commit' });
  // The app's own first load comes from the Vite dev server (about 300 modules): seconds on a busy
  // machine, so the bounds here are for that, not for the 10 s the test is about.
  await page.getByText('Loading…').waitFor({ timeout: 25_000 });
  await page
    .getByText(
      "The page timed out while loading. Are you sure you're still connected to the Internet?",
    )
    .waitFor({ timeout: 35_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
  await saveScreenshot(page, 'page-timeout-en-US');
  await page.context().close();
});

test('GET /api/v1 on the web origin is served by the query API', async () => {
  const page = await newPage();
  await page.goto('/404');
  const health = await page.evaluate(async () => {
    const response = await fetch('/api/v1/health');
    return { status: response.status, body: await response.json() };
  });
  expect(health.status).toBe(200);
  expect(HealthSchema.parse(health.body)).toMatchObject({ service: 'query-api', status: 'ok' });
  await page.context().close();
});

import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { App } from '../app.tsx';
import { initI18n } from '../i18n/i18n.ts';
import type { Locale } from '../i18n/locales.ts';

/** i18next once per test file, in `locale`. */
export async function startI18n(locale: Locale = 'en-US') {
  if (!i18next.isInitialized) await initI18n(locale);
  else await i18next.changeLanguage(locale);
}

/** The whole app at `path`, on an in-memory history the test can read. */
export function renderApp(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const view = render(<App history={history} />);
  return {
    ...view,
    history,
    location: () => history.location,
    /** The current query string as plain strings. */
    search: () => Object.fromEntries(new URLSearchParams(history.location.search)),
  };
}

/** A JWT-shaped token (the client only reads its `exp`). */
export function fakeToken(expiresInSeconds = 900): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + expiresInSeconds }));
  return `header.${payload.replaceAll('=', '')}.signature`;
}

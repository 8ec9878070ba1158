// @vitest-environment happy-dom
// Proves the locale cookie of SPEC §3: a first visit (no cookie) starts in ko-KR and stores it at
// once, a stored locale is kept, and a switch stores the new one.
import i18next from 'i18next';
import { expect, test } from 'vitest';
import { readCookie } from '../lib/cookies.ts';
import { changeLocale, initI18n } from './i18n.ts';
import { localeCookieName, readLocaleCookie } from './locales.ts';

const storedLocale = () => readCookie(document.cookie, localeCookieName);

test('the first visit stores the default locale; a switch stores the chosen one', async () => {
  expect(storedLocale()).toBeUndefined();
  const locale = readLocaleCookie(document.cookie);
  await initI18n(locale);
  expect(locale).toBe('ko-KR');
  expect(storedLocale()).toBe('ko-KR');
  await changeLocale('ja-JP');
  expect(storedLocale()).toBe('ja-JP');
  expect(i18next.language).toBe('ja-JP');
  expect(readLocaleCookie(document.cookie)).toBe('ja-JP');
});

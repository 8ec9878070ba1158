import { readCookie } from '../lib/cookies.ts';

/** The product's locales (SPEC §9); ko-KR is the default. */
export const locales = ['ko-KR', 'en-US', 'ja-JP', 'vi-VN', 'zh-TW'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'ko-KR';

/** The cookie the client keeps the chosen locale in (SPEC §3). */
export const localeCookieName = 'locale';

export function isLocale(value: string | undefined): value is Locale {
  return (locales as readonly string[]).includes(value ?? '');
}

/** The locale stored in the cookie, or the default. */
export function readLocaleCookie(cookie: string): Locale {
  const value = readCookie(cookie, localeCookieName);
  return isLocale(value) ? value : defaultLocale;
}

/** Each locale's name in its own language, for the switcher (never translated). */
export const localeNames: Record<Locale, string> = {
  'ko-KR': '한국어',
  'en-US': 'English',
  'ja-JP': '日本語',
  'vi-VN': 'Tiếng Việt',
  'zh-TW': '繁體中文',
};

/** The week starts on Sunday in ko-KR, en-US, ja-JP and zh-TW and on Monday in vi-VN (Intl weekInfo). */
export function firstDayOfWeek(locale: Locale): 0 | 1 {
  return locale === 'vi-VN' ? 1 : 0;
}

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
  const value = cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === localeCookieName)?.[1];
  const decoded = value === undefined ? undefined : decodeURIComponent(value);
  return isLocale(decoded) ? decoded : defaultLocale;
}

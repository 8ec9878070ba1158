import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { writeCookie } from '../lib/cookies.ts';
import { defaultLocale, type Locale, localeCookieName, locales } from './locales.ts';

/** One namespace per feature; every locale has one JSON file per namespace (a test checks). */
export const namespaces = [
  'common',
  'auth',
  'kit',
  'errors',
  'admin',
  'brokerage',
  'home',
  'my-page',
  'admin-members',
  'admin-access',
  'wallet',
  'admin-ledger',
  'admin-oauth2-clients',
  'withdraw',
  'admin-withdrawals',
  'kyc',
  'security-level',
  'admin-kyc',
  'deposit',
  'admin-assets',
  'cs',
  'admin-config',
] as const;
export type Namespace = (typeof namespaces)[number];

type Tree = { [key: string]: string | Tree };

// Static, eager imports: five locales of a few KB each cost less than a round trip per namespace.
const files = import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' });

function loadResources(): Record<Locale, Record<Namespace, Tree>> {
  const entries = locales.map((locale) => {
    const byNamespace = namespaces.map((namespace) => {
      const tree = files[`../locales/${locale}/${namespace}.json`];
      if (tree === undefined) throw new Error(`locales/${locale}/${namespace}.json is missing`);
      return [namespace, tree] as const;
    });
    return [locale, Object.fromEntries(byNamespace) as Record<Namespace, Tree>] as const;
  });
  return Object.fromEntries(entries) as Record<Locale, Record<Namespace, Tree>>;
}

export const resources = loadResources();
/** Every locale file found, to catch a namespace file no code loads. */
export const localeFiles = Object.keys(files);

declare global {
  interface Window {
    /** Keys i18next could not find, recorded for the e2e tests (`ns:key@locale`). */
    __i18nMissingKeys?: string[];
  }
}

function recordMissingKey(languages: readonly string[], namespace: string, key: string) {
  if (typeof window === 'undefined') return;
  window.__i18nMissingKeys ??= [];
  window.__i18nMissingKeys.push(`${namespace}:${key}@${languages.join(',')}`);
}

/**
 * Starts i18next in `locale` and stores it in the locale cookie. Every locale is complete (a test checks), so the fallback to ko-KR
 * only guards production; in development there is none, so a missing key shows and is recorded.
 */
export async function initI18n(locale: Locale): Promise<i18n> {
  await i18next.use(initReactI18next).init({
    lng: locale,
    supportedLngs: [...locales],
    fallbackLng: import.meta.env.DEV ? false : defaultLocale,
    load: 'currentOnly',
    resources,
    ns: [...namespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: recordMissingKey,
    react: { useSuspense: false },
  });
  rememberLocale(locale);
  document.documentElement.lang = locale;
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  return i18next;
}

/** Switches the language and remembers it in the locale cookie (SPEC §3). */
export async function changeLocale(locale: Locale): Promise<void> {
  rememberLocale(locale);
  await i18next.changeLanguage(locale);
}

/**
 * Keeps `locale` in the locale cookie (SPEC §3) for a year: at start, so a first visit already
 * carries the default, and after every switch.
 */
function rememberLocale(locale: Locale): void {
  writeCookie(localeCookieName, locale, { maxAgeSeconds: 365 * 24 * 60 * 60 });
}

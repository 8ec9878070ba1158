import i18next from 'i18next';
import { atom } from 'jotai';
import { changeLocale } from './i18n.ts';
import { defaultLocale, isLocale, type Locale } from './locales.ts';

const chosenLocaleAtom = atom<Locale | undefined>(undefined);

/**
 * The locale the screens format numbers and dates in (UI state). Until the user picks one it is
 * the language i18next started in (from the locale cookie); writing it switches i18next and stores
 * the choice in the locale cookie (SPEC §3).
 */
export const localeAtom = atom(
  (get): Locale =>
    get(chosenLocaleAtom) ?? (isLocale(i18next.language) ? i18next.language : defaultLocale),
  async (_get, set, locale: Locale) => {
    await changeLocale(locale);
    set(chosenLocaleAtom, locale);
  },
);

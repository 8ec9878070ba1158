import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from '../locales/en-US/common.json';
import jaJP from '../locales/ja-JP/common.json';
import koKR from '../locales/ko-KR/common.json';
import viVN from '../locales/vi-VN/common.json';
import zhTW from '../locales/zh-TW/common.json';
import { defaultLocale, type Locale, locales } from './locales.ts';

export const resources = {
  'ko-KR': { common: koKR },
  'en-US': { common: enUS },
  'ja-JP': { common: jaJP },
  'vi-VN': { common: viVN },
  'zh-TW': { common: zhTW },
} as const satisfies Record<Locale, unknown>;

/** Starts i18next in `locale`; every locale is complete (a test checks), so no fallback is needed. */
export async function initI18n(locale: Locale) {
  await i18next.use(initReactI18next).init({
    lng: locale,
    supportedLngs: [...locales],
    fallbackLng: defaultLocale,
    load: 'currentOnly',
    resources,
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = locale;
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  return i18next;
}

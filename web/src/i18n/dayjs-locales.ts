import 'dayjs/locale/en';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/vi';
import 'dayjs/locale/zh-tw';
import type { Locale } from './locales.ts';

const dayjsLocales: Record<Locale, string> = {
  'ko-KR': 'ko',
  'en-US': 'en',
  'ja-JP': 'ja',
  'vi-VN': 'vi',
  'zh-TW': 'zh-tw',
};

/** The dayjs locale Mantine's date pickers use for month and weekday names. */
export function dayjsLocale(locale: Locale): string {
  return dayjsLocales[locale];
}

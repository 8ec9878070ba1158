import type { FieldMessageCatalog, MessageLocale, ProblemCatalog } from './catalog.ts';
import { enUS, enUSFields } from './en-US.ts';
import { jaJP, jaJPFields } from './ja-JP.ts';
import { koKR, koKRFields } from './ko-KR.ts';
import { viVN, viVNFields } from './vi-VN.ts';
import { zhTW, zhTWFields } from './zh-TW.ts';

/** Every locale's problem messages. */
export const problemCatalogs: { readonly [Locale in MessageLocale]: ProblemCatalog } = {
  'ko-KR': koKR,
  'en-US': enUS,
  'ja-JP': jaJP,
  'vi-VN': viVN,
  'zh-TW': zhTW,
};

/** Every locale's field-level messages. */
export const fieldMessages: { readonly [Locale in MessageLocale]: FieldMessageCatalog } = {
  'ko-KR': koKRFields,
  'en-US': enUSFields,
  'ja-JP': jaJPFields,
  'vi-VN': viVNFields,
  'zh-TW': zhTWFields,
};

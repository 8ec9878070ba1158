import 'i18next';
import type koKR from '../locales/ko-KR/common.json';

// Typed keys: t('notFound.title') is checked against the default locale's resources.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof koKR };
  }
}

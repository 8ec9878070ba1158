// Proves the server's message catalog is complete and written in each language: every problem
// code and case has a title in all five locales (and a detail wherever ko-KR has one), no text is
// empty, a title names no value, every locale's detail names the same values as ko-KR's, each case
// belongs to a code, the field-level codes have their messages too, and no locale copies another's
// words (ko-KR, ja-JP and zh-TW in their own scripts, vi-VN and en-US different text).
import { describe, expect, test } from 'vitest';
import {
  defaultMessageLocale,
  fieldMessageCases,
  fieldProblemCodes,
  type MessageLocale,
  messageLocales,
  problemMessageCases,
  serverProblemCodes,
} from './catalog.ts';
import { fieldMessages, problemCatalogs } from './catalogs.ts';

/** A code some lists share (security_level_invalid: identity's and KYC's) has one message. */
const keys = [...new Set([...serverProblemCodes, ...problemMessageCases])];
const placeholders = (text: string | undefined) =>
  [...(text ?? '').matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
/** A letter of the locale's own script: Hangul, kana or kanji, Han. */
const ownScript: Partial<Record<MessageLocale, RegExp>> = {
  'ko-KR': /[\uac00-\ud7a3]/,
  'ja-JP': /[\u3040-\u30ff\u4e00-\u9fff]/,
  'zh-TW': /[\u4e00-\u9fff]/,
};

test('every case is `<code>.<case>` of a listed code', () => {
  for (const key of problemMessageCases) {
    expect(serverProblemCodes, key).toContain(key.split('.')[0]);
  }
});

describe.each([...messageLocales])('%s', (locale) => {
  const catalog = problemCatalogs[locale];
  const reference = problemCatalogs[defaultMessageLocale];

  test('has exactly the codes and cases, each with a title', () => {
    expect(Object.keys(catalog).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(catalog[key].title.trim(), key).not.toBe('');
  });

  test('a title names no value; a detail is where ko-KR has one and names the same values', () => {
    for (const key of keys) {
      expect(placeholders(catalog[key].title), `${key} title`).toEqual([]);
      expect(catalog[key].detail === undefined, `${key} detail`).toBe(
        reference[key].detail === undefined,
      );
      expect(placeholders(catalog[key].detail), `${key} detail`).toEqual(
        placeholders(reference[key].detail),
      );
    }
  });

  test('the field-level codes have a message each, naming the same values as ko-KR', () => {
    const fieldKeys = [...fieldProblemCodes, ...fieldMessageCases];
    expect(Object.keys(fieldMessages[locale]).sort()).toEqual([...fieldKeys].sort());
    for (const code of fieldKeys) {
      expect(fieldMessages[locale][code].trim(), code).not.toBe('');
      expect(placeholders(fieldMessages[locale][code]), code).toEqual(
        placeholders(fieldMessages[defaultMessageLocale][code]),
      );
    }
  });

  test('is written in its own language', () => {
    const script = ownScript[locale];
    const texts = [
      ...keys.flatMap((key) => [catalog[key].title, catalog[key].detail ?? '']),
      ...Object.values(fieldMessages[locale]),
    ].filter((text) => text !== '');
    if (script !== undefined) {
      expect(texts.filter((text) => !script.test(text.replace(/\{\w+\}/g, '')))).toEqual([]);
    }
    if (locale === 'vi-VN') {
      const english = problemCatalogs['en-US'];
      expect(keys.filter((key) => catalog[key].title === english[key].title)).toEqual([]);
    }
  });
});

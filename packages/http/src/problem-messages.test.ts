// Proves how a request's Accept-Language picks the locale of its server messages (q-values
// honoured, q=0 refused, ties in the order sent, a language alone or with another region matched
// to the product's locale of that language, anything unknown answered in ko-KR), and that a
// message's values fill its detail (a list joined as the locale joins one) or, when one is
// missing, leave the detail out rather than show a placeholder.
import { describe, expect, test } from 'vitest';
import { fieldMessage, fill, localizedMessage, negotiateLocale } from './problem-messages.ts';

describe('negotiateLocale', () => {
  test.each([
    [undefined, 'ko-KR'],
    ['', 'ko-KR'],
    ['ja-JP', 'ja-JP'],
    ['vi-vn', 'vi-VN'],
    ['EN-us', 'en-US'],
    ['ja', 'ja-JP'],
    ['zh', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['en-GB', 'en-US'],
    ['ko', 'ko-KR'],
    ['fr-FR', 'ko-KR'],
    ['*', 'ko-KR'],
    ['garbage;;;', 'ko-KR'],
  ] as const)('%s → %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });

  test('the highest q-value wins, whatever the order', () => {
    expect(negotiateLocale('en-US;q=0.3, vi-VN;q=0.9, ja-JP;q=0.5')).toBe('vi-VN');
    expect(negotiateLocale('fr-FR, de;q=0.9, ja;q=0.8, en;q=0.7')).toBe('ja-JP');
  });

  test('ties keep the order sent; no q-value is q=1', () => {
    expect(negotiateLocale('zh-TW;q=0.8, ja-JP;q=0.8')).toBe('zh-TW');
    expect(negotiateLocale('en-US;q=0.9, vi-VN')).toBe('vi-VN');
  });

  test('q=0 means "not this one"; a malformed q-value is ignored, not an error', () => {
    expect(negotiateLocale('ja-JP;q=0, en-US;q=0.1')).toBe('en-US');
    expect(negotiateLocale('ja-JP;q=0.000')).toBe('ko-KR');
    expect(negotiateLocale('vi-VN;q=high')).toBe('vi-VN');
  });

  test('a wildcard before any known range answers the default', () => {
    expect(negotiateLocale('fr, *;q=0.5, ja;q=0.1')).toBe('ko-KR');
  });

  test('the same header twice gives the same locale (the cache)', () => {
    for (let round = 0; round < 3; round += 1) {
      expect(negotiateLocale('de-DE, ja;q=0.4')).toBe('ja-JP');
    }
  });
});

describe('messages', () => {
  test('a wrong password in each locale, the same words for every request', () => {
    expect(localizedMessage('invalid_credentials', 'en-US', undefined)).toEqual({
      title: 'The user ID or password is incorrect.',
    });
    expect(localizedMessage('invalid_credentials', 'ja-JP', undefined).title).toBe(
      'ユーザーIDまたはパスワードが正しくありません。',
    );
    expect(localizedMessage('invalid_credentials', 'ko-KR', undefined).title).toBe(
      '아이디 또는 비밀번호가 올바르지 않습니다.',
    );
  });

  test('a detail is filled from the problem’s values', () => {
    expect(
      localizedMessage('account_limit_reached', 'ja-JP', { accountsPerAssetMax: 5 }).detail,
    ).toBe('口座は資産ごとに最大 5 件です。');
    expect(
      localizedMessage('insufficient_funds', 'en-US', { available: '10.5', requested: '20' }),
    ).toMatchObject({ detail: 'Available 10.5, requested 20.' });
  });

  test('a list is joined as the locale joins one', () => {
    expect(fill('{consents}', 'en-US', { consents: ['terms', 'privacy'] })).toBe('terms, privacy');
    expect(fill('{consents}', 'ja-JP', { consents: ['terms', 'privacy'] })).toBe('terms、privacy');
  });

  test('a detail whose value is missing is left out, never shown with its placeholder', () => {
    expect(localizedMessage('account_limit_reached', 'vi-VN', undefined)).toEqual({
      title: localizedMessage('account_limit_reached', 'vi-VN', {}).title,
    });
    expect(fill('At most {maximum}', 'en-US', {})).toBeUndefined();
  });

  test('a field-level code has its message per locale; an unknown code keeps the check’s own', () => {
    const tooBig = { code: 'too_big', message: 'Too big', params: { maximum: '50' } };
    expect(fieldMessage(tooBig, 'zh-TW')).toBe('最多 50。');
    expect(fieldMessage({ ...tooBig, messageCase: 'too_big.string' }, 'zh-TW')).toBe(
      '最多 50 個字元。',
    );
    expect(fieldMessage({ ...tooBig, messageCase: 'too_big.array' }, 'ja-JP')).toBe(
      '最大 50 件までです。',
    );
    expect(fieldMessage({ code: 'too_big', message: 'Too big' }, 'zh-TW')).toBe('Too big');
    expect(fieldMessage({ code: 'made_up', message: 'As the check said' }, 'ko-KR')).toBe(
      'As the check said',
    );
  });
});

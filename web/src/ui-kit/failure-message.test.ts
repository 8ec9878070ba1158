// @vitest-environment happy-dom
// Proves a failed call whose field was refused as text PostgreSQL cannot store (validation_failed with the field code text_invalid) is told as that, in each locale, while other validation failures keep their general message.
import i18next from 'i18next';
import { beforeAll, expect, test } from 'vitest';
import { ApiFailure } from '../lib/api-failure.ts';
import { startI18n } from '../test-support/render-app.tsx';
import { failureMessage } from './failure-message.ts';

beforeAll(async () => {
  await startI18n('en-US');
});

function refusal(code: string): ApiFailure {
  return new ApiFailure({
    httpStatusCode: 400,
    code: 'validation_failed',
    title: 'The request is not valid',
    errors: [{ path: 'title', code, message: 'x' }],
  });
}

test('text_invalid on a field is said as such; other field codes keep the general message', async () => {
  expect(failureMessage(refusal('text_invalid'))).toBe(
    i18next.t('codes.text_invalid', { ns: 'errors' }),
  );
  expect(failureMessage(refusal('too_big'))).toBe(
    i18next.t('codes.validation_failed', { ns: 'errors' }),
  );
  for (const locale of ['ko-KR', 'ja-JP', 'vi-VN', 'zh-TW', 'en-US'] as const) {
    await i18next.changeLanguage(locale);
    expect(failureMessage(refusal('text_invalid'))).not.toBe(
      i18next.t('codes.validation_failed', { ns: 'errors' }),
    );
  }
});

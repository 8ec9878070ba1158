// Proves instants are shown through Intl in the requested locale and an explicit time zone: the
// same instant falls on different calendar days in Seoul and New York, each locale orders the
// parts its own way, and anything that is not a date shows a dash. (Exact ICU spellings differ
// between engines, so only stable parts are asserted.)
import { expect, test } from 'vitest';
import { formatDateTime } from './format-date-time.ts';

const instant = '2026-03-18T15:04:05Z';

test('the service time zone (Asia/Seoul) is the default, and named', () => {
  const seoul = formatDateTime(instant, 'en-US');
  expect(seoul).toContain('03/19/2026');
  expect(seoul).toContain('00:04:05');
  expect(formatDateTime(instant, 'en-US', { timeZone: 'America/New_York' })).toContain(
    '03/18/2026',
  );
});

test('each locale orders the date its own way', () => {
  expect(formatDateTime(instant, 'ko-KR', { isDateOnly: true })).toMatch(/^2026\. 03\. 19\.$/);
  expect(formatDateTime(instant, 'ja-JP', { isDateOnly: true })).toBe('2026/03/19');
  expect(formatDateTime(instant, 'vi-VN', { isDateOnly: true })).toBe('19/03/2026');
  expect(formatDateTime(instant, 'zh-TW', { isDateOnly: true })).toBe('2026/03/19');
});

test('not a date gives a dash', () => {
  expect(formatDateTime('yesterday', 'en-US')).toBe('—');
});

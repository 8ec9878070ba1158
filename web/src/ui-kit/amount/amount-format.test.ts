// Proves amounts stay decimal strings end to end: display in each locale keeps every digit up to
// the asset's decimal_point and truncates beyond it (never rounds up), with the locale's
// separators; input in the locale's separators becomes a canonical string checked by a
// per-scale pattern.
import { describe, expect, test } from 'vitest';
import {
  amountPattern,
  decimalsOf,
  editableAmount,
  formatAmount,
  numberSeparators,
  parseAmountInput,
} from './amount-format.ts';

describe('formatAmount', () => {
  test('keeps digits a JS number would lose, with thousands separators', () => {
    expect(formatAmount('12345678901234567.125', 'en-US', { decimalPoint: 18 })).toBe(
      '12,345,678,901,234,567.125',
    );
  });

  test('truncates to the decimal point instead of rounding up', () => {
    expect(formatAmount('0.123456789', 'en-US')).toBe('0.12345678');
    expect(formatAmount('1.999', 'ko-KR', { decimalPoint: 2 })).toBe('1.99');
    expect(formatAmount('9.9', 'ja-JP', { decimalPoint: 0 })).toBe('9');
  });

  test('uses each locale separators', () => {
    expect(formatAmount('1234567.5', 'ko-KR')).toBe('1,234,567.5');
    expect(formatAmount('1234567.5', 'vi-VN')).toBe('1.234.567,5');
    expect(formatAmount('1234567.5', 'zh-TW')).toBe('1,234,567.5');
  });

  test('fixed shows every decimal place; anything but a decimal string shows a dash', () => {
    expect(formatAmount('3', 'en-US', { decimalPoint: 4, isFixed: true })).toBe('3.0000');
    expect(formatAmount('1e3', 'en-US')).toBe('—');
    expect(formatAmount('', 'en-US')).toBe('—');
  });
});

describe('amountPattern', () => {
  test('allows at most `scale` decimals and no leading zeros', () => {
    const eight = amountPattern(8);
    expect(['0', '0.1', '12.12345678', '100'].every((value) => eight.test(value))).toBe(true);
    expect(
      ['012', '1.', '.5', '1.123456789', '-1', '1e5', ' 1'].some((value) => eight.test(value)),
    ).toBe(false);
    expect(amountPattern(0).test('1.0')).toBe(false);
    expect(amountPattern(0).test('10')).toBe(true);
  });
});

describe('parseAmountInput', () => {
  test('reads the locale separators into a canonical string', () => {
    expect(parseAmountInput('1,234.5', 'en-US', 8)).toEqual({ kind: 'valid', amount: '1234.5' });
    expect(parseAmountInput('1.234,5', 'vi-VN', 8)).toEqual({ kind: 'valid', amount: '1234.5' });
    expect(parseAmountInput(' 007.10 ', 'ko-KR', 8)).toEqual({ kind: 'valid', amount: '7.10' });
    expect(parseAmountInput('.5', 'en-US', 8)).toEqual({ kind: 'valid', amount: '0.5' });
  });

  test('rejects too many decimals, non-numbers and empties apart', () => {
    expect(parseAmountInput('0.123', 'en-US', 2)).toEqual({ kind: 'tooManyDecimals' });
    expect(parseAmountInput('1.5', 'ja-JP', 0)).toEqual({ kind: 'tooManyDecimals' });
    expect(parseAmountInput('12a', 'en-US', 8)).toEqual({ kind: 'invalid' });
    expect(parseAmountInput('-3', 'en-US', 8)).toEqual({ kind: 'invalid' });
    expect(parseAmountInput('.', 'en-US', 8)).toEqual({ kind: 'invalid' });
    expect(parseAmountInput('  ', 'en-US', 8)).toEqual({ kind: 'empty' });
  });

  test('editing shows the locale decimal separator without grouping', () => {
    expect(editableAmount('1234.5', 'vi-VN')).toBe('1234,5');
    expect(editableAmount('1234.5', 'en-US')).toBe('1234.5');
    expect(numberSeparators('vi-VN')).toEqual({ group: '.', decimal: ',' });
  });
});

describe('decimalsOf', () => {
  test('counts the decimals the API sent, so an amount without its asset at hand keeps every digit', () => {
    expect(decimalsOf('1.50000000')).toBe(8);
    expect(decimalsOf('250000')).toBe(0);
    expect(decimalsOf('0.000000000000000123')).toBe(18);
    expect(
      formatAmount('0.000000000000000123', 'en-US', {
        decimalPoint: decimalsOf('0.000000000000000123'),
      }),
    ).toBe('0.000000000000000123');
  });
});

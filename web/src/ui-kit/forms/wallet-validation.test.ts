// Proves the wallet forms' own checks: titles are 1–50 visible characters of storable text (the contracts' schema), amounts are exact
// decimal strings compared in bigint minor units (never floats) against the available balance,
// and account numbers are read with or without dashes.
import { describe, expect, test } from 'vitest';
import {
  amountProblem,
  minorUnits,
  normalizeAccountNumber,
  titleProblem,
} from './wallet-validation.ts';

describe('titleProblem', () => {
  test('requires 1–50 characters without control characters', () => {
    expect(titleProblem('  ')).toBe('required');
    expect(titleProblem('x'.repeat(51))).toBe('titleTooLong');
    expect(titleProblem(` ${'x'.repeat(50)} `)).toBeUndefined();
    expect(titleProblem('a\u0007b')).toBe('titleControl');
    expect(titleProblem('저축 통장')).toBeUndefined();
  });

  test('refuses text the server cannot store as the contracts do (text_invalid)', () => {
    expect(titleProblem('a\u0000b')).toBe('textInvalid');
    expect(titleProblem('\ud800x')).toBe('textInvalid');
    expect(titleProblem('x\udc00')).toBe('textInvalid');
    expect(titleProblem('저축 😀')).toBeUndefined();
  });
});

describe('amountProblem', () => {
  test('compares exactly, beyond what a JS number can hold', () => {
    expect(minorUnits('12345678901234567.000000000000000001', 18)).toBe(
      12345678901234567000000000000000001n,
    );
    expect(amountProblem('0.000000000000000002', 18, '0.000000000000000001')).toBe(
      'amountAboveAvailable',
    );
    expect(amountProblem('0.000000000000000001', 18, '0.000000000000000001')).toBeUndefined();
    expect(amountProblem('9007199254740993', 0, '9007199254740992')).toBe('amountAboveAvailable');
  });

  test('refuses empty, zero, malformed and too many decimals', () => {
    expect(amountProblem('', 8, undefined)).toBe('required');
    expect(amountProblem('0', 8, undefined)).toBe('amountZero');
    expect(amountProblem('0.00', 8, undefined)).toBe('amountZero');
    expect(amountProblem('1.5', 0, undefined)).toBe('amountInvalid');
    expect(amountProblem('01', 8, undefined)).toBe('amountInvalid');
    expect(amountProblem('1000', 0, undefined)).toBeUndefined();
  });
});

describe('normalizeAccountNumber', () => {
  test('accepts 12 digits starting with 1, dashes optional', () => {
    expect(normalizeAccountNumber('100000000016')).toBe('1000-0000-0016');
    expect(normalizeAccountNumber(' 1000-0000-0016 ')).toBe('1000-0000-0016');
    expect(normalizeAccountNumber('2000-0000-0016')).toBeUndefined();
    expect(normalizeAccountNumber('1000-0000-001')).toBeUndefined();
  });
});

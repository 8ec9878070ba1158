// Proves an administrator's reason is checked before it is sent: required, at most 1,000 characters, and refused as textInvalid when it holds a NUL character or an unpaired surrogate (the contracts' text rule).
import { expect, test } from 'vitest';
import { reasonProblem } from './ledger-admin-validation.ts';

test('required, bounded and storable', () => {
  expect(reasonProblem('   ')).toBe('required');
  expect(reasonProblem('x'.repeat(1_001))).toBe('reasonTooLong');
  expect(reasonProblem('Chargeback\u0000')).toBe('textInvalid');
  expect(reasonProblem('\ud800x')).toBe('textInvalid');
  expect(reasonProblem('환불 요청 😀 \u202e')).toBeUndefined();
});

// Proves the extra-form check the member forms and the server share: required fields need a non-blank value, a value for a field the form does not have is refused, each value must fit its input type, and the kept values are trimmed with blanks dropped.
import { expect, test } from 'vitest';
import { type ExtraFieldDefinition, extraFormCheck } from './assets.ts';

const form: ExtraFieldDefinition[] = [
  { name: 'depositor', label: 'Depositor', type: 'text', required: true },
  { name: 'email', label: 'Email', type: 'email', required: false },
  { name: 'amount_hint', label: 'Number', type: 'number', required: false },
  { name: 'phone', label: 'Phone', type: 'tel', required: false },
  { name: 'site', label: 'Site', type: 'url', required: false },
];

test('required, unknown and typed fields', () => {
  expect(extraFormCheck(form, {})).toEqual({ problem: 'required', field: 'depositor' });
  expect(extraFormCheck(form, { depositor: '  ' })).toEqual({
    problem: 'required',
    field: 'depositor',
  });
  expect(extraFormCheck(form, { depositor: 'A', branch: 'x' })).toEqual({
    problem: 'unknown',
    field: 'branch',
  });
  for (const [field, value] of [
    ['email', 'not-an-email'],
    ['amount_hint', '1e5'],
    ['phone', 'call me'],
    ['site', 'javascript:alert(1)'],
    ['depositor', 'two\nlines'],
  ] as const) {
    expect(extraFormCheck(form, { depositor: 'A', [field]: value })).toEqual({
      problem: 'invalid',
      field,
    });
  }
  expect(extraFormCheck(form, { depositor: 'A'.repeat(501) })).toEqual({
    problem: 'invalid',
    field: 'depositor',
  });
});

test('kept values are trimmed and blanks dropped', () => {
  expect(
    extraFormCheck(form, {
      depositor: ' Alice ',
      email: 'alice@example.com',
      amount_hint: '-12.50',
      phone: '+82 10-1234-5678',
      site: 'https://example.com/a',
    }),
  ).toEqual({
    values: {
      depositor: 'Alice',
      email: 'alice@example.com',
      amount_hint: '-12.50',
      phone: '+82 10-1234-5678',
      site: 'https://example.com/a',
    },
  });
  expect(extraFormCheck([], {})).toEqual({ values: {} });
  expect(extraFormCheck(form, { depositor: 'A', email: '' })).toEqual({
    values: { depositor: 'A' },
  });
});

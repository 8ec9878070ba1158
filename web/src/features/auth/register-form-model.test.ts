// Proves the sign-up form refuses, field by field, text the server cannot store (a NUL character or an unpaired surrogate, the contracts' text_invalid) before anything is sent, ahead of its other checks, and takes every other text as before.
import { expect, test } from 'vitest';
import { type RegistrationValues, registrationProblems } from './register-form-model.ts';

const valid: RegistrationValues = {
  user_id: 'newcomer',
  user_name: '새 회원 😀',
  email_address: 'newcomer@example.test',
  password: 'a long passphrase',
  password_confirm: 'a long passphrase',
  recommender: '',
  consents: ['terms_of_service', 'privacy_policy'],
};

test('NUL and unpaired surrogates are the text problem of their field', () => {
  expect(registrationProblems(valid)).toEqual({});
  expect(registrationProblems({ ...valid, user_name: 'Kim\u0000' })).toEqual({ user_name: 'text' });
  expect(registrationProblems({ ...valid, user_id: '\ud800x' })).toEqual({ user_id: 'text' });
  expect(registrationProblems({ ...valid, recommender: 'x\udc00' })).toEqual({
    recommender: 'text',
  });
  expect(
    registrationProblems({ ...valid, password: 'p\u0000', password_confirm: 'p\u0000' }),
  ).toEqual({ password: 'text', password_confirm: 'text' });
  expect(registrationProblems({ ...valid, user_name: '\u202eevil', email_address: '' })).toEqual({
    email_address: 'required',
  });
});

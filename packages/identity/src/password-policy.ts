/**
 * Password rules (ASVS 6.2.1, 6.2.9, 6.2.5, 6.2.12): at least 8 characters, at least 64 allowed (we
 * allow 128), no composition rules, and not one of the most common breached passwords. Length is
 * counted in code points, so a passphrase in any script counts as typed.
 */
export const passwordLengthMin = 8;
export const passwordLengthMax = 128;

export type PasswordProblem = 'too_short' | 'too_long' | 'too_common' | 'contains_identifier';

// The head of the public breached-password lists; a full k-anonymity check is a later adapter.
const commonPasswords = new Set([
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'password1',
  'password123',
  'qwertyuiop',
  'qwerty123',
  '11111111',
  '00000000',
  'iloveyou',
  'abcd1234',
  'abc12345',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'qwer1234',
  'asdf1234',
  'zaq12wsx',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'admin123',
  'letmein1',
  'passw0rd',
  '87654321',
  '12341234',
  'superman',
  'trustno1',
]);

export function passwordProblem(
  password: string,
  identifier?: string,
): PasswordProblem | undefined {
  const length = [...password].length;
  if (length < passwordLengthMin) return 'too_short';
  if (length > passwordLengthMax) return 'too_long';
  if (commonPasswords.has(password.toLowerCase())) return 'too_common';
  if (identifier !== undefined && identifier.length >= 4) {
    if (password.toLowerCase().includes(identifier.toLowerCase())) return 'contains_identifier';
  }
  return undefined;
}

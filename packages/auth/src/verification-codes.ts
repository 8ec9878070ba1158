import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** A 6-digit code from a CSPRNG (SPEC §5: entered within 5 minutes). */
export function newVerificationCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Keyed hash of a code, bound to its verification id. */
export function hashVerificationCode(key: Buffer, verificationId: string, code: string): Buffer {
  return createHmac('sha256', key).update(`${verificationId}:${code}`).digest();
}

export function verificationCodeMatches(
  key: Buffer,
  verificationId: string,
  code: string,
  stored: Uint8Array,
): boolean {
  const expected = hashVerificationCode(key, verificationId, code);
  return stored.length === expected.length && timingSafeEqual(expected, stored);
}

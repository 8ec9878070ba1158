import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { otpPastToleranceSeconds, otpPeriodSeconds } from '@ledger/identity';
import { generateSecret, generateURI, verify } from 'otplib';

/**
 * TOTP with otplib 13 (functional API): 160-bit seeds from a CSPRNG, 6 digits, 30 s steps, one step
 * of past drift and none of future, and replay protection through `afterTimeStep` plus the
 * compare-and-set of the accepted step (the caller's job, in the same flow).
 */
export const otpIssuer = 'Ledger Exchange';

export function newOtpSeed(): string {
  return generateSecret({ length: 20 });
}

export function otpAuthUri(seed: string, label: string): string {
  return generateURI({ issuer: otpIssuer, label, secret: seed });
}

/** The time step the code matched, or undefined when it is wrong or not after `afterStep`. */
export async function matchOtpCode(
  seed: string,
  code: string,
  nowMs: number,
  afterStep: number | null,
): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret: seed,
    token: code,
    epoch: Math.floor(nowMs / 1_000),
    period: otpPeriodSeconds,
    epochTolerance: [otpPastToleranceSeconds, 0],
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** AES-256-GCM: 12-byte nonce ‖ ciphertext ‖ 16-byte tag, bound to the registration id. */
export function sealOtpSeed(key: Buffer, otpId: string, seed: string): Uint8Array {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(otpId));
  const body = Buffer.concat([cipher.update(seed, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]);
}

export function openOtpSeed(key: Buffer, otpId: string, sealed: Uint8Array): string {
  const bytes = Buffer.from(sealed);
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(otpId));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([
    decipher.update(bytes.subarray(12, bytes.length - 16)),
    decipher.final(),
  ]).toString('utf8');
}

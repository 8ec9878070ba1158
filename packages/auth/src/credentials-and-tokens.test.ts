// Proves the auth building blocks: argon2id hashes carry the ASVS parameters in their PHC string
// and weaker ones are flagged for rehash (T20); refresh tokens verify only with their family's
// secret and the server key; OTP seeds are sealed bound to their registration; TOTP codes match
// once per step with past-only drift; and the verified-token cache is bounded, re-checks expiry and
// never answers for a token that only shares a cached token's tail (its lookup key).
import { generateKeyPairSync } from 'node:crypto';
import { generate } from 'otplib';
import { describe, expect, test } from 'vitest';
import { createAccessTokenIssuer, createAccessTokenVerifier } from './access-tokens.ts';
import { deriveIdentitySecrets, generateKeyMaterial } from './key-material.ts';
import { matchOtpCode, newOtpSeed, openOtpSeed, sealOtpSeed } from './otp-codes.ts';
import { hashPassword, needsRehash, parsePhc, verifyPassword } from './password-hasher.ts';
import {
  isAuthenticRefreshToken,
  makeRefreshToken,
  newFamilySecret,
  parseRefreshToken,
} from './refresh-tokens.ts';

const secrets = deriveIdentitySecrets(generateKeyMaterial().identitySecret);

describe('password hashing (T20)', () => {
  test('argon2id, m=19456 KiB, t=2, p=1, 16-byte salt; verification and rehash flags', async () => {
    const phc = await hashPassword('correct horse battery staple');
    expect(parsePhc(phc)).toEqual({
      algorithm: 'argon2id',
      memoryKib: 19_456,
      time: 2,
      parallelism: 1,
      saltBytes: 16,
    });
    expect(await verifyPassword(phc, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(phc, 'wrong')).toBe(false);
    expect(await verifyPassword('not a phc string', 'x')).toBe(false);
    expect(needsRehash(phc)).toBe(false);
    expect(needsRehash(phc.replace('m=19456', 'm=4096'))).toBe(true);
    expect(needsRehash(phc.replace('$argon2id$', '$argon2i$'))).toBe(true);
  });
});

describe('refresh tokens', () => {
  test('verify with their family secret and key only; any generation, no forgery', () => {
    const family = newFamilySecret();
    const sessionId = '5b1e3a53-2b5e-4d1c-9a63-0b8f3e9f4a10';
    const token = makeRefreshToken(secrets.refreshTokenKey, family, sessionId, 3);
    const parsed = parseRefreshToken(token);
    expect(parsed).toMatchObject({ sessionId, generation: 3 });
    if (!parsed) return;
    expect(isAuthenticRefreshToken(secrets.refreshTokenKey, family, parsed)).toBe(true);
    expect(isAuthenticRefreshToken(secrets.refreshTokenKey, newFamilySecret(), parsed)).toBe(false);
    expect(isAuthenticRefreshToken(secrets.otpSeedKey, family, parsed)).toBe(false);
    const bumped = parseRefreshToken(token.replace('.3.', '.4.'));
    expect(bumped && isAuthenticRefreshToken(secrets.refreshTokenKey, family, bumped)).toBe(false);
    expect(parseRefreshToken('rt1.not-a-session.1.x')).toBeUndefined();
  });
});

describe('OTP', () => {
  test('seeds are sealed to their registration id', () => {
    const seed = newOtpSeed();
    const sealed = sealOtpSeed(secrets.otpSeedKey, 'otp-1', seed);
    expect(Buffer.from(sealed).toString('utf8')).not.toContain(seed);
    expect(openOtpSeed(secrets.otpSeedKey, 'otp-1', sealed)).toBe(seed);
    expect(() => openOtpSeed(secrets.otpSeedKey, 'otp-2', sealed)).toThrow();
  });

  test('a code matches its step, the previous step (past drift) but not the next, and not twice', async () => {
    const seed = newOtpSeed();
    const stepStart = 1_700_000_010_000 - (1_700_000_010_000 % 30_000);
    const code = await generate({ secret: seed, epoch: stepStart / 1_000 });
    const step = stepStart / 30_000;
    expect(await matchOtpCode(seed, code, stepStart + 1_000, null)).toBe(step);
    expect(await matchOtpCode(seed, code, stepStart + 31_000, null)).toBe(step);
    expect(await matchOtpCode(seed, code, stepStart - 29_000, null)).toBeUndefined();
    expect(await matchOtpCode(seed, code, stepStart + 1_000, step)).toBeUndefined();
    expect(await matchOtpCode(seed, '12345', stepStart, null)).toBeUndefined();
  });
});

describe('access-token verifier cache', () => {
  test('is bounded and re-checks expiry on every use', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const issuer = createAccessTokenIssuer(privateKey, publicKey);
    const verifier = createAccessTokenVerifier(publicKey, { cacheSizeMax: 2 });
    const now = new Date('2025-01-15T03:00:00.000Z');
    const tokens = await Promise.all(
      [1, 2, 3].map((memberSeq) =>
        issuer.issue({
          memberSeq,
          sessionId: `s${memberSeq}`,
          usedOtp: false,
          lifetimeSeconds: 60,
          now,
        }),
      ),
    );
    for (const { token } of tokens)
      expect(await verifier.verify(token, now)).toMatchObject({ methods: ['pwd'] });
    expect(verifier.cacheSize()).toBe(2);
    const later = new Date(now.getTime() + 61_000);
    // The authorization's fast path: only tokens verified before, and only until they expire.
    expect(verifier.cached(tokens[0]?.token ?? '', now)).toBeUndefined();
    expect(verifier.cached(tokens[2]?.token ?? '', now)).toMatchObject({ memberSeq: 3 });
    expect(verifier.cached(tokens[2]?.token ?? '', later)).toBeUndefined();
    expect(await verifier.verify(tokens[2]?.token ?? '', later)).toBeUndefined();
  });

  test("a token with a cached token's signature but another payload is verified, and refused", async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const issuer = createAccessTokenIssuer(privateKey, publicKey);
    const verifier = createAccessTokenVerifier(publicKey, { cacheSizeMax: 8 });
    const now = new Date('2025-01-15T03:00:00.000Z');
    const { token } = await issuer.issue({
      memberSeq: 7,
      sessionId: 's7',
      usedOtp: false,
      lifetimeSeconds: 60,
      now,
    });
    expect(await verifier.verify(token, now)).toMatchObject({ memberSeq: 7 });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: '8' })).toString(
      'base64url',
    );
    const forged = `${header}.${forgedPayload}.${signature}`;
    expect(forged.slice(-40)).toBe(token.slice(-40));
    expect(verifier.cached(forged, now)).toBeUndefined();
    await expect(verifier.verify(forged, now)).resolves.toBeUndefined();
    // The genuine token is still served from the cache.
    expect(verifier.cached(token, now)).toMatchObject({ memberSeq: 7 });
  });
});

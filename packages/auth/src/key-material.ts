import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';

/**
 * The keys identity needs, imported once at start-up (DESIGN.md §5: per-call key import was most
 * of the request cost). From the environment (infrastructure, not product settings):
 * - the Ed25519 token signing key (write API only; PKCS#8 DER, base64url),
 * - the token verification key (both APIs; SPKI DER, base64url),
 * - the identity secret (write API only; 32 random bytes, base64url), from which HKDF derives one
 *   key per purpose so no key serves two.
 */
export type TokenKeys = { privateKey?: KeyObject; publicKey: KeyObject };

export type IdentitySecrets = {
  /** AES-256-GCM key for OTP seeds at rest. */
  otpSeedKey: Buffer;
  /** HMAC key for email and reset codes (a 6-digit code hashed plainly is brute-forced offline). */
  verificationCodeKey: Buffer;
  /** HMAC key that makes refresh tokens (never stored: recomputed, compared in constant time). */
  refreshTokenKey: Buffer;
  /** HMAC key for login sources (client IPs kept only as keyed hashes). */
  loginSourceKey: Buffer;
  /** AES-256-GCM key for secret settings at rest (a mail API key, the SMTP password). */
  settingSecretKey: Buffer;
};

export function importSigningKey(base64url: string): TokenKeys {
  const privateKey = createPrivateKey({
    key: Buffer.from(base64url, 'base64url'),
    format: 'der',
    type: 'pkcs8',
  });
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error('the signing key must be Ed25519');
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

export function importVerificationKey(base64url: string): TokenKeys {
  const publicKey = createPublicKey({
    key: Buffer.from(base64url, 'base64url'),
    format: 'der',
    type: 'spki',
  });
  if (publicKey.asymmetricKeyType !== 'ed25519') {
    throw new Error('the verification key must be Ed25519');
  }
  return { publicKey };
}

export function deriveIdentitySecrets(base64url: string): IdentitySecrets {
  const root = Buffer.from(base64url, 'base64url');
  if (root.length < 32) throw new Error('the identity secret must be at least 32 bytes');
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), `ledger-identity/${purpose}`, 32));
  return {
    otpSeedKey: derive('otp-seed'),
    verificationCodeKey: derive('verification-code'),
    refreshTokenKey: derive('refresh-token'),
    loginSourceKey: derive('login-source'),
    settingSecretKey: derive('setting-secret'),
  };
}

/** Fresh key material in the environment's format (development, tests, first deployment). */
export function generateKeyMaterial(): {
  signingKey: string;
  verificationKey: string;
  identitySecret: string;
} {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    signingKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url'),
    verificationKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64url'),
    identitySecret: randomBytes(32).toString('base64url'),
  };
}

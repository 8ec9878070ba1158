import { createHash, type KeyObject, randomUUID } from 'node:crypto';
import { type JWTHeaderParameters, jwtVerify, SignJWT } from 'jose';

/**
 * Short-lived access tokens (jose): EdDSA (Ed25519) pinned, issuer, audience and `typ: at+jwt`
 * checked, exp/iat/sub/jti/sid required, the key chosen by our own `kid` only (never from jku, jwk,
 * x5u or x5c headers, which are refused outright). The key objects are imported once.
 */
export const accessTokenIssuer = 'urn:ledger:write-api';
export const accessTokenAudience = 'urn:ledger:api';
export const accessTokenType = 'at+jwt';
export const accessTokenAlgorithm = 'EdDSA';
/** Upper bound whatever the setting says (the catalogue allows at most an hour). */
const accessTokenAgeMaxSeconds = 3_600;

export type AccessClaims = {
  memberSeq: number;
  sessionId: string;
  /** `pwd`, and `otp` when the session was opened with a one-time password. */
  methods: string[];
  expiresAtMs: number;
};

/** The key id: a hash of the public key, so a rotated key has a new id. */
export function keyIdOf(publicKey: KeyObject): string {
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return createHash('sha256').update(der).digest('base64url').slice(0, 16);
}

export type AccessTokenIssuer = {
  issue(input: {
    memberSeq: number;
    sessionId: string;
    usedOtp: boolean;
    lifetimeSeconds: number;
    now: Date;
  }): Promise<{ token: string; expiresIn: number }>;
};

export function createAccessTokenIssuer(
  privateKey: KeyObject,
  publicKey: KeyObject,
): AccessTokenIssuer {
  const kid = keyIdOf(publicKey);
  return {
    async issue({ memberSeq, sessionId, usedOtp, lifetimeSeconds, now }) {
      const issuedAt = Math.floor(now.getTime() / 1_000);
      const token = await new SignJWT({ sid: sessionId, amr: usedOtp ? ['pwd', 'otp'] : ['pwd'] })
        .setProtectedHeader({ alg: accessTokenAlgorithm, typ: accessTokenType, kid })
        .setIssuer(accessTokenIssuer)
        .setAudience(accessTokenAudience)
        .setSubject(String(memberSeq))
        .setJti(randomUUID())
        .setIssuedAt(issuedAt)
        .setNotBefore(issuedAt)
        .setExpirationTime(issuedAt + lifetimeSeconds)
        .sign(privateKey);
      return { token, expiresIn: lifetimeSeconds };
    },
  };
}

export type AccessTokenVerifier = {
  /** The claims of a valid token, or undefined. Revocation is checked by the caller, every time. */
  verify(token: string, now: Date): Promise<AccessClaims | undefined>;
  /**
   * The claims of a token verified before and not expired at `now`, without waiting (undefined
   * when it is not in the cache: then `verify` decides). The authorization's fast path.
   */
  cached(token: string, now: Date): AccessClaims | undefined;
  cacheSize(): number;
};

const forbiddenHeaders = ['jku', 'jwk', 'x5u', 'x5c', 'x5t', 'x5t#S256'] as const;

/**
 * Verifies access tokens, keeping up to `cacheSizeMax` verified tokens (oldest dropped first); a
 * cached token's expiry is checked again on every use.
 */
export function createAccessTokenVerifier(
  publicKey: KeyObject,
  options: { cacheSizeMax: number },
): AccessTokenVerifier {
  const kid = keyIdOf(publicKey);
  // Keyed by the token's last characters (its signature's end): a lookup hashes 40 characters
  // instead of a ~500-character token; the whole token is compared before an entry is used.
  const cache = new Map<string, { token: string; claims: AccessClaims }>();
  const selectKey = (header: JWTHeaderParameters) => {
    if (forbiddenHeaders.some((name) => name in header)) throw new Error('key header refused');
    if (header.kid !== kid) throw new Error('unknown key id');
    return publicKey;
  };
  const cachedOf = (token: string) => {
    const entry = cache.get(cacheKeyOf(token));
    return entry !== undefined && entry.token === token ? entry.claims : undefined;
  };
  return {
    async verify(token, now) {
      const cached = cachedOf(token);
      if (cached !== undefined) {
        if (cached.expiresAtMs > now.getTime()) return cached;
        cache.delete(cacheKeyOf(token));
        return undefined;
      }
      const claims = await verifyToken(token, selectKey, now);
      if (claims === undefined) return undefined;
      if (cache.size >= options.cacheSizeMax) {
        const oldest = cache.keys().next();
        if (!oldest.done) cache.delete(oldest.value);
      }
      cache.set(cacheKeyOf(token), { token, claims });
      return claims;
    },
    cached(token, now) {
      const cached = cachedOf(token);
      return cached !== undefined && cached.expiresAtMs > now.getTime() ? cached : undefined;
    },
    cacheSize: () => cache.size,
  };
}

function cacheKeyOf(token: string): string {
  return token.length > 40 ? token.slice(-40) : token;
}

async function verifyToken(
  token: string,
  selectKey: (header: JWTHeaderParameters) => KeyObject,
  now: Date,
): Promise<AccessClaims | undefined> {
  if (token.length > 4_096) return undefined;
  try {
    const { payload } = await jwtVerify(token, selectKey, {
      algorithms: [accessTokenAlgorithm],
      issuer: accessTokenIssuer,
      audience: accessTokenAudience,
      typ: accessTokenType,
      requiredClaims: ['exp', 'iat', 'nbf', 'sub', 'jti', 'sid'],
      maxTokenAge: accessTokenAgeMaxSeconds,
      currentDate: now,
      clockTolerance: 0,
    });
    const memberSeq = Number(payload.sub);
    const { sid, amr, exp } = payload as { sid?: unknown; amr?: unknown; exp?: number };
    if (!Number.isSafeInteger(memberSeq) || memberSeq <= 0) return undefined;
    if (typeof sid !== 'string' || !Array.isArray(amr) || exp === undefined) return undefined;
    return {
      memberSeq,
      sessionId: sid,
      methods: amr.filter((method): method is string => typeof method === 'string'),
      expiresAtMs: exp * 1_000,
    };
  } catch {
    return undefined;
  }
}

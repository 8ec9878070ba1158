// Proves access-token verification refuses every forged or misused token on both APIs (T18): alg
// none, HS256 signed with the public key (key confusion), wrong issuer, audience or typ, expired,
// not yet valid, jku/jwk/x5u headers, an unknown kid, a token of another key, a refresh token used
// as an access token, and a valid token of an ended session; a valid token passes (control).
import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import {
  accessTokenAudience,
  accessTokenIssuer,
  accessTokenType,
  importSigningKey,
  keyIdOf,
} from '@ledger/auth';
import { useTestDatabase } from '@ledger/testing';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createIdentityPlatformTestKit,
  type IdentityPlatformTestKit,
} from '../testing/identity-platform-test-kit.ts';

const database = useTestDatabase();
let kit: IdentityPlatformTestKit;
let valid: { token: string; refreshCookie: string };
let claims: { memberSeq: number; sessionId: string };
let keys: { privateKey: KeyObject; publicKey: KeyObject; kid: string };

beforeAll(async () => {
  kit = await createIdentityPlatformTestKit(database());
  const member = await kit.register('jwt');
  await kit.projected();
  valid = await kit.login(member);
  const payload = JSON.parse(
    Buffer.from(valid.token.split('.')[1] ?? '', 'base64url').toString(),
  ) as {
    sub: string;
    sid: string;
  };
  claims = { memberSeq: Number(payload.sub), sessionId: payload.sid };
  const imported = importSigningKey(kit.keys.signingKey);
  keys = {
    privateKey: imported.privateKey as KeyObject,
    publicKey: imported.publicKey,
    kid: keyIdOf(imported.publicKey),
  };
});
afterAll(async () => {
  await kit.close();
});

type Forge = {
  header?: Record<string, unknown>;
  issuer?: string;
  audience?: string;
  issuedAt?: number;
  notBefore?: number;
  expiresAt?: number;
  key?: KeyObject | Uint8Array;
  alg?: string;
};

async function forge(options: Forge = {}): Promise<string> {
  const now = Math.floor(kit.clock.nowMs / 1_000);
  return new SignJWT({ sid: claims.sessionId, amr: ['pwd'] })
    .setProtectedHeader({
      alg: options.alg ?? 'EdDSA',
      typ: accessTokenType,
      kid: keys.kid,
      ...options.header,
    })
    .setIssuer(options.issuer ?? accessTokenIssuer)
    .setAudience(options.audience ?? accessTokenAudience)
    .setSubject(String(claims.memberSeq))
    .setJti('forged-token')
    .setIssuedAt(options.issuedAt ?? now)
    .setNotBefore(options.notBefore ?? now)
    .setExpirationTime(options.expiresAt ?? now + 300)
    .sign(options.key ?? keys.privateKey);
}

function unsigned(header: Record<string, unknown>): string {
  const now = Math.floor(kit.clock.nowMs / 1_000);
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    iss: accessTokenIssuer,
    aud: accessTokenAudience,
    sub: String(claims.memberSeq),
    sid: claims.sessionId,
    jti: 'x',
    iat: now,
    nbf: now,
    exp: now + 300,
    amr: ['pwd'],
  };
  return `${encode(header)}.${encode(payload)}.`;
}

async function statuses(token: string): Promise<[number, number]> {
  const query = await kit.get('/api/v1/member/me', { token });
  const write = await kit.post('/api/v1/member/me/email-verification', {}, { token });
  return [query.status, write.status];
}

describe('T18 access-token negatives', () => {
  test('control: a valid token and a correctly forged one with our key pass on both APIs', async () => {
    expect(await statuses(valid.token)).toEqual([200, 202]);
    expect(await statuses(await forge())).toEqual([200, 202]);
  });

  const cases: [string, () => Promise<string>][] = [
    ['alg none', async () => unsigned({ alg: 'none', typ: accessTokenType, kid: keys.kid })],
    [
      'HS256 signed with the public key (key confusion)',
      async () =>
        forge({
          alg: 'HS256',
          key: new Uint8Array(keys.publicKey.export({ format: 'der', type: 'spki' })),
        }),
    ],
    ['wrong issuer', () => forge({ issuer: 'urn:evil' })],
    ['wrong audience', () => forge({ audience: 'urn:other-api' })],
    ['wrong typ', () => forge({ header: { typ: 'JWT' } })],
    [
      'expired',
      () =>
        forge({
          issuedAt: Math.floor(kit.clock.nowMs / 1_000) - 700,
          expiresAt: Math.floor(kit.clock.nowMs / 1_000) - 1,
        }),
    ],
    ['not yet valid', () => forge({ notBefore: Math.floor(kit.clock.nowMs / 1_000) + 120 })],
    ['jku header', () => forge({ header: { jku: 'https://evil.example/jwks.json' } })],
    ['jwk header', () => forge({ header: { jwk: keys.publicKey.export({ format: 'jwk' }) } })],
    ['x5u header', () => forge({ header: { x5u: 'https://evil.example/cert.pem' } })],
    ['unknown kid', () => forge({ header: { kid: 'someone-else' } })],
    [
      'signed by another Ed25519 key with our kid',
      async () =>
        forge({
          key: createPrivateKey(
            generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }),
          ),
        }),
    ],
    ['a refresh token used as an access token', async () => valid.refreshCookie],
    ['garbage', async () => 'not.a.token'],
  ];

  test.each(cases)('%s is refused with 401 on both APIs', async (_name, make) => {
    const before = await kit.eventCount();
    expect(await statuses(await make())).toEqual([401, 401]);
    expect(await kit.eventCount()).toBe(before);
  });

  test('a valid token of an ended session is refused (revocation checked on every use)', async () => {
    const member = await kit.register('ended');
    await kit.projected();
    const session = await kit.login(member);
    expect((await statuses(session.token))[0]).toBe(200);
    await kit.post('/api/v1/auth/logout', {}, { token: session.token });
    expect(await statuses(session.token)).toEqual([401, 401]);
  });
});

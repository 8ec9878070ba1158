// Proves the authorization decides by the token's outcome, through the middleware and through
// `decide` (the direct routes' entry) alike: a live session gives the principal; an ended session, a
// bad token or a header that is not a bearer is 401 on a member route and ignored on a public one;
// no header is 401 on a member route (an administrator route reads the access policy first).
import { generateKeyPairSync } from 'node:crypto';
import { createServiceApp } from '@ledger/http';
import type { Principal } from '@ledger/identity';
import type { IdentityDb } from '@ledger/identity-store';
import { silentLogger } from '@ledger/runtime';
import { expect, test } from 'vitest';
import { createAccessTokenIssuer, createAccessTokenVerifier } from './access-tokens.ts';
import { createAuthorizer, optionalPrincipalOf } from './authorization.ts';

const liveSession = '7b0c8a52-5a43-4d0e-9c53-1f0a2b3c4d5e';
const endedSession = '0d3f2b1a-9c8e-4f7a-8b6d-5e4c3b2a1f0e';

async function setUp() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const issuer = createAccessTokenIssuer(privateKey, publicKey);
  const now = new Date();
  const token = async (sessionId: string) =>
    (await issuer.issue({ memberSeq: 5, sessionId, usedOtp: false, lifetimeSeconds: 60, now }))
      .token;
  const policyReads: string[] = [];
  const authorizer = createAuthorizer({
    service: 'query',
    // The session checker below answers; administrator flags are never read (member tokens only
    // reach the administrator route's policy and are refused there).
    db: undefined as unknown as IdentityDb,
    verifier: createAccessTokenVerifier(publicKey, { cacheSizeMax: 8 }),
    now: () => now,
    accessPolicy: async () => {
      policyReads.push('read');
      return { administratorOtpRequired: false };
    },
    sessions: {
      check: async (sessionId, memberSeq) =>
        sessionId === liveSession && memberSeq === 5 ? { usedOtp: false } : undefined,
    },
  });
  const app = createServiceApp({ service: 'test', logger: silentLogger, bodySizeMax: 1_024 });
  app.use(authorizer.middleware);
  const seen = (c: Parameters<typeof optionalPrincipalOf>[0]) =>
    c.json({ member: optionalPrincipalOf(c)?.memberSeq ?? null });
  app.get('/api/v1/constant', seen);
  app.get('/api/v1/member/me', seen);
  const decide = (path: string, authorization: string | undefined) =>
    authorizer.decide('GET', [path], (name) =>
      name === 'authorization' ? authorization : undefined,
    );
  return {
    decide,
    live: await token(liveSession),
    ended: await token(endedSession),
    policyReads,
    /** The status (and member seen) through the middleware and through `decide`. */
    async both(path: string, authorization: string | undefined) {
      const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
      const response = await app.request(path, { headers });
      const decision = await decide(path, authorization);
      const viaDecide =
        decision.kind === 'allowed'
          ? {
              status: 200,
              member: (decision.principal as Principal | undefined)?.memberSeq ?? null,
            }
          : { status: decision.problem.status, member: null };
      const viaMiddleware = {
        status: response.status,
        member:
          response.status === 200
            ? ((await response.json()) as { member: number | null }).member
            : null,
      };
      expect(viaDecide).toEqual(viaMiddleware);
      return viaMiddleware;
    },
  };
}

test('a live session gives the principal on member and public routes', async () => {
  const { both, live } = await setUp();
  expect(await both('/api/v1/member/me', `Bearer ${live}`)).toEqual({ status: 200, member: 5 });
  // Again: the token now comes from the verifier's cache.
  expect(await both('/api/v1/member/me', `Bearer ${live}`)).toEqual({ status: 200, member: 5 });
  expect(await both('/api/v1/constant', `Bearer ${live}`)).toEqual({ status: 200, member: 5 });
});

test('an ended session, a bad token or another scheme: 401 on a member route, ignored on a public one', async () => {
  const { both, ended } = await setUp();
  for (const header of [`Bearer ${ended}`, 'Bearer x.y.z', 'Bearer ', 'Basic dXNlcjpwYXNz']) {
    expect(await both('/api/v1/member/me', header)).toEqual({ status: 401, member: null });
    expect(await both('/api/v1/constant', header)).toEqual({ status: 200, member: null });
  }
  expect(await both('/api/v1/member/me', undefined)).toEqual({ status: 401, member: null });
  expect(await both('/api/v1/constant', undefined)).toEqual({ status: 200, member: null });
});

test('an administrator route without a token reads the access policy, then answers 401', async () => {
  const { decide, policyReads } = await setUp();
  const decision = await decide('/api/v1/admin/member', undefined);
  expect(decision).toMatchObject({
    kind: 'refused',
    problem: { status: 401, code: 'unauthorized' },
  });
  expect(policyReads).toEqual(['read']);
});

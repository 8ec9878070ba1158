// Proves the authorization middleware denies by default: a served route missing from the route
// table is refused with 403 before its handler runs (with or without a token); public routes pass;
// member routes without a token get 401; unknown paths fall through to 404.
import { generateKeyPairSync } from 'node:crypto';
import { createServiceApp } from '@ledger/http';
import type { IdentityDb } from '@ledger/identity-store';
import { silentLogger } from '@ledger/runtime';
import { expect, test } from 'vitest';
import { createAccessTokenVerifier } from './access-tokens.ts';
import { authorization } from './authorization.ts';

function makeApp() {
  const calls: string[] = [];
  const app = createServiceApp({ service: 'test', logger: silentLogger, bodySizeMax: 1_024 });
  app.use(
    authorization({
      service: 'query',
      // No request in this test carries a token, so the database is never read.
      db: undefined as unknown as IdentityDb,
      verifier: createAccessTokenVerifier(generateKeyPairSync('ed25519').publicKey, {
        cacheSizeMax: 1,
      }),
      now: () => new Date(),
      accessPolicy: async () => ({ administratorOtpRequired: true }),
    }),
  );
  app.get('/api/v1/constant', (c) => {
    calls.push('constant');
    return c.json({});
  });
  app.get('/api/v1/not-in-the-table', (c) => {
    calls.push('unlisted');
    return c.json({ secret: true });
  });
  app.get('/api/v1/member/me', (c) => {
    calls.push('me');
    return c.json({});
  });
  return { app, calls };
}

test('a route missing from the table is refused before its handler runs', async () => {
  const { app, calls } = makeApp();
  const response = await app.request('/api/v1/not-in-the-table');
  expect(response.status).toBe(403);
  expect(((await response.json()) as { code: string }).code).toBe('forbidden');
  const withToken = await app.request('/api/v1/not-in-the-table', {
    headers: { authorization: 'Bearer x.y.z' },
  });
  expect(withToken.status).toBe(403);
  expect(calls).toEqual([]);
});

test('public routes pass; member routes need a token; unknown paths are 404', async () => {
  const { app, calls } = makeApp();
  expect((await app.request('/api/v1/constant')).status).toBe(200);
  const me = await app.request('/api/v1/member/me');
  expect(me.status).toBe(401);
  expect(me.headers.get('www-authenticate')).toBe('Bearer');
  expect((await app.request('/api/v1/nowhere')).status).toBe(404);
  expect(calls).toEqual(['constant']);
});

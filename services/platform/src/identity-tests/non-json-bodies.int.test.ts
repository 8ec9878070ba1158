// Proves, over real HTTP, that every route of both APIs that takes a method with a body refuses a
// non-empty body that is not JSON (form-encoded, text, or no content type) with 415
// unsupported_media_type before anything reads it, writing nothing, whoever calls; an empty body
// and a JSON one pass on as before, and malformed JSON stays a 400 bad_request.
import { randomUUID } from 'node:crypto';
import { type RouteEntry, routeTable } from '@ledger/contracts';
import { type RunningServer, serveApp } from '@ledger/http';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createIdentityPlatformTestKit,
  type IdentityPlatformTestKit,
} from '../testing/identity-platform-test-kit.ts';

const database = useTestDatabase();
let kit: IdentityPlatformTestKit;
let servers: { write: RunningServer; query: RunningServer };
let chiefToken: string;

beforeAll(async () => {
  kit = await createIdentityPlatformTestKit(database());
  servers = {
    write: await serveApp(kit.app, { port: 0, hostname: '127.0.0.1' }),
    query: await serveApp(kit.queryApp, { port: 0, hostname: '127.0.0.1' }),
  };
  const chief = await kit.register('chief');
  await kit.makeChiefAdministrator(chief.seq);
  await kit.projected();
  chiefToken = (await kit.login(chief)).token;
});
afterAll(async () => {
  await servers.write.close();
  await servers.query.close();
  await kit.close();
});

function concretePath(route: RouteEntry): string {
  return route.path.replace(/:[A-Za-z]+/g, (parameter) =>
    parameter === ':seq' ? '1' : parameter === ':key' ? 'otp.maximumCount' : randomUUID(),
  );
}

const bodyRoutes = routeTable.filter((route) => route.method !== 'GET');
const notJson: [string, Record<string, string>, string][] = [
  ['form-encoded', { 'content-type': 'application/x-www-form-urlencoded' }, 'asset=BTC'],
  ['text', { 'content-type': 'text/plain' }, '{"asset":"BTC"}'],
  ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }, '--x--'],
];

describe.each(bodyRoutes.map((route) => ({ ...route, name: `${route.method} ${route.path}` })))(
  '$name',
  (route) => {
    test.each(notJson)('a %s body is a 415, writing nothing', async (_, headers, body) => {
      const base = route.service === 'write' ? servers.write.url : servers.query.url;
      const before = await kit.eventCount();
      const response = await fetch(`${base}${concretePath(route)}`, {
        method: route.method,
        headers: { ...headers, authorization: `Bearer ${chiefToken}` },
        body,
      });
      expect(response.status).toBe(415);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(((await response.json()) as { code: string }).code).toBe('unsupported_media_type');
      expect(await kit.eventCount()).toBe(before);
    });
  },
);

test('a body without any content type is a 415; without a token too', async () => {
  const response = await fetch(`${servers.write.url}/api/v1/admin/deposit-request/approve-all`, {
    method: 'POST',
    body: new Blob(['{"asset":"BTC"}']),
  });
  expect(response.status).toBe(415);
});

test('an empty body and a JSON one pass on; malformed JSON stays a 400 bad_request', async () => {
  const logout = await fetch(`${servers.write.url}/api/v1/auth/logout`, { method: 'POST' });
  expect(logout.status).not.toBe(415);
  const login = (body: string) =>
    fetch(`${servers.write.url}/api/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body,
    });
  const refused = await login(JSON.stringify({ user_id: 'nobody', password: 'not this one' }));
  expect(refused.status).toBe(401);
  const malformed = await login('{"user_id":');
  expect(malformed.status).toBe(400);
  expect(((await malformed.json()) as { code: string }).code).toBe('bad_request');
});

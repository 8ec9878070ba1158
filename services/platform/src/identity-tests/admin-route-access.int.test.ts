// Proves access control is deny by default and comes from the one route table (T14, BFLA): both
// apps serve exactly the routes the table lists; every admin route, generated from the table,
// answers 403 to a non-admin member and 401 without a token, writing nothing; a role grants
// exactly its permissions and never a chief-administrator route, and GET /member/me tells the
// console exactly what the caller may call; and administrators need an OTP session when the
// setting asks for it.
import { randomUUID } from 'node:crypto';
import { type RouteEntry, routeTable } from '@ledger/contracts';
import { useTestDatabase } from '@ledger/testing';
import type { TestMember } from '@ledger/write-api/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createIdentityPlatformTestKit,
  type IdentityPlatformTestKit,
} from '../testing/identity-platform-test-kit.ts';

const database = useTestDatabase();
let kit: IdentityPlatformTestKit;
let member: TestMember;
let memberToken: string;

beforeAll(async () => {
  kit = await createIdentityPlatformTestKit(database());
  member = await kit.register('plain');
  memberToken = (await kit.login(member)).token;
  await kit.projected();
});
afterAll(async () => {
  await kit.close();
});

const adminRoutes = routeTable.filter(
  (route) => route.access === 'admin' || route.access === 'chief_administrator',
);

function concretePath(route: RouteEntry, ids: { memberSeq: number }): string {
  return route.path
    .replace(':seq', String(ids.memberSeq))
    .replace(':roleId', randomUUID())
    .replace(':otpId', randomUUID())
    .replace(':key', 'otp.maximumCount')
    .replace(':clientId', 'oc_AAAAAAAAAAAAAAAAAAAAAA')
    .replace(':adjustmentId', randomUUID())
    .replace(':code', 'BTC')
    .replace(':pluginId', 'sim-btc')
    .replace(':requestId', randomUUID())
    .replace(':depositId', 'sim-btc:f00dfeed:0')
    .replace(':withdrawalId', randomUUID())
    .replace(':asset', 'BTC')
    .replace(':marketSeq', '1')
    .replace(':dealId', randomUUID())
    .replace(':applicationId', randomUUID())
    .replace(':ticketId', randomUUID())
    .replace(':typeId', 'account')
    .replace(':faqTypeId', 'general')
    .replace(':faqId', randomUUID());
}

async function call(route: RouteEntry, token: string | undefined): Promise<Response> {
  const path = concretePath(route, { memberSeq: member.seq });
  expect(path, 'every parameter has a concrete value').not.toMatch(/\/:/);
  const headers: Record<string, string> =
    token === undefined ? {} : { authorization: `Bearer ${token}` };
  if (route.service === 'query') return kit.queryApp.request(path, { headers });
  return kit.app.request(path, {
    method: route.method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ is_denied: true, is_admin: true, name: 'x', value: 5, permissions: [] }),
  });
}

async function codeOf(response: Response): Promise<string> {
  return ((await response.json()) as { code: string }).code;
}

describe('the route table is the only source of routes', () => {
  function servedRoutes(app: { routes: { method: string; path: string }[] }): string[] {
    const served = app.routes.filter((route) => route.method !== 'ALL');
    return [...new Set(served.map((route) => `${route.method} ${route.path}`))].sort();
  }
  function listed(service: RouteEntry['service']): string[] {
    return routeTable
      .filter((route) => route.service === service)
      .map((route) => `${route.method} ${route.path}`)
      .sort();
  }

  test('the write API serves exactly the write routes of the table', () => {
    expect(servedRoutes(kit.app)).toEqual(listed('write'));
  });

  test('the query API serves exactly the query routes of the table (development routes on)', () => {
    expect(servedRoutes(kit.queryApp)).toEqual(listed('query'));
  });
});

describe.each(adminRoutes.map((route) => ({ ...route, name: `${route.method} ${route.path}` })))(
  '$name',
  (route) => {
    test('refuses a non-administrator with 403 and writes nothing', async () => {
      const before = await kit.eventCount();
      const response = await call(route, memberToken);
      expect(response.status).toBe(403);
      expect(await codeOf(response)).toBe('forbidden');
      expect(await kit.eventCount()).toBe(before);
    });

    test('refuses a request without a token with 401', async () => {
      const response = await call(route, undefined);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
    });
  },
);

describe('administrators, roles and the OTP session', () => {
  test('a role grants exactly its permissions, never a chief-administrator route', async () => {
    const chief = await kit.register('chief');
    await kit.makeChiefAdministrator(chief.seq);
    const chiefToken = (await kit.login(chief)).token;
    const role = await kit.post(
      '/api/v1/admin/acs/role',
      { name: 'Support', permissions: [{ method: 'GET', path: '/api/v1/admin/member' }] },
      { token: chiefToken },
    );
    expect(role.status).toBe(201);
    const roleId = ((await role.json()) as { data: { role_id: string } }).data.role_id;
    const support = await kit.register('support');
    const granted = await kit.app.request(`/api/v1/admin/member/${support.seq}/roles`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${chiefToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ role_ids: [roleId] }),
    });
    expect(granted.status).toBe(200);
    await kit.projected();
    const supportToken = (await kit.login(support)).token;
    const accessOf = async (token: string) =>
      ((await (await kit.get('/api/v1/member/me', { token })).json()) as { access: unknown })
        .access;
    expect(await accessOf(supportToken)).toEqual({
      is_chief_administrator: false,
      permissions: [{ method: 'GET', path: '/api/v1/admin/member' }],
    });
    expect(await accessOf(chiefToken)).toEqual({ is_chief_administrator: true, permissions: [] });
    expect(await accessOf(memberToken)).toEqual({
      is_chief_administrator: false,
      permissions: [],
    });
    expect((await kit.get('/api/v1/admin/member', { token: supportToken })).status).toBe(200);
    expect((await kit.get('/api/v1/admin/loginlog', { token: supportToken })).status).toBe(403);
    const escalate = await kit.app.request(`/api/v1/admin/member/${support.seq}/admin`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${supportToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ is_admin: true }),
    });
    expect(escalate.status).toBe(403);
  });

  test('with auth.administratorOtpRequired, an administrator without an OTP session gets 403', async () => {
    const chief = await kit.register('otpless');
    await kit.makeChiefAdministrator(chief.seq);
    await kit.changeSetting('auth.administratorOtpRequired', true);
    await kit.projected();
    const token = (await kit.login(chief)).token;
    const response = await kit.get('/api/v1/admin/member', { token });
    expect(response.status).toBe(403);
    expect(await codeOf(response)).toBe('otp_session_required');
    await kit.changeSetting('auth.administratorOtpRequired', false);
    await kit.projected();
    const allowed = await kit.get('/api/v1/admin/member', { token });
    expect(allowed.status, await allowed.clone().text()).toBe(200);
  });
});

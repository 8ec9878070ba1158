// Proves access control is deny by default: public routes are open, member routes need a
// principal, admin routes need is_admin or a role holding exactly that method and path (and an
// OTP session where settings say so), chief-administrator routes need is_admin; and that the
// route table is well formed (unique entries, ids named in their path, GETs on the query API).

import {
  findRoute,
  isGrantablePermission,
  permissionCatalogue,
  permissionKey,
  type RouteEntry,
  routeTable,
} from '@ledger/contracts';
import { describe, expect, it } from 'vitest';
import { evaluateAccess, isBrokerageOwner, type Principal } from './access-control.ts';

function entry(method: string, path: string): RouteEntry {
  const found = routeTable.find((route) => route.method === method && route.path === path);
  if (!found) throw new Error(`${method} ${path} is not in the table`);
  return found;
}

const member: Principal = {
  memberSeq: 2,
  sessionId: 's',
  isAdmin: false,
  permissions: new Set(),
  usedOtp: true,
};
const chief: Principal = { ...member, isAdmin: true };
const policy = { administratorOtpRequired: true };

describe('evaluateAccess', () => {
  const memberList = entry('GET', '/api/v1/admin/member');
  const grantRoles = entry('PUT', '/api/v1/admin/member/:seq/roles');

  it('allows public routes to anyone and member routes to members only', () => {
    expect(evaluateAccess(entry('POST', '/api/v1/auth/token'), undefined, policy).kind).toBe(
      'allow',
    );
    expect(evaluateAccess(entry('GET', '/api/v1/member/me'), undefined, policy).kind).toBe(
      'unauthenticated',
    );
    expect(evaluateAccess(entry('GET', '/api/v1/member/me'), member, policy).kind).toBe('allow');
  });

  it('refuses admin routes to members, allows them to the chief or a role with that permission', () => {
    expect(evaluateAccess(memberList, member, policy)).toEqual({
      kind: 'forbidden',
      reason: 'not_administrator',
    });
    expect(evaluateAccess(memberList, chief, policy).kind).toBe('allow');
    const support = { ...member, permissions: new Set([permissionKey(memberList)]) };
    expect(evaluateAccess(memberList, support, policy).kind).toBe('allow');
    expect(evaluateAccess(entry('GET', '/api/v1/admin/loginlog'), support, policy).kind).toBe(
      'forbidden',
    );
  });

  it('keeps chief-administrator routes from role holders, even with the permission key', () => {
    const holder = { ...member, permissions: new Set([permissionKey(grantRoles)]) };
    expect(evaluateAccess(grantRoles, holder, policy).kind).toBe('forbidden');
    expect(evaluateAccess(grantRoles, chief, policy).kind).toBe('allow');
  });

  it('requires an OTP session for administrators when the policy says so', () => {
    const withoutOtp = { ...chief, usedOtp: false };
    expect(evaluateAccess(memberList, withoutOtp, policy)).toEqual({
      kind: 'forbidden',
      reason: 'otp_required',
    });
    expect(evaluateAccess(memberList, withoutOtp, { administratorOtpRequired: false }).kind).toBe(
      'allow',
    );
  });
});

describe('route table', () => {
  it('lists each (service, method, path) once', () => {
    const keys = routeTable.map((route) => `${route.service} ${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('puts reads on the query API and writes on the write API (the proxy routes by method)', () => {
    // The exceptions: each API's health, and the write API's own description, which the web
    // proxy sends to the write API by path (web/vite-plugins/api-proxy.ts).
    const writeApiDescription = ['/api/v1/openapi/write.json', '/api/v1/reference/write'];
    for (const route of routeTable) {
      if (route.path.endsWith('/health') || writeApiDescription.includes(route.path)) continue;
      expect(route.service, `${route.method} ${route.path}`).toBe(
        route.method === 'GET' ? 'query' : 'write',
      );
    }
  });

  it('names each id parameter in its path', () => {
    for (const route of routeTable.filter((candidate) => candidate.id)) {
      expect(route.path).toContain(`:${route.id?.parameter}`);
    }
  });

  it('keeps every admin route under /api/v1/admin or development, each of those admin-only', () => {
    for (const route of routeTable) {
      const isAdminPath =
        route.path.startsWith('/api/v1/admin/') || route.path.startsWith('/api/v1/development/');
      const isAdminAccess = route.access === 'admin' || route.access === 'chief_administrator';
      expect(isAdminPath, `${route.method} ${route.path}`).toBe(isAdminAccess);
    }
  });

  it('finds a route by service, method and path, HEAD as GET, and nothing else', () => {
    expect(findRoute('query', 'HEAD', '/api/v1/constant')?.access).toBe('public');
    expect(findRoute('write', 'GET', '/api/v1/constant')).toBeUndefined();
  });

  it('grants only admin permissions through roles', () => {
    expect(isGrantablePermission({ method: 'GET', path: '/api/v1/admin/member' })).toBe(true);
    expect(isGrantablePermission({ method: 'PUT', path: '/api/v1/admin/member/:seq/roles' })).toBe(
      false,
    );
    expect(isGrantablePermission({ method: 'GET', path: '/api/v1/member/me' })).toBe(false);
    expect(permissionCatalogue().every(isGrantablePermission)).toBe(true);
  });
});

describe('isBrokerageOwner', () => {
  it('is true only for the owner', () => {
    expect(isBrokerageOwner(member, { ownerMemberSeq: 2 })).toBe(true);
    expect(isBrokerageOwner(member, { ownerMemberSeq: 3 })).toBe(false);
    expect(isBrokerageOwner(member, { ownerMemberSeq: null })).toBe(false);
  });
});

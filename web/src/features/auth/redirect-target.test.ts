// Proves login-me only returns to paths on this site (no open redirect, no loop through an auth
// page) and picks the console dashboard_type names when no page is given.
import { expect, test } from 'vitest';
import { LoginMeSearchSchema, landingPath, safeRedirectPath } from './redirect-target.ts';

test('same-site paths pass with their query and hash', () => {
  expect(safeRedirectPath('/admin/member/list?page=2#top')).toBe('/admin/member/list?page=2#top');
});

test('anything that could leave the site or loop is refused', () => {
  for (const value of [
    'https://evil.test/',
    '//evil.test/x',
    '/\\evil.test',
    'javascript:alert(1)',
    'admin',
    '/login',
    '/logout?from=/admin',
    '/login-me?redirectFrom=/x',
    undefined,
  ]) {
    expect(safeRedirectPath(value), String(value)).toBeUndefined();
  }
});

test('without a page, dashboard_type picks the console', () => {
  expect(landingPath({ redirectFrom: '/admin/member/list' })).toBe('/admin/member/list');
  expect(landingPath({ dashboard_type: 'brokerage' })).toBe('/brokerage-console');
  expect(landingPath({ dashboard_type: 'admin', redirectFrom: 'https://evil.test' })).toBe(
    '/admin',
  );
  expect(landingPath({})).toBe('/home');
});

test('bad search values are dropped, not fatal', () => {
  expect(LoginMeSearchSchema.parse({ redirectFrom: 42, dashboard_type: 'root' })).toEqual({});
});

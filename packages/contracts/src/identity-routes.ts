import { type RouteEntry, route, v1 } from './route-entry.ts';

/** Health, the API documents, sign-in, registration, members, OTP, brokerages and administration. */
const memberId = { parameter: 'seq', kind: 'member' } as const;

export const publicAndHealthRoutes: RouteEntry[] = [
  route('GET', '/health', 'query', 'public', 'Query API health'),
  route('GET', `${v1}/health`, 'query', 'public', 'Query API health'),
  route('GET', '/health', 'write', 'public', 'Write API health'),
  route('GET', `${v1}/health`, 'write', 'public', 'Write API health'),
  route('GET', `${v1}/constant`, 'query', 'public', 'Locales, assets and enumerations'),
  route('GET', `${v1}/openapi/query.json`, 'query', 'public', 'OpenAPI document of the query API'),
  route('GET', `${v1}/reference/query`, 'query', 'public', 'Reference page of the query API'),
  route('GET', `${v1}/openapi/write.json`, 'write', 'public', 'OpenAPI document of the write API'),
  route('GET', `${v1}/reference/write`, 'write', 'public', 'Reference page of the write API'),
  route('POST', `${v1}/auth/token`, 'write', 'public', 'Log in (password, then OTP)'),
  route('POST', `${v1}/auth/token/refresh`, 'write', 'public', 'Rotate the refresh token'),
  route('POST', `${v1}/auth/logout`, 'write', 'public', 'End the session'),
  route('POST', `${v1}/member`, 'write', 'public', 'Register'),
  route('POST', `${v1}/member/find`, 'write', 'public', 'Send a password-reset code'),
  route('POST', `${v1}/member/find/reset`, 'write', 'public', 'Reset the password with a code'),
];

export const memberRoutes: RouteEntry[] = [
  route('GET', `${v1}/member/me`, 'query', 'member', 'The caller as member_info'),
  route('POST', `${v1}/member/me/email-verification`, 'write', 'member', 'Send a code'),
  route('POST', `${v1}/member/me/email-verification/confirm`, 'write', 'member', 'Confirm a code'),
  route('PUT', `${v1}/member/me/password`, 'write', 'member', 'Change the password'),
  route('PUT', `${v1}/member/me/email`, 'write', 'member', 'Change the email (re-verified)'),
  route('POST', `${v1}/member/me/withdrawal`, 'write', 'member', 'Withdraw the account'),
  route('GET', `${v1}/otp`, 'query', 'member', 'The caller’s OTP registrations'),
  route('POST', `${v1}/otp`, 'write', 'member', 'Register an OTP (secret and otpauth URI)'),
  route('POST', `${v1}/otp/:otpId/activate`, 'write', 'member', 'Activate with a valid code', {
    id: { parameter: 'otpId', kind: 'otp' },
  }),
  route('POST', `${v1}/otp/:otpId/deactivate`, 'write', 'member', 'Deactivate or cancel', {
    id: { parameter: 'otpId', kind: 'otp' },
  }),
  route('GET', `${v1}/brokerage`, 'query', 'brokerage_owner', 'The caller’s brokerages'),
  route('GET', `${v1}/brokerage/:seq`, 'query', 'brokerage_owner', 'One of the caller’s', {
    id: { parameter: 'seq', kind: 'brokerage' },
  }),
];

export const adminReadRoutes: RouteEntry[] = [
  route('GET', `${v1}/admin/member`, 'query', 'admin', 'Member list'),
  route('GET', `${v1}/admin/member/:seq`, 'query', 'admin', 'Member view', { id: memberId }),
  route('GET', `${v1}/admin/member/:seq/account`, 'query', 'admin', 'Member accounts', {
    id: memberId,
  }),
  route('GET', `${v1}/admin/member/:seq/loginlog`, 'query', 'admin', 'Member login log', {
    id: memberId,
  }),
  route('GET', `${v1}/admin/member/:seq/oauth2-client`, 'query', 'admin', 'Member clients', {
    id: memberId,
  }),
  route('GET', `${v1}/admin/member/:seq/invite-relation`, 'query', 'admin', 'Invitees', {
    id: memberId,
  }),
  route('GET', `${v1}/admin/member-group`, 'query', 'admin', 'Member groups'),
  route('GET', `${v1}/admin/oauth2-client`, 'query', 'admin', 'OAuth2 clients'),
  route('GET', `${v1}/admin/loginlog`, 'query', 'admin', 'Login log'),
  route('GET', `${v1}/admin/acs/role`, 'query', 'admin', 'Roles'),
  route('GET', `${v1}/admin/acs/permission`, 'query', 'admin', 'Permission catalogue'),
  route('GET', `${v1}/admin/activity-log`, 'query', 'admin', 'Activity log'),
  route('GET', `${v1}/admin/mail-outbox`, 'query', 'admin', 'Mails kept by the outbox'),
  route('GET', `${v1}/development/mail-outbox`, 'query', 'admin', 'Mails kept by the outbox', {
    developmentOnly: true,
  }),
  route('GET', `${v1}/admin/setting`, 'query', 'admin', 'Settings'),
];

export const adminWriteRoutes: RouteEntry[] = [
  route('PUT', `${v1}/admin/member/:seq/deny`, 'write', 'admin', 'Deny or allow', { id: memberId }),
  route('PUT', `${v1}/admin/member/:seq/security-level`, 'write', 'admin', 'Set security level', {
    id: memberId,
  }),
  route('PUT', `${v1}/admin/member/:seq/security-level-lock`, 'write', 'admin', 'Lock level', {
    id: memberId,
  }),
  route('PUT', `${v1}/admin/member/:seq/statistics-exclusion`, 'write', 'admin', 'Statistics', {
    id: memberId,
  }),
  route('PUT', `${v1}/admin/member/:seq/groups`, 'write', 'admin', 'Grant groups', {
    id: memberId,
  }),
  route('PUT', `${v1}/admin/member/:seq/roles`, 'write', 'chief_administrator', 'Grant roles', {
    id: memberId,
  }),
  route('PUT', `${v1}/admin/member/:seq/admin`, 'write', 'chief_administrator', 'Admin flag', {
    id: memberId,
  }),
  route('POST', `${v1}/admin/oauth2-client`, 'write', 'admin', 'Register an OAuth2 client'),
  route('PUT', `${v1}/admin/oauth2-client/:clientId`, 'write', 'admin', 'Change an OAuth2 client'),
  route(
    'POST',
    `${v1}/admin/oauth2-client/:clientId/secret`,
    'write',
    'admin',
    'Rotate its secret',
  ),
  route('DELETE', `${v1}/admin/oauth2-client/:clientId`, 'write', 'admin', 'Revoke it'),
  route('POST', `${v1}/admin/member-group`, 'write', 'admin', 'Create a member group'),
  route('PUT', `${v1}/admin/member-group/:seq`, 'write', 'admin', 'Rename a member group', {
    id: { parameter: 'seq', kind: 'member_group' },
  }),
  route('POST', `${v1}/admin/acs/role`, 'write', 'chief_administrator', 'Define a role'),
  route('PUT', `${v1}/admin/acs/role/:roleId`, 'write', 'chief_administrator', 'Change a role', {
    id: { parameter: 'roleId', kind: 'role' },
  }),
  route('PUT', `${v1}/admin/setting/:key`, 'write', 'chief_administrator', 'Change a setting', {
    id: { parameter: 'key', kind: 'setting' },
  }),
  route(
    'PUT',
    `${v1}/admin/setting-secret/:key`,
    'write',
    'chief_administrator',
    'Write or clear a secret setting',
    { id: { parameter: 'key', kind: 'setting' } },
  ),
  route('POST', `${v1}/admin/config/mail/test-send`, 'write', 'chief_administrator', 'Test mail'),
  route('POST', `${v1}/admin/config/phone/test-send`, 'write', 'chief_administrator', 'Test SMS'),
];

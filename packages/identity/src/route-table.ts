/**
 * The one route table of both APIs (deny by default). Every route either API serves is listed here
 * with who may call it; a route missing from the table is refused by the authorization middleware,
 * and a test fails if an app serves a route the table does not list. Permissions of access-control
 * roles are entries of this table (method and path).
 *
 * Access:
 * - `public`: anyone (a token is not needed; visitors log in, register, recover).
 * - `member`: any logged-in member that is not denied or withdrawn; the handler scopes every object
 *   to the caller (BOLA).
 * - `brokerage_owner`: a member; the handler loads the brokerage scoped to its owner.
 * - `admin`: the chief administrator (is_admin), or a member holding a role with this permission.
 * - `chief_administrator`: is_admin only (granting roles, admin flags, settings): a role holder
 *   must not be able to grant itself more.
 */
export const httpMethods = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export type Access = 'public' | 'member' | 'brokerage_owner' | 'admin' | 'chief_administrator';

export type IdKind =
  | 'member'
  | 'otp'
  | 'brokerage'
  | 'member_group'
  | 'role'
  | 'setting'
  | 'account'
  | 'adjustment'
  | 'kyc_certification'
  | 'kyc_withdraw_address_certification'
  | 'security_level'
  | 'asset'
  | 'asset_plugin'
  | 'deposit'
  | 'deposit_request'
  | 'withdrawal';

export type RouteEntry = {
  method: HttpMethod;
  /** Full path in Hono syntax, `:name` for parameters. */
  path: string;
  service: 'query' | 'write';
  access: Access;
  /** The path parameter that names an object, and what kind of object. */
  id?: { parameter: string; kind: IdKind };
  /** Mounted only when the process runs in development mode. */
  developmentOnly?: boolean;
  summary: string;
};

export type Permission = { method: HttpMethod; path: string };

const v1 = '/api/v1';

function route(
  method: HttpMethod,
  path: string,
  service: RouteEntry['service'],
  access: Access,
  summary: string,
  extra: Partial<Pick<RouteEntry, 'id' | 'developmentOnly'>> = {},
): RouteEntry {
  return { method, path, service, access, summary, ...extra };
}

const memberId = { parameter: 'seq', kind: 'member' } as const;

const publicAndHealthRoutes: RouteEntry[] = [
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

const memberRoutes: RouteEntry[] = [
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

const adminReadRoutes: RouteEntry[] = [
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

const adminWriteRoutes: RouteEntry[] = [
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
];

const accountId = { parameter: 'seq', kind: 'account' } as const;
const adjustmentId = { parameter: 'adjustmentId', kind: 'adjustment' } as const;

/** The ledger (issue #9): wallet accounts, balances, transfers, books, forced adjustments. */
const ledgerRoutes: RouteEntry[] = [
  route('POST', `${v1}/account`, 'write', 'member', 'Open a wallet account'),
  route('PUT', `${v1}/account/:seq`, 'write', 'member', 'Change an account title', {
    id: accountId,
  }),
  route('POST', `${v1}/account-transfer`, 'write', 'member', 'Move money between accounts'),
  route('GET', `${v1}/account`, 'query', 'member', 'The caller’s wallet accounts'),
  route('GET', `${v1}/account-asset`, 'query', 'member', 'The caller’s wallet per asset'),
  route('GET', `${v1}/account/:seq`, 'query', 'member', 'One of the caller’s accounts', {
    id: accountId,
  }),
  route('GET', `${v1}/account/:seq/balance-log`, 'query', 'member', 'Its balance changes', {
    id: accountId,
  }),
  route('GET', `${v1}/account/:seq/balance`, 'query', 'member', 'Its balance at an instant', {
    id: accountId,
  }),
  route('GET', `${v1}/admin/account`, 'query', 'admin', 'Account list'),
  route('GET', `${v1}/admin/account/:seq`, 'query', 'admin', 'Account view', { id: accountId }),
  route('GET', `${v1}/admin/account/:seq/balance-log`, 'query', 'admin', 'Balance log', {
    id: accountId,
  }),
  route('GET', `${v1}/admin/account/:seq/balance`, 'query', 'admin', 'Balance at an instant', {
    id: accountId,
  }),
  route('GET', `${v1}/admin/book`, 'query', 'admin', 'Per-asset books (sum = 0)'),
  route('GET', `${v1}/admin/adjustment`, 'query', 'admin', 'Forced adjustments'),
  route('GET', `${v1}/admin/adjustment/:adjustmentId`, 'query', 'admin', 'One adjustment', {
    id: adjustmentId,
  }),
  route('GET', `${v1}/admin/ledger-activity`, 'query', 'admin', 'Administrators’ ledger actions'),
  route(
    'GET',
    `${v1}/admin/ledger-reconciliation`,
    'query',
    'admin',
    'Newest continuous reconciliation run (T25)',
  ),
  route(
    'POST',
    `${v1}/admin/ledger-reconciliation`,
    'write',
    'admin',
    'Run the continuous reconciliation now (T25)',
  ),
  route('PUT', `${v1}/admin/account/:seq/status`, 'write', 'admin', 'Normal or fraud', {
    id: accountId,
  }),
  route('POST', `${v1}/admin/adjustment`, 'write', 'admin', 'Propose a forced adjustment'),
  route('POST', `${v1}/admin/adjustment/:adjustmentId/approve`, 'write', 'admin', 'Approve it', {
    id: adjustmentId,
  }),
  route('POST', `${v1}/admin/adjustment/:adjustmentId/reject`, 'write', 'admin', 'Reject it', {
    id: adjustmentId,
  }),
];

const assetCode = { parameter: 'code', kind: 'asset' } as const;
const assetPluginId = { parameter: 'pluginId', kind: 'asset_plugin' } as const;
const depositId = { parameter: 'depositId', kind: 'deposit' } as const;
const depositRequestId = { parameter: 'requestId', kind: 'deposit_request' } as const;

/** Assets, asset plug-ins and deposits (issue #10). */
const assetAndDepositRoutes: RouteEntry[] = [
  route('GET', `${v1}/asset`, 'query', 'member', 'Active assets'),
  route('GET', `${v1}/deposit`, 'query', 'member', 'The caller’s chain deposits'),
  route('GET', `${v1}/account/:seq/deposit-address`, 'query', 'member', 'Its deposit address', {
    id: accountId,
  }),
  route('POST', `${v1}/account/:seq/deposit-address`, 'write', 'member', 'Create it (memo ID)', {
    id: accountId,
  }),
  route('POST', `${v1}/deposit-request`, 'write', 'member', 'Request a manual deposit'),
  route('GET', `${v1}/deposit-request`, 'query', 'member', 'The caller’s deposit requests'),
  route('GET', `${v1}/admin/asset`, 'query', 'admin', 'Asset catalog'),
  route('GET', `${v1}/admin/asset/:code`, 'query', 'admin', 'One asset', { id: assetCode }),
  route('POST', `${v1}/admin/asset`, 'write', 'admin', 'Register an asset'),
  route('PUT', `${v1}/admin/asset/:code`, 'write', 'admin', 'Change an asset', { id: assetCode }),
  route('PUT', `${v1}/admin/asset/:code/freeze`, 'write', 'admin', 'Freeze or lift', {
    id: assetCode,
  }),
  route('GET', `${v1}/admin/asset-plugin`, 'query', 'admin', 'Asset plug-ins'),
  route('POST', `${v1}/admin/asset-plugin`, 'write', 'admin', 'Register a plug-in'),
  route('PUT', `${v1}/admin/asset-plugin/:pluginId`, 'write', 'admin', 'Change a plug-in', {
    id: assetPluginId,
  }),
  route('GET', `${v1}/admin/deposit`, 'query', 'admin', 'Chain deposits'),
  route('GET', `${v1}/admin/deposit-request`, 'query', 'admin', 'Deposit requests'),
  route('POST', `${v1}/admin/deposit-request/:requestId/approve`, 'write', 'admin', 'Approve', {
    id: depositRequestId,
  }),
  route('POST', `${v1}/admin/deposit-request/:requestId/reject`, 'write', 'admin', 'Reject', {
    id: depositRequestId,
  }),
  route('POST', `${v1}/admin/deposit-request/approve-all`, 'write', 'admin', 'Approve all'),
  route('POST', `${v1}/admin/deposit/:depositId/attribute`, 'write', 'admin', 'Attribute', {
    id: depositId,
  }),
  route('POST', `${v1}/admin/deposit/:depositId/return`, 'write', 'admin', 'Return', {
    id: depositId,
  }),
  route('POST', `${v1}/development/chain/mine`, 'write', 'admin', 'Mine simulated blocks', {
    developmentOnly: true,
  }),
  route('POST', `${v1}/development/chain/send`, 'write', 'admin', 'Send a simulated deposit', {
    developmentOnly: true,
  }),
  route('POST', `${v1}/development/chain/reorg`, 'write', 'admin', 'Cause a simulated reorg', {
    developmentOnly: true,
  }),
];

const withdrawalId = { parameter: 'withdrawalId', kind: 'withdrawal' } as const;

/** Withdrawals, withdraw transfers, account transfers and the withdraw policy (issue #10). */
const withdrawalRoutes: RouteEntry[] = [
  route('GET', `${v1}/withdraw`, 'query', 'member', 'The caller’s withdrawals'),
  route('GET', `${v1}/withdraw/:withdrawalId`, 'query', 'member', 'One of them', {
    id: withdrawalId,
  }),
  route('POST', `${v1}/withdraw`, 'write', 'member', 'Request a withdrawal (OTP)'),
  route('POST', `${v1}/withdraw/:withdrawalId/cancel`, 'write', 'member', 'Cancel it', {
    id: withdrawalId,
  }),
  route('GET', `${v1}/admin/withdraw`, 'query', 'admin', 'Withdrawals'),
  route('GET', `${v1}/admin/withdraw/:withdrawalId`, 'query', 'admin', 'One withdrawal', {
    id: withdrawalId,
  }),
  route('GET', `${v1}/admin/withdraw-transfer`, 'query', 'admin', 'Withdraw transfers'),
  route('GET', `${v1}/admin/account-transfer`, 'query', 'admin', 'Transfers between accounts'),
  route('GET', `${v1}/admin/withdraw-policy`, 'query', 'admin', 'Withdraw policy per asset'),
  route('POST', `${v1}/admin/withdraw/approve-all`, 'write', 'admin', 'Approve every request'),
  route('POST', `${v1}/admin/withdraw/:withdrawalId/approve`, 'write', 'admin', 'Approve it', {
    id: withdrawalId,
  }),
  route('POST', `${v1}/admin/withdraw/:withdrawalId/reject`, 'write', 'admin', 'Reject it', {
    id: withdrawalId,
  }),
  route('POST', `${v1}/admin/withdraw/:withdrawalId/complete`, 'write', 'admin', 'Complete it', {
    id: withdrawalId,
  }),
  route(
    'POST',
    `${v1}/admin/withdraw/:withdrawalId/fail`,
    'write',
    'admin',
    'Fail it (after sent)',
    {
      id: withdrawalId,
    },
  ),
  route(
    'POST',
    `${v1}/admin/withdraw/:withdrawalId/resend`,
    'write',
    'admin',
    'Re-send a transfer',
    {
      id: withdrawalId,
    },
  ),
  route('POST', `${v1}/admin/withdraw/:withdrawalId/key-in`, 'write', 'admin', 'Key in a txid', {
    id: withdrawalId,
  }),
  route('PUT', `${v1}/admin/withdraw-policy/:asset`, 'write', 'admin', 'Set an asset’s policy'),
];

const kycCertificationId = { parameter: 'seq', kind: 'kyc_certification' } as const;
const addressCertificationId = {
  parameter: 'seq',
  kind: 'kyc_withdraw_address_certification',
} as const;

/** KYC, real-name authentication, withdraw-address certification, security levels (issue #10). */
const kycAndSecurityRoutes: RouteEntry[] = [
  route('GET', `${v1}/security-level`, 'query', 'member', 'The caller’s security level'),
  route('GET', `${v1}/kyc/certification`, 'query', 'member', 'The caller’s KYC requests'),
  route('POST', `${v1}/kyc/certification`, 'write', 'member', 'Request KYC certification'),
  route('GET', `${v1}/kyc/realname`, 'query', 'member', 'The caller’s real-name history'),
  route('POST', `${v1}/kyc/realname`, 'write', 'member', 'Start real-name authentication'),
  route('POST', `${v1}/kyc/realname/complete`, 'write', 'member', 'Hand in the answer'),
  route('GET', `${v1}/kyc/withdraw-address-certification`, 'query', 'member', 'The caller’s'),
  route('POST', `${v1}/kyc/withdraw-address-certification`, 'write', 'member', 'Request one'),
  route('GET', `${v1}/admin/security/catalog`, 'query', 'admin', 'Security catalog'),
  route('PUT', `${v1}/admin/security/level/:seq`, 'write', 'admin', 'Set a level', {
    id: { parameter: 'seq', kind: 'security_level' },
  }),
  route('PUT', `${v1}/admin/security/restriction-policy`, 'write', 'admin', 'Set a policy'),
  route('GET', `${v1}/admin/kyc-certification`, 'query', 'admin', 'KYC certifications'),
  route('PUT', `${v1}/admin/kyc-certification/:seq/review`, 'write', 'admin', 'CDD review', {
    id: kycCertificationId,
  }),
  route('PUT', `${v1}/admin/kyc-certification/:seq/validity`, 'write', 'admin', 'Validity', {
    id: kycCertificationId,
  }),
  route('GET', `${v1}/admin/kyc-realname`, 'query', 'admin', 'Real-name authentications'),
  route(
    'GET',
    `${v1}/admin/kyc-asset-withdraw-address-certification`,
    'query',
    'admin',
    'Withdraw-address certifications',
  ),
  route(
    'PUT',
    `${v1}/admin/kyc-asset-withdraw-address-certification/:seq/review`,
    'write',
    'admin',
    'Review an address',
    { id: addressCertificationId },
  ),
  route(
    'PUT',
    `${v1}/admin/kyc-asset-withdraw-address-certification/:seq/validity`,
    'write',
    'admin',
    'Address validity',
    { id: addressCertificationId },
  ),
];

export const routeTable: readonly RouteEntry[] = [
  ...publicAndHealthRoutes,
  ...memberRoutes,
  ...adminReadRoutes,
  ...adminWriteRoutes,
  ...ledgerRoutes,
  ...assetAndDepositRoutes,
  ...withdrawalRoutes,
  ...kycAndSecurityRoutes,
];

export function permissionKey(permission: Permission): string {
  return `${permission.method} ${permission.path}`;
}

/** The table's entry for a matched route of `service`, or undefined (then: deny). */
export function findRoute(
  service: RouteEntry['service'],
  method: string,
  path: string,
): RouteEntry | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  return routeTable.find(
    (entry) => entry.service === service && entry.method === wanted && entry.path === path,
  );
}

/** Roles may carry only admin permissions: never public or member routes, never chief ones. */
export function isGrantablePermission(permission: Permission): boolean {
  return routeTable.some(
    (entry) =>
      entry.access === 'admin' &&
      entry.method === permission.method &&
      entry.path === permission.path,
  );
}

/** The permission catalogue (SPEC §6 acs/catalog): every grantable route. */
export function permissionCatalogue(): (Permission & { summary: string })[] {
  return routeTable
    .filter((entry) => entry.access === 'admin')
    .map((entry) => ({ method: entry.method, path: entry.path, summary: entry.summary }));
}

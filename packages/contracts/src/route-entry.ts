/**
 * An entry of the one route table of both APIs (deny by default; route-table.ts). Each feature
 * declares its own entries beside its contract (identity-routes.ts, ledger-routes.ts, ...). Every route either API serves is listed here
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
  | 'withdrawal'
  | 'c2c_market'
  | 'c2c_deal'
  | 'c2c_application'
  | 'cs_ticket'
  | 'cs_ticket_type'
  | 'cs_faq'
  | 'cs_faq_type';

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

export const v1 = '/api/v1';

export function route(
  method: HttpMethod,
  path: string,
  service: RouteEntry['service'],
  access: Access,
  summary: string,
  extra: Partial<Pick<RouteEntry, 'id' | 'developmentOnly'>> = {},
): RouteEntry {
  return { method, path, service, access, summary, ...extra };
}

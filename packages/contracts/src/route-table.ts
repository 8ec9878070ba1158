import { assetAndDepositRoutes } from './asset-routes.ts';
import { c2cRoutes } from './c2c-routes.ts';
import { csRoutes } from './cs-routes.ts';
import {
  adminReadRoutes,
  adminWriteRoutes,
  memberRoutes,
  publicAndHealthRoutes,
} from './identity-routes.ts';
import { kycAndSecurityRoutes } from './kyc-routes.ts';
import { ledgerRoutes } from './ledger-routes.ts';
import type { Permission, RouteEntry } from './route-entry.ts';
import { withdrawalRoutes } from './withdraw-routes.ts';

export {
  type Access,
  type HttpMethod,
  httpMethods,
  type IdKind,
  type Permission,
  type RouteEntry,
} from './route-entry.ts';

/**
 * The one route table of both APIs, concatenated from each feature's entries (deny by default: a
 * route missing here is refused by the authorization middleware).
 */
export const routeTable: readonly RouteEntry[] = [
  ...publicAndHealthRoutes,
  ...memberRoutes,
  ...adminReadRoutes,
  ...adminWriteRoutes,
  ...ledgerRoutes,
  ...assetAndDepositRoutes,
  ...withdrawalRoutes,
  ...kycAndSecurityRoutes,
  ...c2cRoutes,
  ...csRoutes,
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

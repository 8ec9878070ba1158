import { z } from 'zod';

/** Where a login-me login goes when no page is named (SPEC §2 dashboard_type). */
export const dashboardTypes = ['admin', 'brokerage', 'member'] as const;
export type DashboardType = (typeof dashboardTypes)[number];

export const LoginMeSearchSchema = z.object({
  redirectFrom: z.string().max(2_000).optional().catch(undefined),
  dashboard_type: z.enum(dashboardTypes).optional().catch(undefined),
});
export type LoginMeSearch = z.infer<typeof LoginMeSearchSchema>;

const authPages = ['/login', '/login-me', '/logout'];

/**
 * `redirectFrom` if it is a path on this site, else undefined: an absolute or protocol-relative
 * URL would make the login page an open redirect, and an auth page would loop.
 */
export function safeRedirectPath(redirectFrom: string | undefined): string | undefined {
  if (redirectFrom === undefined || !redirectFrom.startsWith('/')) return undefined;
  if (redirectFrom.startsWith('//') || redirectFrom.includes('\\')) return undefined;
  const url = new URL(redirectFrom, 'http://x');
  if (url.origin !== 'http://x' || authPages.includes(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The public home page: where /login sends a user who is already logged in. */
export const homePath = '/home';

export function landingPath(search: LoginMeSearch): string {
  const target = safeRedirectPath(search.redirectFrom);
  if (target !== undefined) return target;
  if (search.dashboard_type === 'brokerage') return '/brokerage-console';
  if (search.dashboard_type === 'admin') return '/admin';
  return homePath;
}

import { findRoute, type RouteEntry } from '@ledger/contracts';
import { type ProblemInit, problemResponse } from '@ledger/http';
import { type AccessPolicy, evaluateAccess, type Principal } from '@ledger/identity';
import type { IdentityDb } from '@ledger/identity-store';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AccessTokenVerifier } from './access-tokens.ts';
import { loadPrincipal } from './principal-loader.ts';
import { createSessionChecker, type SessionChecker } from './session-checks.ts';

export type AuthorizationVariables = { principal: Principal | undefined; route: RouteEntry };

export type AuthorizationOptions = {
  service: RouteEntry['service'];
  db: IdentityDb;
  verifier: AccessTokenVerifier;
  now: () => Date;
  /** The access policy from the settings (read only for administrator routes). */
  accessPolicy: () => Promise<AccessPolicy>;
  onRefused?: (event: { route: string; reason: string; memberSeq: number | undefined }) => void;
  /**
   * The per-request revocation check; by default the session reads of requests arriving in the
   * same event-loop turn share one query (session-checks.ts: never cached, never stale).
   */
  sessions?: SessionChecker;
};

function bearerOf(header: string): string {
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
  return match?.[1] ?? '';
}

/** What the authorization decided for a request: go on with its principal, or this problem. */
export type AccessDecision =
  | { kind: 'allowed'; principal: Principal | undefined; route: RouteEntry }
  | { kind: 'refused'; problem: ProblemInit };

export type Authorizer = {
  /** The middleware every route of the app passes (Hono). */
  middleware: MiddlewareHandler;
  /**
   * The same decision for a request whose matched handler paths are `handlerPaths` (a direct
   * route, @ledger/http direct-routes.ts): the route table, the token, the session, the access
   * level, with the same caches and the same coalesced session reads as the middleware.
   */
  decide(
    method: string,
    handlerPaths: readonly string[],
    header: (name: string) => string | undefined,
  ): Promise<AccessDecision>;
};

/**
 * Every request of the app passes here before its handler (and before body validation): the
 * matched route is looked up in the one route table; a route not in the table is refused (deny by
 * default); otherwise the access level decides. Requests that match no route pass on to the
 * 404/405 handlers.
 */
export function authorization(options: AuthorizationOptions): MiddlewareHandler {
  return createAuthorizer(options).middleware;
}

/** The authorization as a middleware and as a decision for direct routes (one set of caches). */
export function createAuthorizer(options: AuthorizationOptions): Authorizer {
  const resolved: AuthorizationOptions = {
    ...options,
    sessions: options.sessions ?? createSessionChecker(options.db),
  };
  // The route table is a constant and the app's handler paths are finite: each (method, path)
  // is looked up once (a linear scan of the table per request was ~1 % of a transfer's CPU).
  const entries = new Map<string, Map<string, RouteEntry | undefined>>();
  const entryOf = (method: string, path: string) => {
    let byPath = entries.get(method);
    if (byPath === undefined) {
      byPath = new Map();
      entries.set(method, byPath);
    }
    if (byPath.has(path)) return byPath.get(path);
    const entry = findRoute(options.service, method, path);
    byPath.set(path, entry);
    return entry;
  };
  /** The route-table entries of the matched paths, or the refusal of a path not in the table. */
  const routesOf = (
    method: string,
    handlerPaths: readonly string[],
  ): RouteEntry[] | ProblemInit => {
    const routes: RouteEntry[] = [];
    for (const path of handlerPaths) {
      const entry = entryOf(method, path);
      if (entry === undefined) {
        const route = handlerPaths.join(', ');
        options.onRefused?.({ route, reason: 'not_in_route_table', memberSeq: undefined });
        return { status: 403, code: 'forbidden' };
      }
      routes.push(entry);
    }
    return routes;
  };
  const middleware: MiddlewareHandler = (c, next) => {
    // Every handler route the request matched (normally one): each must be allowed, so an
    // overlapping pattern can never open a stricter route. Middleware (method ALL) is not a route.
    let handlerPaths: string[] | undefined;
    for (const candidate of matchedRoutes(c)) {
      if (candidate.method === 'ALL') continue;
      if (handlerPaths === undefined) handlerPaths = [candidate.path];
      else if (!handlerPaths.includes(candidate.path)) handlerPaths.push(candidate.path);
    }
    if (handlerPaths === undefined) return next();
    const routes = routesOf(c.req.method, handlerPaths);
    if (!Array.isArray(routes)) return Promise.resolve(problemResponse(c, routes));
    return authorizeRoutes(c, next, routes, resolved);
  };
  return {
    middleware,
    decide(method, handlerPaths, header) {
      const routes = routesOf(method, handlerPaths);
      if (!Array.isArray(routes)) return Promise.resolve({ kind: 'refused', problem: routes });
      return decideRoutes(routes, header, resolved);
    },
  };
}

const isAdministration = (route: RouteEntry) =>
  route.access === 'admin' || route.access === 'chief_administrator';

async function authorizeRoutes(
  c: Context,
  next: Next,
  routes: RouteEntry[],
  options: AuthorizationOptions,
): Promise<Response | undefined> {
  if (routes.length === 0) {
    await next();
    return undefined;
  }
  const decision = await decideRoutes(routes, (name) => c.req.header(name), options);
  if (decision.kind === 'refused') return problemResponse(c, decision.problem);
  c.set('principal', decision.principal);
  c.set('route', decision.route);
  await next();
  return undefined;
}

const unauthorized: ProblemInit = {
  status: 401,
  code: 'unauthorized',
  headers: { 'www-authenticate': 'Bearer' },
};

/** What a request without administrator routes is judged by (the settings are not read). */
const memberRoutesPolicy: AccessPolicy = { administratorOtpRequired: false };

/** The decision over the matched routes' entries (at least one). */
async function decideRoutes(
  routes: RouteEntry[],
  header: (name: string) => string | undefined,
  options: AuthorizationOptions,
): Promise<AccessDecision> {
  const strictest = (routes.find((route) => route.access !== 'public') ?? routes[0]) as RouteEntry;
  const withAdministration = routes.some(isAdministration);
  const principal = await authenticate(header, strictest, withAdministration, options);
  if (principal === 'invalid') return { kind: 'refused', problem: unauthorized };
  const policy = withAdministration ? await options.accessPolicy() : memberRoutesPolicy;
  for (const route of routes) {
    const verdict = evaluateAccess(route, principal, policy);
    if (verdict.kind === 'unauthenticated') return { kind: 'refused', problem: unauthorized };
    if (verdict.kind === 'forbidden') {
      options.onRefused?.({
        route: route.path,
        reason: verdict.reason,
        memberSeq: principal?.memberSeq,
      });
      return {
        kind: 'refused',
        problem: {
          status: 403,
          code: verdict.reason === 'otp_required' ? 'otp_session_required' : 'forbidden',
        },
      };
    }
  }
  return { kind: 'allowed', principal, route: strictest };
}

/**
 * The principal of the bearer token; 'invalid' for a bad, expired or revoked token on a route
 * that needs one. On a public route a bad token is ignored (a stale token must not block login).
 */
async function authenticate(
  header: (name: string) => string | undefined,
  route: RouteEntry,
  withAdministration: boolean,
  options: AuthorizationOptions,
): Promise<Principal | undefined | 'invalid'> {
  const authorization = header('authorization');
  if (authorization === undefined) return undefined;
  const now = options.now();
  // A token verified before is well formed (bearerOf would take it as it is): no pattern match and
  // no wait for it. Any other header goes the whole way.
  let claims = authorization.startsWith('Bearer ')
    ? options.verifier.cached(authorization.slice(7), now)
    : undefined;
  if (claims === undefined) {
    const token = bearerOf(authorization);
    claims = token === '' ? undefined : await options.verifier.verify(token, now);
  }
  const principal =
    claims === undefined
      ? undefined
      : await loadPrincipal(options.db, claims, now, {
          withAdministration,
          sessions: options.sessions,
        });
  if (principal === undefined) return route.access === 'public' ? undefined : 'invalid';
  return principal;
}

/** The principal of a member route (the middleware guarantees one). */
export function principalOf(c: Context): Principal {
  const principal: unknown = c.get('principal');
  if (principal === undefined) throw new Error('principalOf: a member route without a principal');
  return principal as Principal;
}

/** The principal when there is one (public routes). */
export function optionalPrincipalOf(c: Context): Principal | undefined {
  return c.get('principal') as Principal | undefined;
}

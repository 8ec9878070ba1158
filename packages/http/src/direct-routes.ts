import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@ledger/runtime';
import type { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isDependencyUnavailable } from './dependency-unavailable.ts';
import { ProblemError, type ProblemInit, problemHeaders, problemText } from './problem-details.ts';
import { negotiateLocale } from './problem-messages.ts';

/**
 * Direct routes: a few hot routes (the money commands) answered straight from `node:http`, without
 * the web `Request`/`Response`/`Headers` that `@hono/node-server` builds, Hono's context and its
 * middleware chain (docs/adr/0018). The Hono route stays registered and is still what `app.request`,
 * the route table, the OpenAPI document and every request the direct path does not take use; both
 * call the same functions (authorization, validation, the route's core, problem rendering), and
 * `serveApp` installs a direct route only when every middleware Hono would run for it is one the
 * direct path performs itself or one that lets it pass (checked at start-up, see `directRoutesOf`).
 *
 * What the kit does for a direct route, as the service kit's middleware does for a Hono one: the
 * request id (the client's when well formed), the secure headers, the body limit, problem details
 * for thrown `ProblemError`s and `HTTPException`s, a logged 500 for anything else. Any request that
 * is not plainly one of them (another method or path spelling, a query string, chunked or
 * oversized bodies, an unusual Host) goes to Hono untouched.
 */

/** What a direct route's handler sees of the request. */
export type DirectRequest = {
  readonly method: string;
  /** The path (no query: a request with one goes to Hono). */
  readonly path: string;
  readonly requestId: string;
  /** A request header, read as `c.req.header(name)` reads it under `@hono/node-server`. */
  header(name: string): string | undefined;
  /** The Node objects, as Hono's `c.env` holds them (the client address is read from the socket). */
  readonly env: { incoming: IncomingMessage; outgoing: ServerResponse };
  /** The body, decoded as `c.req.text()` decodes it (UTF-8, a BOM dropped). */
  readonly text: string;
};

/** A direct route's answer; the kit adds the request id, the secure headers and the length. */
export type DirectAnswer = { status: number; headers: Record<string, string>; body: string };

export type DirectRoute = {
  method: 'POST';
  path: string;
  /** The app middleware this route performs itself (its authorization), by identity. */
  performs: readonly unknown[];
  handle(request: DirectRequest): Promise<DirectAnswer>;
};

/** The answer of a problem, as `problemResponse` renders it (in the request's Accept-Language). */
export function directProblem(request: DirectRequest, problem: ProblemInit): DirectAnswer {
  const locale = negotiateLocale(request.header('accept-language'));
  return {
    status: problem.status,
    headers: problemHeaders(problem, locale),
    body: problemText(problem, request.path, request.requestId, locale),
  };
}

/** A JSON answer, as Hono's `c.json` renders it. */
export function directJson(
  status: number,
  value: unknown,
  headers?: Record<string, string>,
): DirectAnswer {
  return {
    status,
    headers:
      headers === undefined ? jsonHeaders : { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(value),
  };
}

/** The headers of a JSON answer without headers of its own: one object for all of them. */
const jsonHeaders: Record<string, string> = Object.freeze({ 'content-type': 'application/json' });

/**
 * The problem the app answers for a thrown error (its `onError`, and the direct routes' kit): a
 * `ProblemError` as it is, an `HTTPException` below 500 by its status, a dependency that cannot be
 * reached now (`isDependencyUnavailable`) a 503 with Retry-After, logged as a warning, anything
 * else a 500 that reveals nothing, logged with the request.
 */
export function problemOfError(
  error: unknown,
  report: {
    logger: Logger;
    service: string;
    requestId: unknown;
    method: string;
    path: string;
  },
): ProblemInit {
  if (error instanceof ProblemError) return error.problem;
  if (error instanceof HTTPException && error.status < 500) {
    if (error.status === 401) return { status: 401, code: 'unauthorized' };
    if (error.status === 403) return { status: 403, code: 'forbidden' };
    return {
      status: error.status,
      code: 'bad_request',
      ...(malformedJson.test(error.message) ? { message: 'bad_request.malformed_json' } : {}),
    };
  }
  const { logger, ...request } = report;
  if (isDependencyUnavailable(error)) {
    logger.warn('dependency unavailable', {
      ...request,
      error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
    });
    return { status: 503, code: 'service_unavailable', headers: { 'retry-after': '1' } };
  }
  logger.error('unhandled error', {
    ...request,
    error:
      error instanceof Error
        ? { name: error.name, message: error.message, stack: error.stack }
        : String(error),
  });
  return { status: 500, code: 'internal_error' };
}

/** Hono's validator's and `validateJsonText`'s words for a body that is not JSON. */
const malformedJson = /^Malformed JSON/;

/**
 * A middleware that does nothing for some requests: `passes(method, path)` says for which. A direct
 * route is installed only when every middleware of the app on its path passes it, is the service
 * kit's own, or is performed by the route (`DirectRoute.performs`).
 */
export function passesDirectRoutes<Handler extends object>(
  middleware: Handler,
  passes: (method: string, path: string) => boolean,
): Handler {
  return Object.assign(middleware, { [passesKey]: passes });
}

const passesKey = Symbol('ledger.passesDirectRoutes');

/** What the service kit knows of an app, for the direct path (set by `createServiceApp`). */
export type ServiceKit = {
  service: string;
  logger: Logger;
  bodySizeMax: number;
  basics: unknown;
  routes: DirectRoute[];
};

const kits = new WeakMap<object, ServiceKit>();

export function registerServiceKit(app: object, kit: ServiceKit): void {
  kits.set(app, kit);
}

export function serviceKitOf(app: object): ServiceKit | undefined {
  return kits.get(app);
}

/** Adds a direct route to an app made by `createServiceApp` (after its Hono route). */
// biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env.
export function addDirectRoute(app: Hono<any, any, any>, route: DirectRoute): void {
  const kit = kits.get(app);
  if (kit === undefined) throw new Error('addDirectRoute: not an app of createServiceApp');
  kit.routes.push(route);
}

type RouterEntry = [[unknown, { method: string; path: string; handler: unknown }], unknown];

/**
 * The direct routes of an app that answer exactly as Hono would: the route's path matches only its
 * own handlers (no other pattern catches it), and every middleware on the path is the kit's, one the
 * route performs, or one that passes it. A route that fails the check is served by Hono (and
 * `refused` says why, for the start-up log and the tests).
 */
export function directRoutesOf(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env.
  app: Hono<any, any, any>,
): { routes: DirectRoute[]; refused: { path: string; reason: string }[] } {
  const kit = kits.get(app);
  const routes: DirectRoute[] = [];
  const refused: { path: string; reason: string }[] = [];
  for (const route of kit?.routes ?? []) {
    const [matches] = app.router.match(route.method, route.path) as unknown as [RouterEntry[]];
    let reason: string | undefined;
    let handlers = 0;
    for (const [[, entry]] of matches) {
      if (entry.method !== 'ALL') {
        handlers += 1;
        if (entry.path !== route.path) reason = `also matches ${entry.method} ${entry.path}`;
        continue;
      }
      const handler = entry.handler as { [passesKey]?: (method: string, path: string) => boolean };
      const fine =
        handler === kit?.basics ||
        route.performs.includes(handler) ||
        handler[passesKey]?.(route.method, route.path) === true;
      if (!fine)
        reason = `middleware ${entry.path} (${String((handler as { name?: string }).name)})`;
    }
    if (handlers === 0) reason = 'no Hono route';
    if (reason === undefined) routes.push(route);
    else refused.push({ path: route.path, reason });
  }
  return { routes, refused };
}

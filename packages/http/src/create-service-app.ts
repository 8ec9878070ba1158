import type { Logger } from '@ledger/runtime';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { RequestIdVariables } from 'hono/request-id';
import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import { secureHeaders } from 'hono/secure-headers';
import { problemOfError, registerServiceKit } from './direct-routes.ts';
import { problemResponse } from './problem-details.ts';
import { newRequestId } from './request-ids.ts';
import { isJsonMediaType, notJsonProblem } from './validation.ts';

export type ServiceEnv = { Variables: RequestIdVariables };

export type ServiceAppOptions = {
  service: string;
  logger: Logger;
  /** Largest request body accepted, in bytes. */
  bodySizeMax: number;
};

const requestIdPattern = /^[A-Za-z0-9._-]{1,128}$/;

/** Hono's `secureHeaders()` defaults, written out: the same names and values. */
export const secureHeaderList: readonly (readonly [string, string])[] = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/**
 * Kept as Hono's `requestId` middleware kept it (word characters, `-`, `=`), or ours does; else a
 * new time-ordered UUID (request-ids.ts).
 */
export function requestIdOf(fromClient: string | undefined): string {
  if (fromClient) {
    if (fromClient.length <= 255 && !/[^\w\-=]/.test(fromClient)) return fromClient;
    if (requestIdPattern.test(fromClient)) return fromClient;
  }
  return newRequestId();
}

type NodeResponse = { setHeader(name: string, value: string): unknown; headersSent: boolean };

/**
 * One middleware (one step of Hono's chain for every request) for what every request gets:
 *
 * - The request id (kept from the client when well formed, else a new UUID) and the secure headers
 *   on every response. Served by `@hono/node-server`, they are set on Node's response object before
 *   the handler runs, so they reach the socket with whatever the handler answers (a 404, a thrown
 *   error, a replayed answer built as a raw Response) without touching the web `Headers` of the
 *   answer: Hono's `requestId` and `secureHeaders` wrote 13 headers into undici's `Headers` per
 *   request (about 15 µs of the kit's 66 µs per request, measured). Elsewhere (`app.request` in
 *   tests, other runtimes) Hono's own `secureHeaders` does it.
 * - A body that is not JSON: a non-empty body (a Content-Length other than 0, or chunked) without a
 *   JSON content type is refused with 415 unsupported_media_type on every route, before any
 *   handler reads it (a form-encoded body would otherwise be validated as `{}`, dropping its
 *   fields: an optional filter silently widened to everything).
 * - The body limit: a body larger than `maxSize` is refused with 413 before any handler reads it.
 *   A body with a Content-Length (and no Transfer-Encoding) is judged by that header alone: Node's
 *   HTTP parser never delivers more bytes than it declares, so nothing needs reading here, and the
 *   request stays the server's lightweight one (Hono's `bodyLimit` asks for `c.req.raw.body`,
 *   which builds a full web `Request` with a stream for every POST: a fifth of the write API's CPU
 *   per transfer). A body without a length (chunked) is counted as it streams, by Hono's
 *   `bodyLimit`.
 */
function serviceBasics(maxSize: number): MiddlewareHandler {
  const onResponse = secureHeaders();
  const streamed = bodyLimit({
    maxSize,
    onError: (c) =>
      problemResponse(c, {
        status: 413,
        code: 'payload_too_large',
        params: { bodySizeMax: maxSize },
      }),
  });
  const limited = (c: Context, next: () => Promise<void>) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    const chunked = c.req.header('transfer-encoding') !== undefined;
    if ((chunked || (length !== undefined && length !== '0')) && !isJsonBody(c)) {
      return Promise.resolve(problemResponse(c, notJsonProblem));
    }
    if (length !== undefined && !chunked) {
      if (/^[0-9]{1,15}$/.test(length) && Number(length) <= maxSize) return next();
    }
    return streamed(c, next);
  };
  return (c, next) => {
    const id = requestIdOf(c.req.header('x-request-id'));
    c.set('requestId', id);
    const outgoing = (c.env as { outgoing?: Partial<NodeResponse> } | undefined)?.outgoing;
    if (typeof outgoing?.setHeader === 'function' && outgoing.headersSent === false) {
      outgoing.setHeader('X-Request-Id', id);
      for (const [name, value] of secureHeaderList) outgoing.setHeader(name, value);
      return limited(c, next);
    }
    c.header('X-Request-Id', id);
    return onResponse(c, async () => {
      // One step of the chain for both: an answer of the body limit becomes the response here.
      const refused: unknown = await limited(c, next);
      if (refused instanceof Response) c.res = refused;
    });
  };
}

/** Whether the request says its body is JSON (`application/json` or `application/*+json`). */
function isJsonBody(c: Context): boolean {
  const type = c.req.header('content-type');
  return type !== undefined && isJsonMediaType(type);
}

/**
 * Hono's router (RegExpRouter where it can, else TrieRouter: the write API's routes need the trie)
 * with the results of the last `cacheSizeMax` (method, path) pairs kept: a request for a path seen
 * before gets the same result without a search (the trie's search built ~3 KiB of arrays per
 * request and sorted them). A result depends only on the method, the path and the routes, which
 * are all added before the first request; adding one clears the cache anyway. Oldest dropped
 * first, so paths with ids in them (or made up by a client) cannot grow it without bound.
 */
export class CachingRouter<T> implements Router<T> {
  readonly name: string;
  readonly #inner: Router<T>;
  readonly #cacheSizeMax: number;
  #results = new Map<string, Map<string, Result<T>>>();
  #size = 0;

  constructor(inner: Router<T>, options: { cacheSizeMax?: number } = {}) {
    this.#inner = inner;
    this.#cacheSizeMax = options.cacheSizeMax ?? 1_024;
    this.name = `CachingRouter(${inner.name})`;
  }

  add(method: string, path: string, handler: T): void {
    this.#inner.add(method, path, handler);
    this.#results = new Map();
    this.#size = 0;
  }

  match(method: string, path: string): Result<T> {
    let byPath = this.#results.get(method);
    const cached = byPath?.get(path);
    if (cached !== undefined) return cached;
    const result = this.#inner.match(method, path);
    if (this.#size >= this.#cacheSizeMax) {
      // Start over rather than track an order across methods: a full cache is the rare case.
      this.#results = new Map();
      this.#size = 0;
      byPath = undefined;
    }
    if (byPath === undefined) {
      byPath = new Map();
      this.#results.set(method, byPath);
    }
    byPath.set(path, result);
    this.#size += 1;
    return result;
  }
}

/** A 405 with Allow when the path has routes for other methods (a 404 otherwise). */
function methodNotAllowedOr404(app: Hono<ServiceEnv>) {
  let methodsByPath: TrieRouter<string[]> | undefined;
  return (c: Context) => {
    if (methodsByPath === undefined) {
      const byPath = new Map<string, Set<string>>();
      for (const route of app.routes) {
        if (route.method === 'ALL' || route.method === 'HEAD') continue;
        const methods = byPath.get(route.path) ?? new Set<string>();
        methods.add(route.method);
        if (route.method === 'GET') methods.add('HEAD');
        byPath.set(route.path, methods);
      }
      methodsByPath = new TrieRouter();
      for (const [path, methods] of byPath) methodsByPath.add('ALL', path, [...methods]);
    }
    const allowed = new Set<string>();
    for (const [methods] of methodsByPath.match('ALL', c.req.path)[0]) {
      for (const method of methods) allowed.add(method);
    }
    if (allowed.size === 0 || allowed.has(c.req.method)) {
      return problemResponse(c, { status: 404, code: 'not_found' });
    }
    return problemResponse(c, {
      status: 405,
      code: 'method_not_allowed',
      headers: { allow: [...allowed].join(', ') },
    });
  };
}

/**
 * The Hono app every service starts from: request ids (a client's X-Request-Id is kept when it is
 * well formed), secure headers, a body limit, and problem details for every failure, including
 * unknown routes and unexpected errors (a 500 that reveals no internals).
 */
export function createServiceApp(options: ServiceAppOptions): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>({
    router: new CachingRouter(new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] })),
  });
  const basics = serviceBasics(options.bodySizeMax);
  app.use(basics);
  // A request no handler answered: 405 when the path has other methods (Hono's methodNotAllowed
  // middleware did this after every request; here it costs only the unmatched ones).
  app.notFound(methodNotAllowedOr404(app));
  app.onError((error, c) =>
    problemResponse(
      c,
      problemOfError(error, {
        logger: options.logger,
        service: options.service,
        requestId: c.get('requestId'),
        method: c.req.method,
        path: new URL(c.req.url).pathname,
      }),
    ),
  );
  registerServiceKit(app, {
    service: options.service,
    logger: options.logger,
    bodySizeMax: options.bodySizeMax,
    basics,
    routes: [],
  });
  return app;
}

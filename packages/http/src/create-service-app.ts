import type { Logger } from '@ledger/runtime';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { methodNotAllowed } from 'hono/method-not-allowed';
import type { RequestIdVariables } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { ProblemError, problemResponse } from './problem-details.ts';

export type ServiceEnv = { Variables: RequestIdVariables };

export type ServiceAppOptions = {
  service: string;
  logger: Logger;
  /** Largest request body accepted, in bytes. */
  bodySizeMax: number;
};

const requestIdPattern = /^[A-Za-z0-9._-]{1,128}$/;

/** Hono's `secureHeaders()` defaults, written out: the same names and values. */
const secureHeaderList: readonly (readonly [string, string])[] = [
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

/** Kept as Hono's `requestId` middleware kept it (word characters, `-`, `=`), or ours does. */
function requestIdOf(fromClient: string | undefined): string {
  if (fromClient) {
    if (fromClient.length <= 255 && !/[^\w\-=]/.test(fromClient)) return fromClient;
    if (requestIdPattern.test(fromClient)) return fromClient;
  }
  return crypto.randomUUID();
}

type NodeResponse = { setHeader(name: string, value: string): unknown; headersSent: boolean };

/**
 * The request id (kept from the client when well formed, else a new UUID) and the secure headers
 * on every response. Served by `@hono/node-server`, they are set on Node's response object before
 * the handler runs, so they reach the socket with whatever the handler answers (a 404, a thrown
 * error, a replayed answer built as a raw Response) without touching the web `Headers` of the
 * answer: Hono's `requestId` and `secureHeaders` wrote 13 headers into undici's `Headers` per
 * request (about 15 µs of the kit's 66 µs per request, measured). Elsewhere (`app.request` in tests, other
 * runtimes) Hono's own middleware does it.
 */
function serviceHeaders(): MiddlewareHandler {
  const onResponse = secureHeaders();
  return (c, next) => {
    const id = requestIdOf(c.req.header('x-request-id'));
    c.set('requestId', id);
    const outgoing = (c.env as { outgoing?: Partial<NodeResponse> } | undefined)?.outgoing;
    if (typeof outgoing?.setHeader === 'function' && outgoing.headersSent === false) {
      outgoing.setHeader('X-Request-Id', id);
      for (const [name, value] of secureHeaderList) outgoing.setHeader(name, value);
      return next();
    }
    c.header('X-Request-Id', id);
    return onResponse(c, next);
  };
}

/**
 * Refuses a body larger than `maxSize` with 413 before any handler reads it. A body with a
 * Content-Length (and no Transfer-Encoding) is judged by that header alone: Node's HTTP parser
 * never delivers more bytes than it declares, so nothing needs reading here, and the request stays
 * the server's lightweight one (Hono's `bodyLimit` asks for `c.req.raw.body`, which builds a full
 * web `Request` with a stream for every POST: a fifth of the write API's CPU per transfer). A
 * body without a length (chunked) is counted as it streams, by Hono's `bodyLimit`.
 */
function bodySizeLimit(maxSize: number): MiddlewareHandler {
  const streamed = bodyLimit({
    maxSize,
    onError: (c) =>
      problemResponse(c, {
        status: 413,
        code: 'payload_too_large',
        title: 'Request body too large',
        detail: `The body exceeds ${maxSize} bytes.`,
      }),
  });
  return (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (/^[0-9]{1,15}$/.test(length) && Number(length) <= maxSize) return next();
    }
    return streamed(c, next);
  };
}

/**
 * The Hono app every service starts from: request ids (a client's X-Request-Id is kept when it is
 * well formed), secure headers, a body limit, and problem details for every failure, including
 * unknown routes and unexpected errors (a 500 that reveals no internals).
 */
export function createServiceApp(options: ServiceAppOptions): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>();
  app.use(serviceHeaders());
  app.use(bodySizeLimit(options.bodySizeMax));
  app.use(
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, allowed) =>
        problemResponse(c, {
          status: 405,
          code: 'method_not_allowed',
          title: 'Method not allowed',
          headers: { allow: allowed.join(', ') },
        }),
    }),
  );
  app.notFound((c) => problemResponse(c, { status: 404, code: 'not_found', title: 'Not found' }));
  app.onError((error, c) => {
    if (error instanceof ProblemError) return problemResponse(c, error.problem);
    if (error instanceof HTTPException && error.status < 500) {
      return problemResponse(c, {
        status: error.status,
        code:
          error.status === 401
            ? 'unauthorized'
            : error.status === 403
              ? 'forbidden'
              : 'bad_request',
        title: error.message || 'Request refused',
      });
    }
    options.logger.error('unhandled error', {
      service: options.service,
      requestId: c.get('requestId'),
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      error:
        error instanceof Error
          ? { name: error.name, message: error.message, stack: error.stack }
          : String(error),
    });
    return problemResponse(c, { status: 500, code: 'internal_error', title: 'Internal error' });
  });
  return app;
}

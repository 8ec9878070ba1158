import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { requestIdOf, secureHeaderList } from './create-service-app.ts';
import {
  type DirectAnswer,
  type DirectRequest,
  type DirectRoute,
  directProblem,
  directRoutesOf,
  problemOfError,
  serviceKitOf,
} from './direct-routes.ts';
import { type ProblemInit, problemHeaders, problemText } from './problem-details.ts';
import { negotiateLocale } from './problem-messages.ts';
import { isJsonMediaType } from './validation.ts';

export type RunningServer = {
  port: number;
  url: string;
  /** The paths answered by direct routes (direct-routes.ts), and those left to Hono with why. */
  direct: { paths: string[]; refused: { path: string; reason: string }[] };
  close(): Promise<void>;
};

export type ServeOptions = {
  port: number;
  hostname: string;
  /** Direct routes on (the default) or off (every request through Hono: the comparison tests). */
  directRoutes?: boolean;
  /** Called when each answer has been handed to the socket, with the ms since the request came. */
  onAnswered?: (elapsedMs: number) => void;
  /**
   * How long an idle keep-alive connection stays open (default `keepAliveTimeoutMsDefault`).
   * Node's own default of 5 s closes connections a client or a proxy still believes open: a
   * request sent as the server closes gets no answer (the soaks' status-0 requests).
   */
  keepAliveTimeoutMs?: number;
};

/**
 * Idle keep-alive connections live 65 s: longer than the 60 s idle timeout of common reverse
 * proxies and load balancers (nginx's `keepalive_timeout` 60 s upstream, AWS ALB 60 s), so the
 * client side closes first and never sends on a connection the server is closing.
 */
export const keepAliveTimeoutMsDefault = 65_000;

/**
 * Serves a Hono app over HTTP on `hostname:port` (port 0 picks a free one): `@hono/node-server`'s
 * listener, with the app's direct routes (direct-routes.ts) answered in front of it.
 */
export function serveApp(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env and schema.
  app: Hono<any, any, any>,
  options: ServeOptions,
): Promise<RunningServer> {
  const honoListener = getRequestListener(app.fetch);
  const kit = serviceKitOf(app);
  const { routes, refused } =
    options.directRoutes === false || kit === undefined
      ? { routes: [], refused: [] }
      : directRoutesOf(app);
  const direct = new Map<string, DirectRoute>();
  for (const route of routes) direct.set(`${route.method} ${route.path}`, route);
  const answerDirect =
    kit === undefined || direct.size === 0
      ? undefined
      : directAnswerer(kit, direct, kit.bodySizeMax);
  const refuseTooLarge = kit === undefined ? undefined : tooLargeRefuser(kit.bodySizeMax);
  const listen = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (refuseTooLarge?.(incoming, outgoing) === true) return;
    if (answerDirect?.(incoming, outgoing) === true) return;
    void honoListener(incoming, outgoing);
  };
  const onAnswered = options.onAnswered;
  const listener =
    onAnswered === undefined
      ? listen
      : (incoming: IncomingMessage, outgoing: ServerResponse) => {
          const started = performance.now();
          outgoing.once('finish', () => onAnswered(performance.now() - started));
          listen(incoming, outgoing);
        };
  return new Promise((resolve, reject) => {
    const server = createServer(listener);
    server.keepAliveTimeout = options.keepAliveTimeoutMs ?? keepAliveTimeoutMsDefault;
    // The usual advice for Node behind a load balancer: the header wait longer than the idle one.
    server.headersTimeout = Math.max(server.headersTimeout, server.keepAliveTimeout + 1_000);
    server.once('error', reject);
    server.listen(options.port, options.hostname, () => {
      const info = server.address() as AddressInfo;
      resolve({
        port: info.port,
        url: `http://${options.hostname}:${info.port}`,
        direct: { paths: routes.map((route) => route.path), refused },
        close: () =>
          new Promise((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            // Keep-alive sockets would otherwise hold close() open until they time out.
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** How much of an oversized body is read and dropped so the connection stays usable. */
export const tooLargeDrainBytesMax = 16 * 1024 * 1024;
/** How long a client gets to send that much. */
export const tooLargeDrainMs = 2_000;

/**
 * A request whose Content-Length is over the body limit, refused with 413 after its body has been
 * read and dropped (up to `tooLargeDrainBytesMax` within `tooLargeDrainMs`): then the connection
 * stays open for the client's next request, as a keep-alive answer promises. A body larger than
 * that, or slower, is answered with Connection: close and the connection ended once the answer is
 * out (closing while the client is still sending resets the connection, losing the answer).
 * Chunked bodies are Hono's body limit's (create-service-app.ts), drained by `@hono/node-server`.
 */
function tooLargeRefuser(bodySizeMax: number) {
  const problem: ProblemInit = {
    status: 413,
    code: 'payload_too_large',
    params: { bodySizeMax },
  };
  return (incoming: IncomingMessage, outgoing: ServerResponse): boolean => {
    const length = incoming.headers['content-length'];
    if (length === undefined || incoming.headers['transfer-encoding'] !== undefined) return false;
    if (!contentLengthPattern.test(length) || Number(length) <= bodySizeMax) return false;
    const requestId = requestIdOf(
      typeof incoming.headers['x-request-id'] === 'string'
        ? incoming.headers['x-request-id']
        : undefined,
    );
    const path = (incoming.url ?? '/').split('?')[0] ?? '/';
    const answer = () => {
      const drained = received >= Number(length);
      clearTimeout(timer);
      incoming.off('data', onData);
      const language = incoming.headers['accept-language'];
      const locale = negotiateLocale(typeof language === 'string' ? language : undefined);
      const body = problemText(problem, path, requestId, locale);
      const headers = [...kitHeaders];
      headers[1] = requestId;
      for (const [name, value] of Object.entries(problemHeaders(problem, locale)))
        headers.push(name, value);
      if (!drained) headers.push('Connection', 'close');
      headers.push('Content-Length', String(Buffer.byteLength(body)));
      if (outgoing.headersSent || outgoing.destroyed) return;
      outgoing.writeHead(413, headers);
      outgoing.end(body);
    };
    let received = 0;
    let answered = false;
    const once = () => {
      if (answered) return;
      answered = true;
      answer();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > tooLargeDrainBytesMax) {
        incoming.pause();
        once();
      }
    };
    const timer = setTimeout(() => {
      incoming.pause();
      once();
    }, tooLargeDrainMs);
    incoming.on('error', () => {});
    incoming.on('data', onData);
    incoming.on('end', once);
    return true;
  };
}

/** `@hono/node-server`'s quick URL form: a Host it takes without parsing a URL. */
const plainHost = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
const contentLengthPattern = /^[0-9]{1,15}$/;

/**
 * Answers a request with a direct route when it is plainly one (returns true), else leaves it
 * (false, nothing read or written). Plainly: the exact method and path without a query, a Host
 * `@hono/node-server` would take as it is, no Transfer-Encoding and a Content-Length within the
 * body limit (anything else is Hono's: its body limit, its URL parsing).
 */
function directAnswerer(
  kit: NonNullable<ReturnType<typeof serviceKitOf>>,
  routes: Map<string, DirectRoute>,
  bodySizeMax: number,
): (incoming: IncomingMessage, outgoing: ServerResponse) => boolean {
  return (incoming, outgoing) => {
    if (incoming.method !== 'POST') return false;
    const route = routes.get(`POST ${incoming.url}`);
    if (route === undefined) return false;
    const headers = incoming.headers;
    const host = headers.host;
    if (host === undefined || !plainHost.test(host)) return false;
    if ((incoming.socket as { encrypted?: boolean }).encrypted === true) return false;
    if (headers['transfer-encoding'] !== undefined) return false;
    const header = (name: string) => headerOf(incoming, name);
    let length: string | undefined;
    let contentType: string | undefined;
    let requestId: string;
    try {
      // As the kit's body limit reads it (several Content-Length lines join into one not plain).
      length = header('content-length');
      contentType = header('content-type');
      if (length === undefined) return false;
      requestId = requestIdOf(header('x-request-id'));
    } catch {
      // A header value a web Headers refuses: Hono's path answers it (a 500, logged).
      return false;
    }
    if (!contentLengthPattern.test(length) || Number(length) > bodySizeMax) return false;
    const size = Number(length);
    // A body that is not JSON: Hono's kit answers the 415 (create-service-app.ts).
    if (size > 0 && !isJsonMediaType(contentType ?? '')) return false;
    const chunks: Buffer[] = [];
    let received = 0;
    const answer = (text: string) => {
      const request: DirectRequest = {
        method: 'POST',
        path: route.path,
        requestId,
        header,
        env: { incoming, outgoing },
        text,
      };
      let pending: Promise<DirectAnswer>;
      try {
        pending = route.handle(request);
      } catch (error) {
        pending = Promise.reject(error);
      }
      pending.then(
        (answer) => write(outgoing, requestId, answer),
        (error: unknown) =>
          write(
            outgoing,
            requestId,
            directProblem(
              request,
              problemOfError(error, {
                logger: kit.logger,
                service: kit.service,
                requestId,
                method: 'POST',
                path: route.path,
              }),
            ),
          ),
      );
    };
    if (size === 0) {
      answer('');
      return true;
    }
    // A client that goes away mid-body gets no answer (as with Hono); the error is not thrown.
    incoming.on('error', () => {});
    incoming.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
    });
    incoming.on('end', () => {
      const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received);
      answer(decoder.decode(body));
    });
    return true;
  };
}

/** As `Request.text()` decodes (and `@hono/node-server`'s fast path): UTF-8, BOM dropped. */
const decoder = new TextDecoder();

/** The kit's headers of every answer, the request id's value left blank (filled per answer). */
const kitHeaders: readonly string[] = ['X-Request-Id', '', ...secureHeaderList.flat()];

function write(outgoing: ServerResponse, requestId: string, answer: DirectAnswer): void {
  if (outgoing.headersSent || outgoing.destroyed) return;
  const headers = kitHeaders.slice();
  headers[1] = requestId;
  for (const name in answer.headers) headers.push(name, answer.headers[name] as string);
  headers.push('Content-Length', String(Buffer.byteLength(answer.body)));
  outgoing.writeHead(answer.status, headers);
  outgoing.end(answer.body);
}

/** `@hono/node-server`'s list of request headers a `Headers.get` does not join from Node's. */
const nonJoinedHeaders = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
]);
const forbiddenHeaderValue = /[\0\r\n]/;

function trimmed(value: string): string {
  return value.trim() === value ? value : value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
}

/**
 * A request header as `c.req.header(name)` reads it under `@hono/node-server` (its
 * `RequestHeaders.get`): Node's joined value where Node joins, else every raw value joined with
 * ", " (Node keeps only the first Authorization or User-Agent; a web `Headers` joins them all).
 * `name` is lower case.
 */
function headerOf(incoming: IncomingMessage, name: string): string | undefined {
  if (!nonJoinedHeaders.has(name) && name !== 'set-cookie') {
    const headers = incoming.headers;
    if (!Object.hasOwn(headers, name)) return undefined;
    const value = headers[name];
    if (typeof value === 'string') {
      const normalized = trimmed(value);
      if (!forbiddenHeaderValue.test(normalized)) return normalized;
    }
  }
  const raw = incoming.rawHeaders;
  const separator = name === 'cookie' ? '; ' : ', ';
  let joined: string | undefined;
  for (let index = 0; index < raw.length; index += 2) {
    const rawName = raw[index] as string;
    if (rawName.length !== name.length || rawName.toLowerCase() !== name) continue;
    const value = trimmed(raw[index + 1] as string);
    // A web Headers refuses these (Node's parser never lets them through): the same TypeError.
    if (forbiddenHeaderValue.test(value)) throw new TypeError(`Invalid header value: ${name}`);
    joined = joined === undefined ? value : joined + separator + value;
  }
  return joined;
}

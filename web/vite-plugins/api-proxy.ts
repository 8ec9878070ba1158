import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Connect, Plugin } from 'vite';

export type ApiTargets = {
  /** Base URL of the query API (GET, HEAD, OPTIONS). */
  queryApiUrl: string;
  /** Base URL of the write API (every other method). */
  writeApiUrl: string;
};

const apiPrefix = '/api/v1';
const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The write API's own description (OpenAPI document and reference page) is read with GET. */
const writeApiDescription = /^\/api\/v1\/(openapi\/write\.json|reference\/write)(?:[?#]|$)/;

/**
 * Which API serves a request: reads go to the query API, writes to the write API (DESIGN.md §1);
 * the write API's description is the one read it serves.
 */
export function apiTargetFor(method: string, targets: ApiTargets, path = ''): string {
  if (writeApiDescription.test(path)) return targets.writeApiUrl;
  return readMethods.has(method.toUpperCase()) ? targets.queryApiUrl : targets.writeApiUrl;
}

/**
 * Serves /api/v1 on the web app's own origin by forwarding each request, by method, to the query
 * or the write API. Used by the development server and by `vite preview`.
 */
export function apiProxyByMethod(targets: ApiTargets): Plugin {
  const middleware = createApiProxyMiddleware(targets);
  return {
    name: 'ledger-api-proxy-by-method',
    configureServer: (server) => {
      server.middlewares.use(middleware);
    },
    configurePreviewServer: (server) => {
      server.middlewares.use(middleware);
    },
  };
}

/** The connect middleware behind the plugin: forwards /api/v1, passes everything else on. */
export function createApiProxyMiddleware(targets: ApiTargets): Connect.NextHandleFunction {
  return (request, response, next) => {
    if (!request.url?.startsWith(apiPrefix)) return next();
    forward(
      request,
      response,
      new URL(request.url, apiTargetFor(request.method ?? 'GET', targets, request.url)),
    );
  };
}

/**
 * The request's headers for the API: its Host, and the client's address appended to
 * X-Forwarded-For (the APIs believe it only when configured to trust this proxy, and then only its
 * right-most entry that is not a proxy: whatever a client sent itself stays to the left).
 */
function upstreamHeaders(request: IncomingMessage, target: URL) {
  const client = request.socket.remoteAddress;
  const sent = request.headers['x-forwarded-for'];
  const before = Array.isArray(sent) ? sent.join(', ') : sent;
  const forwarded =
    client === undefined ? before : before === undefined ? client : `${before}, ${client}`;
  return {
    ...request.headers,
    host: target.host,
    ...(forwarded === undefined ? {} : { 'x-forwarded-for': forwarded }),
  };
}

function forward(request: IncomingMessage, response: ServerResponse, target: URL) {
  const upstream = httpRequest(
    target,
    { method: request.method, headers: upstreamHeaders(request, target) },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    response.writeHead(502, { 'content-type': 'application/problem+json' });
    response.end(
      JSON.stringify({
        type: 'urn:ledger:problem:service_unavailable',
        title: 'API unreachable',
        status: 502,
        code: 'service_unavailable',
      }),
    );
  });
  request.pipe(upstream);
}

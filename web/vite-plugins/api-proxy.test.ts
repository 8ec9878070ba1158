// Proves the development proxy sends /api/v1 reads to the query API and every other method
// (with its body) to the write API, over real HTTP, and answers 502 problem details when the
// target API is down.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiTargetFor, createApiProxyMiddleware } from './api-proxy.ts';

let proxyUrl = '';
const servers: Server[] = [];

function listen(server: Server): Promise<string> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

/** An upstream that answers with its own name, the method, path and body it received. */
function upstream(name: string) {
  return createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ name, method: request.method, path: request.url, body }));
    });
  });
}

beforeAll(async () => {
  const queryApiUrl = await listen(upstream('query'));
  const writeApiUrl = await listen(upstream('write'));
  const middleware = createApiProxyMiddleware({ queryApiUrl, writeApiUrl });
  proxyUrl = await listen(
    createServer((request, response) =>
      middleware(request, response, () => {
        response.writeHead(418);
        response.end('not proxied');
      }),
    ),
  );
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

test('reads go to the query API, writes to the write API', () => {
  const targets = { queryApiUrl: 'q', writeApiUrl: 'w' };
  expect(['GET', 'HEAD', 'OPTIONS', 'get'].map((method) => apiTargetFor(method, targets))).toEqual([
    'q',
    'q',
    'q',
    'q',
  ]);
  expect(['POST', 'PUT', 'PATCH', 'DELETE'].map((method) => apiTargetFor(method, targets))).toEqual(
    ['w', 'w', 'w', 'w'],
  );
});

test("the write API's own description is read from the write API", () => {
  const targets = { queryApiUrl: 'q', writeApiUrl: 'w' };
  expect(apiTargetFor('GET', targets, '/api/v1/openapi/write.json')).toBe('w');
  expect(apiTargetFor('GET', targets, '/api/v1/reference/write')).toBe('w');
  expect(apiTargetFor('GET', targets, '/api/v1/openapi/query.json')).toBe('q');
  expect(apiTargetFor('GET', targets, '/api/v1/reference/writer')).toBe('q');
});

test('a GET is forwarded to the query API with its path and query', async () => {
  const answer = await (await fetch(`${proxyUrl}/api/v1/member/me?after=1`)).json();
  expect(answer).toEqual({
    name: 'query',
    method: 'GET',
    path: '/api/v1/member/me?after=1',
    body: '',
  });
});

test('a POST is forwarded to the write API with its body', async () => {
  const response = await fetch(`${proxyUrl}/api/v1/auth/token`, {
    method: 'POST',
    body: '{"user_id":"a"}',
  });
  expect(await response.json()).toEqual({
    name: 'write',
    method: 'POST',
    path: '/api/v1/auth/token',
    body: '{"user_id":"a"}',
  });
});

test('paths outside /api/v1 are not proxied', async () => {
  expect((await fetch(`${proxyUrl}/health`)).status).toBe(418);
});

test('an unreachable API gives 502 problem details', async () => {
  const middleware = createApiProxyMiddleware({
    queryApiUrl: 'http://127.0.0.1:1',
    writeApiUrl: 'http://127.0.0.1:1',
  });
  const url = await listen(
    createServer((request, response) => middleware(request, response, () => {})),
  );
  const response = await fetch(`${url}/api/v1/x`);
  expect(response.status).toBe(502);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  expect((await response.json()).code).toBe('service_unavailable');
});

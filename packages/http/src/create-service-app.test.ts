// Proves the service kit's contract: request ids, secure headers, and RFC 9457 problem details
// with a stable code for every failure (unknown route, wrong method, oversize body, bad input,
// handler failure, a dependency out of reach: 503), without revealing internals; over real HTTP, a body is limited whether it
// declares its length or streams in chunks, and every answer (a handler's, a 404, a 500) carries the
// request id and the secure headers; routing answers every path with its own parameters, however
// many paths the router remembers; an idle keep-alive connection outlives Node's 5 s default.
import http from 'node:http';
import { ProblemSchema } from '@ledger/contracts';
import type { Logger } from '@ledger/runtime';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { createServiceApp } from './create-service-app.ts';
import { ProblemError } from './problem-details.ts';
import { serveApp } from './serve.ts';
import { validate } from './validation.ts';

function recordingLogger() {
  const errors: Record<string, unknown>[] = [];
  const logger: Logger = {
    info: () => {},
    warn: () => {},
    error: (message, fields) => errors.push({ message, ...fields }),
    child: () => logger,
  };
  return { logger, errors };
}

function makeApp() {
  const { logger, errors } = recordingLogger();
  const app = createServiceApp({ service: 'test', logger, bodySizeMax: 64 });
  app.get('/ok', (c) => c.json({ ok: true }));
  app.post('/ok', (c) => c.json({ ok: true }));
  app.get('/boom', () => {
    throw new Error('secret internal detail');
  });
  app.get('/pool-exhausted', () => {
    // node-postgres's pool when no connection came free in time (it has no code).
    throw new Error('timeout exceeded when trying to connect');
  });
  app.get('/starting', () => {
    throw Object.assign(new Error('the database system is starting up'), { code: '57P03' });
  });
  app.get('/refused', () => {
    throw new ProblemError({
      status: 409,
      code: 'account_limit_reached',
      params: { accountsPerAssetMax: 3 },
    });
  });
  app.post('/strict', validate('json', z.strictObject({ amount: z.string() })), (c) =>
    c.json(c.req.valid('json')),
  );
  return { app, errors };
}

async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  return ProblemSchema.parse(await response.json());
}

describe('request ids', () => {
  test('a request id is generated, echoed, and put in problems', async () => {
    const { app } = makeApp();
    const response = await app.request('/missing');
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await problemOf(response)).requestId).toBe(id);
  });

  test('a well-formed client id is kept; a malformed one is replaced', async () => {
    const { app } = makeApp();
    const kept = await app.request('/ok', { headers: { 'x-request-id': 'client-42.a_b' } });
    expect(kept.headers.get('x-request-id')).toBe('client-42.a_b');
    const replaced = await app.request('/ok', { headers: { 'x-request-id': 'bad id<script>' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('bad id<script>');
  });
});

test('secure headers are set on every response', async () => {
  const { app } = makeApp();
  const response = await app.request('/ok');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(response.headers.get('strict-transport-security')).toContain('max-age=');
});

describe('problem details', () => {
  test('unknown route → 404 not_found', async () => {
    const { app } = makeApp();
    const response = await app.request('/missing');
    expect(response.status).toBe(404);
    const problem = await problemOf(response);
    expect(problem).toMatchObject({
      status: 404,
      code: 'not_found',
      type: 'urn:ledger:problem:not_found',
    });
    expect(problem.instance).toBe('/missing');
  });

  test('known route, wrong method → 405 with Allow', async () => {
    const { app } = makeApp();
    const response = await app.request('/ok', { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('GET');
    expect((await problemOf(response)).code).toBe('method_not_allowed');
  });

  test('oversize body → 413 payload_too_large before the handler runs', async () => {
    const { app } = makeApp();
    const response = await app.request('/strict', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 'x'.repeat(200) }),
    });
    expect(response.status).toBe(413);
    expect((await problemOf(response)).code).toBe('payload_too_large');
  });

  test('invalid or extra fields → 400 validation_failed naming each path', async () => {
    const { app } = makeApp();
    const response = await app.request('/strict', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 5, balance: '1' }),
    });
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors?.map((error) => error.path).sort()).toEqual(['', 'amount']);
  });

  test('a ProblemError keeps its status, code and extension members, its detail filled', async () => {
    const { app } = makeApp();
    const response = await app.request('/refused');
    expect(response.status).toBe(409);
    expect(await problemOf(response)).toMatchObject({
      code: 'account_limit_reached',
      accountsPerAssetMax: 3,
      detail: '자산별 계좌는 최대 3개입니다.',
    });
  });

  test('a dependency that cannot be reached now → 503 service_unavailable with Retry-After, a warning', async () => {
    const { app, errors } = makeApp();
    for (const path of ['/pool-exhausted', '/starting']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(503);
      expect(response.headers.get('retry-after'), path).toBe('1');
      expect((await problemOf(response)).code, path).toBe('service_unavailable');
    }
    expect(errors).toEqual([]);
  });

  test('an unexpected error → 500 internal_error, logged, with no internals in the body', async () => {
    const { app, errors } = makeApp();
    const response = await app.request('/boom');
    expect(response.status).toBe(500);
    const text = await response.clone().text();
    expect(text).not.toContain('secret internal detail');
    expect((await problemOf(response)).code).toBe('internal_error');
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toContain('secret internal detail');
  });
});

describe('body limit over HTTP (Content-Length trusted, chunked bodies counted)', () => {
  /** A raw request, so the test chooses between Content-Length and chunked framing. */
  function send(url: string, body: string, framing: 'length' | 'chunked') {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${url}/strict`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(framing === 'length' ? { 'content-length': Buffer.byteLength(body) } : {}),
        },
      });
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
      if (framing === 'chunked') {
        // Two chunks, so the limit must count across them.
        request.write(body.slice(0, 10));
        request.end(body.slice(10));
      } else request.end(body);
    });
  }

  test.each(['length', 'chunked'] as const)(
    'with %s framing: a small body reaches the handler, an oversize one is 413',
    async (framing) => {
      const { app } = makeApp();
      const running = await serveApp(app, { port: 0, hostname: '127.0.0.1' });
      try {
        const small = await send(running.url, JSON.stringify({ amount: '1.5' }), framing);
        expect(small.status).toBe(200);
        expect(JSON.parse(small.body)).toEqual({ amount: '1.5' });
        const large = await send(running.url, JSON.stringify({ amount: 'x'.repeat(200) }), framing);
        expect(large.status).toBe(413);
        expect(JSON.parse(large.body)).toMatchObject({ code: 'payload_too_large' });
      } finally {
        await running.close();
      }
    },
  );
});

describe('headers over HTTP', () => {
  const secureHeaders = {
    'cross-origin-resource-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=15552000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };

  test('every answer carries the request id and the secure headers, in process and over HTTP', async () => {
    const { app } = makeApp();
    const running = await serveApp(app, { port: 0, hostname: '127.0.0.1' });
    try {
      for (const path of ['/ok', '/missing', '/boom', '/refused']) {
        const responses = [
          await fetch(`${running.url}${path}`, { headers: { 'x-request-id': 'client-7.x' } }),
          await app.request(path, { headers: { 'x-request-id': 'client-7.x' } }),
        ];
        for (const response of responses) {
          expect(response.headers.get('x-request-id')).toBe('client-7.x');
          for (const [name, value] of Object.entries(secureHeaders)) {
            expect(response.headers.get(name), `${path} ${name}`).toBe(value);
          }
          expect(response.headers.get('cross-origin-embedder-policy')).toBeNull();
        }
      }
      const generated = await fetch(`${running.url}/ok`, { headers: { 'x-request-id': 'a b' } });
      expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await running.close();
    }
  });
});

describe('routing', () => {
  test('remembered route matches answer every path with its own parameters, also past the bound', async () => {
    const app = createServiceApp({
      service: 'test',
      logger: recordingLogger().logger,
      bodySizeMax: 64,
    });
    app.get('/item/:id', (c) => c.json({ id: c.req.param('id') }));
    app.get('/item/:id/owner', (c) => c.json({ owner: c.req.param('id') }));
    app.post('/item', (c) => c.json({ created: true }, 201));
    for (let round = 0; round < 3; round += 1) {
      // 1,500 distinct paths: more than the 1,024 results the router keeps.
      for (const id of [
        '1',
        '2',
        '1',
        ...Array.from({ length: 1_500 }, (_, index) => `n${index}`),
      ]) {
        const response = await app.request(`/item/${id}`);
        expect(await response.json()).toEqual({ id });
      }
      expect(await (await app.request('/item/7/owner')).json()).toEqual({ owner: '7' });
      expect((await app.request('/item', { method: 'POST' })).status).toBe(201);
      const wrongMethod = await app.request('/item', { method: 'DELETE' });
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get('allow')).toBe('POST');
      expect((await app.request('/nothing/here')).status).toBe(404);
    }
  });
});

describe('idle keep-alive connections', () => {
  /** One GET over `agent`; resolves with whether it went over a socket the agent already had. */
  function get(url: string, agent: http.Agent): Promise<{ status: number; reused: boolean }> {
    return new Promise((resolve, reject) => {
      const request = http.get(`${url}/ok`, { agent }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }),
        );
      });
      request.on('error', reject);
    });
  }

  test('a connection idle past Node’s default (5 s, closed at 6 s) still carries the next request', async () => {
    const { app } = makeApp();
    const running = await serveApp(app, { port: 0, hostname: '127.0.0.1' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(running.url, agent)).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      // Closed by the server, the agent would have dropped it and opened a new one.
      expect(await get(running.url, agent)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
      await running.close();
    }
  }, 20_000);

  test('the server closes a connection idle past its keep-alive timeout', async () => {
    const { app } = makeApp();
    const running = await serveApp(app, {
      port: 0,
      hostname: '127.0.0.1',
      keepAliveTimeoutMs: 200,
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(running.url, agent)).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await get(running.url, agent)).toEqual({ status: 200, reused: false });
    } finally {
      agent.destroy();
      await running.close();
    }
  });
});

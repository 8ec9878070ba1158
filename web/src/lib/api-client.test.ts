// Proves the API client against an msw server: bodies are flattened, failures take the SPEC §8
// shapes, every call carries Accept-Language and (with a token) the bearer header, and concurrent
// 401s share one token refresh whose failure ends the session.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { AccessTokenStore } from './access-token.ts';
import { apiLimits, createApiClient, refreshRequestHeader } from './api-client.ts';
import { ApiFailure } from './api-failure.ts';

const base = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function memoryTokens(initial?: string): AccessTokenStore & { value: string | undefined } {
  const store = {
    value: initial,
    read: () => store.value,
    write: (token: string) => {
      store.value = token;
    },
    clear: () => {
      store.value = undefined;
    },
  };
  return store;
}

function client(tokens = memoryTokens(), locale = 'ja-JP') {
  return createApiClient({ tokens, getLocale: () => locale, baseUrl: base });
}

async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiFailure);
  return error as ApiFailure;
}

describe('answers', () => {
  test('variables are merged into the top level', async () => {
    server.use(
      http.get(`${base}/api/v1/brokerage`, () =>
        HttpResponse.json({ data: [{ seq: 1 }], variables: { total: 1, page: 1 } }),
      ),
    );
    expect(await client().get('brokerage', { searchParams: { no_paging: 1 } })).toEqual({
      data: [{ seq: 1 }],
      total: 1,
      page: 1,
    });
  });

  test('search params skip undefined and empty values', async () => {
    let url = '';
    server.use(
      http.get(`${base}/api/v1/list`, ({ request }) => {
        url = request.url;
        return HttpResponse.json({});
      }),
    );
    await client().get('list', { searchParams: { page: 2, from: undefined, q: '' } });
    expect(new URL(url).search).toBe('?page=2');
  });

  test('an empty body is an empty object', async () => {
    server.use(http.delete(`${base}/api/v1/thing`, () => new HttpResponse(null, { status: 204 })));
    expect(await client().delete('thing')).toEqual({});
  });
});

describe('failures', () => {
  test('problem details keep the server fields and add httpStatusCode', async () => {
    const problem = {
      type: 'urn:ledger:problem:conflict',
      title: 'Conflict',
      status: 409,
      code: 'conflict',
    };
    server.use(
      http.post(`${base}/api/v1/member`, () =>
        HttpResponse.json(problem, {
          status: 409,
          headers: { 'content-type': 'application/problem+json' },
        }),
      ),
    );
    const failure = await failureOf(client().post('member', { json: {} }));
    expect(failure.body).toEqual({ ...problem, httpStatusCode: 409 });
    expect(failure.code).toBe('conflict');
  });

  test('a body that is not JSON becomes { error: -1, message, httpStatusCode }', async () => {
    server.use(
      http.get(`${base}/api/v1/x`, () => new HttpResponse('Bad gateway', { status: 502 })),
    );
    const failure = await failureOf(client().get('x'));
    expect(failure.body).toEqual({ error: -1, message: expect.any(String), httpStatusCode: 502 });
  });

  test('no answer at all becomes httpStatusCode 0', async () => {
    server.use(http.get(`${base}/api/v1/x`, () => HttpResponse.error()));
    const failure = await failureOf(client().get('x'));
    expect(failure.body).toMatchObject({ error: -1, httpStatusCode: 0 });
  });
});

describe('headers', () => {
  test('Accept-Language always, bearer only with a token, Idempotency-Key when given', async () => {
    const seen: Record<string, string | null>[] = [];
    server.use(
      http.post(`${base}/api/v1/echo`, ({ request }) => {
        seen.push({
          language: request.headers.get('accept-language'),
          authorization: request.headers.get('authorization'),
          idempotencyKey: request.headers.get('idempotency-key'),
        });
        return HttpResponse.json({});
      }),
    );
    await client(memoryTokens(), 'vi-VN').post('echo');
    await client(memoryTokens('t-1'), 'zh-TW').post('echo', { idempotencyKey: 'k-1' });
    expect(seen).toEqual([
      { language: 'vi-VN', authorization: null, idempotencyKey: null },
      { language: 'zh-TW', authorization: 'Bearer t-1', idempotencyKey: 'k-1' },
    ]);
  });

  test('the request timeout is the SPEC value', () => {
    expect(apiLimits.timeoutMs).toBe(600_000);
  });
});

describe('token refresh', () => {
  test('concurrent 401s share one refresh, then retry with the new token', async () => {
    const tokens = memoryTokens('old');
    let refreshes = 0;
    server.use(
      http.post(`${base}/api/v1/auth/token/refresh`, async ({ request }) => {
        refreshes += 1;
        expect(request.headers.get(refreshRequestHeader.name)).toBe(refreshRequestHeader.value);
        await new Promise((resolve) => setTimeout(resolve, 20));
        return HttpResponse.json({ token: 'new' });
      }),
      http.get(`${base}/api/v1/member/me`, ({ request }) =>
        request.headers.get('authorization') === 'Bearer new'
          ? HttpResponse.json({ member_info: { seq: 7 } })
          : HttpResponse.json({ code: 'unauthorized' }, { status: 401 }),
      ),
    );
    const api = client(tokens);
    const refreshed = vi.fn();
    api.subscribe({ onTokenRefreshed: refreshed });
    const answers = await Promise.all([
      api.get('member/me'),
      api.get('member/me'),
      api.get('member/me'),
    ]);
    expect(answers).toEqual([1, 2, 3].map(() => ({ member_info: { seq: 7 } })));
    expect(refreshes).toBe(1);
    expect(tokens.value).toBe('new');
    expect(refreshed).toHaveBeenCalledExactlyOnceWith('new');
  });

  test('a failed refresh clears the token, ends the session and rethrows the first 401', async () => {
    const tokens = memoryTokens('old');
    server.use(
      http.post(`${base}/api/v1/auth/token/refresh`, () =>
        HttpResponse.json({ code: 'unauthorized' }, { status: 401 }),
      ),
      http.get(`${base}/api/v1/otp`, () =>
        HttpResponse.json({ code: 'token_expired' }, { status: 401 }),
      ),
    );
    const api = client(tokens);
    const ended = vi.fn();
    api.subscribe({ onSessionEnded: ended });
    const failure = await failureOf(api.get('otp'));
    expect(failure.body).toEqual({ code: 'token_expired', httpStatusCode: 401 });
    expect(tokens.value).toBeUndefined();
    expect(ended).toHaveBeenCalledOnce();
  });

  test('a 401 from the login call itself is not refreshed', async () => {
    let refreshes = 0;
    server.use(
      http.post(`${base}/api/v1/auth/token/refresh`, () => {
        refreshes += 1;
        return HttpResponse.json({ token: 'x' });
      }),
      http.post(`${base}/api/v1/auth/token`, () =>
        HttpResponse.json({ code: 'invalid_credentials' }, { status: 401 }),
      ),
    );
    const failure = await failureOf(client(memoryTokens('old')).post('auth/token', { json: {} }));
    expect(failure.code).toBe('invalid_credentials');
    expect(refreshes).toBe(0);
  });
});

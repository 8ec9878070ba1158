import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * An msw server for a DOM test file; every request must have a handler (unhandled = error).
 * The defaults answer the calls every page makes: constants, and no session.
 */
export function useApiServer() {
  const server = setupServer(...defaultHandlers());
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

export const problem = (status: number, code: string) =>
  HttpResponse.json(
    { type: `urn:ledger:problem:${code}`, title: code, status, code },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

export function defaultHandlers() {
  return [
    http.get('/api/v1/constant', () =>
      HttpResponse.json({
        data: {
          locales: { default: 'ko-KR', supported: ['ko-KR', 'en-US', 'ja-JP', 'vi-VN', 'zh-TW'] },
          assets: [],
          enumerations: {},
        },
      }),
    ),
    http.post('/api/v1/auth/token/refresh', () => problem(401, 'unauthorized')),
    http.post('/api/v1/auth/logout', () => new HttpResponse(null, { status: 204 })),
    http.get('/api/v1/member/me', () => problem(401, 'unauthorized')),
    http.get('/api/v1/otp', () => problem(401, 'unauthorized')),
    http.get('/api/v1/brokerage', () => problem(401, 'unauthorized')),
  ];
}

import i18next from 'i18next';
import ky, { type KyInstance } from 'ky';
import { defaultLocale } from '../i18n/locales.ts';
import { type AccessTokenStore, accessTokenCookie } from './access-token.ts';
import { ApiFailure, type ApiRecord, flattenBody, toApiFailure } from './api-failure.ts';

/** Request limits of SPEC §7 and §9. */
export const apiLimits = {
  /** Every call may take this long (SPEC §9: 600000 ms). */
  timeoutMs: 600_000,
  /**
   * No automatic retries: writes are retried by the form that sent them, with the same
   * Idempotency-Key (DESIGN §5), and a read the user waits for is re-run by TanStack Query.
   */
  retryLimit: 0,
} as const;

export const apiPrefix = '/api/v1';
const refreshPath = 'auth/token/refresh';
/** Calls the HttpOnly refresh cookie alone may authorize: they carry the custom header. */
const cookieAuthorizedPaths = new Set([refreshPath, 'auth/logout']);

/**
 * The refresh and logout calls carry this header (DESIGN §5): a cross-site form or image cannot set
 * it, so the HttpOnly refresh cookie alone never refreshes or ends a session.
 */
export const refreshRequestHeader = { name: 'X-Requested-With', value: 'XMLHttpRequest' } as const;

export type SearchParams = Record<string, string | number | boolean | undefined>;

export type RequestOptions = {
  searchParams?: SearchParams | undefined;
  json?: unknown;
  /** Sent as `Idempotency-Key`: made when the user submits a form and reused on its retries. */
  idempotencyKey?: string | undefined;
  signal?: AbortSignal | undefined;
};

export type ApiClientListener = {
  /** A refresh replaced the access token. */
  onTokenRefreshed?: (token: string) => void;
  /** The refresh failed: the session is over and the token has been cleared. */
  onSessionEnded?: (failure: ApiFailure) => void;
};

export type ApiClientDependencies = {
  tokens: AccessTokenStore;
  getLocale: () => string;
  /** Where /api/v1 lives; the page's own origin when absent (the browser resolves it). */
  baseUrl?: string | undefined;
};

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The one HTTP client of the web app (SPEC §7–§8): /api/v1, Accept-Language, bearer token,
 * 600000 ms timeout, bodies flattened (`variables` merged into the top level), every failure an
 * `ApiFailure`. A 401 on a call made with a token triggers one token refresh, shared by every
 * caller that needs it, and one retry.
 */
export function createApiClient(dependencies: ApiClientDependencies) {
  const http = createHttp(dependencies);
  const listeners = new Set<ApiClientListener>();
  let refreshInFlight: Promise<string> | undefined;

  async function refreshOnce(): Promise<string> {
    try {
      const body = await send(http, 'post', refreshPath, {}, false);
      if (typeof body.token !== 'string' || body.token === '') {
        throw new ApiFailure({
          error: -1,
          message: 'no token in refresh answer',
          httpStatusCode: 200,
        });
      }
      dependencies.tokens.write(body.token);
      for (const listener of listeners) listener.onTokenRefreshed?.(body.token);
      return body.token;
    } catch (error) {
      const failure = toApiFailure(error);
      dependencies.tokens.clear();
      for (const listener of listeners) listener.onSessionEnded?.(failure);
      throw failure;
    }
  }

  /** Refreshes the access token; concurrent callers share the one refresh in flight. */
  function refreshAccessToken(): Promise<string> {
    refreshInFlight ??= refreshOnce().finally(() => {
      refreshInFlight = undefined;
    });
    return refreshInFlight;
  }

  async function request(method: Method, path: string, options: RequestOptions = {}) {
    const hadToken = dependencies.tokens.read() !== undefined;
    try {
      return await send(http, method, path, options, true);
    } catch (error) {
      const failure = toApiFailure(error);
      if (failure.httpStatusCode !== 401 || !hadToken || path.startsWith('auth/')) throw failure;
      await refreshAccessToken().catch(() => {
        throw failure;
      });
      return send(http, method, path, options, true).catch((retryError: unknown) => {
        throw toApiFailure(retryError);
      });
    }
  }

  return {
    get: (path: string, options?: RequestOptions) => request('get', path, options),
    post: (path: string, options?: RequestOptions) => request('post', path, options),
    put: (path: string, options?: RequestOptions) => request('put', path, options),
    patch: (path: string, options?: RequestOptions) => request('patch', path, options),
    delete: (path: string, options?: RequestOptions) => request('delete', path, options),
    refreshAccessToken,
    subscribe(listener: ApiClientListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function createHttp({ tokens, getLocale, baseUrl }: ApiClientDependencies): KyInstance {
  return ky.create({
    prefix: apiPrefix,
    ...(baseUrl === undefined ? {} : { baseUrl }),
    timeout: apiLimits.timeoutMs,
    retry: apiLimits.retryLimit,
    credentials: 'same-origin',
    hooks: {
      beforeRequest: [
        ({ request }) => {
          request.headers.set('Accept-Language', getLocale());
          request.headers.set('Accept', 'application/json, application/problem+json');
          const token = tokens.read();
          if (token !== undefined) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
    },
  });
}

async function send(
  http: KyInstance,
  method: Method,
  path: string,
  options: RequestOptions,
  withToken: boolean,
): Promise<ApiRecord> {
  const headers = new Headers();
  if (options.idempotencyKey !== undefined) headers.set('Idempotency-Key', options.idempotencyKey);
  if (cookieAuthorizedPaths.has(path)) {
    headers.set(refreshRequestHeader.name, refreshRequestHeader.value);
  }
  const response = await http(path, {
    method,
    headers,
    ...(options.json === undefined ? {} : { json: options.json }),
    ...(options.searchParams === undefined
      ? {}
      : { searchParams: definedParams(options.searchParams) }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    hooks: withToken
      ? {}
      : { beforeRequest: [({ request }) => void request.headers.delete('Authorization')] },
  });
  const text = await response.text();
  if (text === '') return {};
  try {
    return flattenBody(JSON.parse(text));
  } catch {
    throw new ApiFailure({ error: -1, message: 'malformed JSON', httpStatusCode: response.status });
  }
}

function definedParams(params: SearchParams): Record<string, string> {
  const defined: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') defined[name] = String(value);
  }
  return defined;
}

/** The app's client: the token from its cookie, the language i18next shows. */
export const api = createApiClient({
  tokens: accessTokenCookie,
  getLocale: () => i18next.resolvedLanguage ?? i18next.language ?? defaultLocale,
});

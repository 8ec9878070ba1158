import { isHTTPError } from 'ky';

export type ApiRecord = Record<string, unknown>;

/**
 * What a failed call becomes (SPEC §8): the server's fields plus `httpStatusCode`, or, when the
 * server gave nothing usable, `{ error: -1, message, httpStatusCode }` (0 when no answer came).
 * A Retry-After header the answer carried is kept as `retryAfterHeader`.
 */
export type ApiFailureBody = ApiRecord & { httpStatusCode: number };

export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';
  readonly body: ApiFailureBody;

  constructor(body: ApiFailureBody) {
    super(describe(body));
    this.body = body;
  }

  get httpStatusCode(): number {
    return this.body.httpStatusCode;
  }

  /** The stable problem `code` (DESIGN §5), when the server sent one. */
  get code(): string | undefined {
    return typeof this.body.code === 'string' ? this.body.code : undefined;
  }

  /** The server's own (localized, per Accept-Language) explanation, when it sent one. */
  get serverMessage(): string | undefined {
    for (const field of ['detail', 'message', 'title'] as const) {
      const value = this.body[field];
      if (typeof value === 'string' && value !== '') return value;
    }
    return undefined;
  }
}

function describe(body: ApiFailureBody): string {
  const text = body.detail ?? body.message ?? body.title ?? body.code;
  return `HTTP ${body.httpStatusCode}: ${typeof text === 'string' ? text : 'request failed'}`;
}

function isRecord(value: unknown): value is ApiRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A response body with its `variables` merged into the top level (SPEC §7). */
export function flattenBody(body: unknown): ApiRecord {
  if (Array.isArray(body)) return { data: body };
  if (!isRecord(body)) return {};
  const { variables, ...rest } = body;
  return isRecord(variables) ? { ...rest, ...variables } : body;
}

/** Any error a call may throw, as an ApiFailure. */
export function toApiFailure(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  if (isHTTPError(error)) {
    const status = error.response.status;
    const retryAfterHeader = error.response.headers.get('Retry-After') ?? undefined;
    if (isRecord(error.data))
      return new ApiFailure({
        ...flattenBody(error.data),
        ...(retryAfterHeader === undefined ? {} : { retryAfterHeader }),
        httpStatusCode: status,
      });
    return new ApiFailure({ error: -1, message: error.message, httpStatusCode: status });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ApiFailure({ error: -1, message, httpStatusCode: 0 });
}

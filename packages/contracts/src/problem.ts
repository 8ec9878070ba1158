import { z } from 'zod';

/**
 * Stable failure codes. A code is a contract with clients (the web maps each to a localized
 * message); never rename one. New failures get new codes.
 */
export const problemCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  /** 409: a request with the same Idempotency-Key is still running; retry shortly. */
  'idempotency_request_in_progress',
] as const;

export type ProblemCode = (typeof problemCodes)[number];

/**
 * RFC 9457 problem details, with the stable `code` and the request id for support; `title` and
 * `detail` are in the request's Accept-Language (Content-Language says which). Extension members
 * (the values a detail names, such as `accountsPerAssetMax`) are kept.
 */
export const ProblemSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number().int().min(400).max(599),
  code: z.string(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  requestId: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })).optional(),
  /** With a 429 (and its Retry-After header): the seconds to wait before trying again. */
  retry_after: z.number().int().min(0).optional(),
});

export type Problem = z.infer<typeof ProblemSchema>;

/** The `type` URI of a problem code. */
export function problemType(code: string): string {
  return `urn:ledger:problem:${code}`;
}

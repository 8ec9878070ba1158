import { ApiFailure } from './api-failure.ts';

/**
 * How often a failed read is tried again. A read sent with `?after=<position>` answers 503
 * `read_model_behind` (with Retry-After: 1) when the projections have not reached the member's
 * last write within the query API's bound (5 s): the write is durable and the read model will
 * show it, so such a read is tried again, every second, for up to a minute, instead of leaving
 * the screen without what the member just did. Any other failure is tried once more.
 */
export const queryRetryLimits = { readModelBehindRetries: 12, readModelBehindDelayMs: 1_000 };

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isReadModelBehind(error)) return failureCount < queryRetryLimits.readModelBehindRetries;
  return failureCount < 1;
}

/** TanStack Query's default back-off, but the server's one second for a read model behind. */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  if (isReadModelBehind(error)) return queryRetryLimits.readModelBehindDelayMs;
  return Math.min(1_000 * 2 ** failureCount, 30_000);
}

function isReadModelBehind(error: unknown): boolean {
  return error instanceof ApiFailure && error.code === 'read_model_behind';
}

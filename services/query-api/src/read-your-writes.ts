import type { GlobalPosition } from '@ledger/event-store';
import { problemResponse } from '@ledger/http';
import type { MiddlewareHandler } from 'hono';
import type { IdentityReadDependencies } from './identity-dependencies.ts';
import { limits } from './limits.ts';

const positionPattern = /^[0-9:]{1,64}$/;

/**
 * `?after=<position>` (DESIGN.md §1): waits, bounded, until the named projections have applied
 * the write that answered with that position; past the bound, 503 read_model_behind with
 * Retry-After. A malformed position is a 400.
 */
export function readYourWrites(
  identity: IdentityReadDependencies,
  projections: readonly string[],
): MiddlewareHandler {
  return async (c, next) => {
    const after = c.req.query('after');
    if (after === undefined) return next();
    if (!positionPattern.test(after)) {
      return problemResponse(c, { status: 400, code: 'validation_failed', title: 'Bad position' });
    }
    const reached = await identity.awaiter.waitForPosition(
      projections,
      after as GlobalPosition,
      limits.readYourWritesTimeoutMs,
    );
    if (!reached) {
      return problemResponse(c, {
        status: 503,
        code: 'read_model_behind',
        title: 'The read models have not reached this position yet',
        headers: { 'retry-after': '1' },
      });
    }
    return next();
  };
}

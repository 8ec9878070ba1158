import type { Db } from '@ledger/db';
import type { GlobalPosition } from '@ledger/event-store';
import { encodePosition } from '@ledger/event-store/postgres';
import { problemResponse } from '@ledger/http';
import type { MiddlewareHandler } from 'hono';
import { sql } from 'kysely';
import type { IdentityReadDependencies } from './identity-dependencies.ts';
import { limits } from './limits.ts';

/** A position of the PostgreSQL event store (the store every deployment runs on). */
const positionPattern = /^\d{20}:\d{20}$/;

/**
 * `?after=<position>` (DESIGN.md §1): waits, bounded, until the named projections have applied
 * the write that answered with that position; past the bound, 503 read_model_behind with
 * Retry-After. A malformed position is a 400 position_invalid, and one beyond the store's head
 * (read fresh from the primary: a committed write's position is there before its answer is sent)
 * a 400 position_beyond_head, both answered at once: no write answered them, so no wait would
 * end.
 */
export function readYourWrites(
  dependencies: { db: Db; identity: IdentityReadDependencies },
  projections: readonly string[],
): MiddlewareHandler {
  return async (c, next) => {
    const after = c.req.query('after');
    if (after === undefined) return next();
    if (!positionPattern.test(after)) {
      return problemResponse(c, {
        status: 400,
        code: 'position_invalid',
      });
    }
    const position = after as GlobalPosition;
    if (await isBeyondHead(dependencies.db, position)) {
      return problemResponse(c, {
        status: 400,
        code: 'position_beyond_head',
      });
    }
    const reached = await dependencies.identity.awaiter.waitForPosition(
      projections,
      position,
      limits.readYourWritesTimeoutMs,
    );
    if (!reached) {
      return problemResponse(c, {
        status: 503,
        code: 'read_model_behind',
        headers: { 'retry-after': '1' },
      });
    }
    return next();
  };
}

/** Whether `position` is past the newest committed event (the `es_events_global` index's end). */
async function isBeyondHead(db: Db, position: GlobalPosition): Promise<boolean> {
  const { rows } = await sql<{ tx: string; seq: string }>`
    SELECT transaction_id::text AS tx, global_seq::text AS seq FROM es_events
    ORDER BY transaction_id DESC, global_seq DESC LIMIT 1`.execute(db);
  const head = rows[0];
  // Both encodings are 20 digits, ':', 20 digits: string order is log order.
  return head === undefined || position > encodePosition(head.tx, head.seq);
}

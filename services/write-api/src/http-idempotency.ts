import { createHmac } from 'node:crypto';
import { optionalPrincipalOf } from '@ledger/auth';
import type { RouteEntry } from '@ledger/contracts';
import { passesDirectRoutes, problemResponse } from '@ledger/http';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { type QueryExecutorProvider, sql } from 'kysely';
import { derivedEventId } from './command-handling.ts';

/**
 * Idempotency-Key for the write API's commands outside the ledger (identity and the other
 * event-sourced aggregates; money commands get theirs from the ledger writer's own outcomes).
 *
 * With the header, the first request under (caller, key) runs and its answer is kept; a retry with
 * the same method, path and body gets that answer again (`Idempotency-Replayed: true`) and changes
 * nothing; the same key with another request is refused (409 `idempotency_key_reused`); a retry
 * while the first is still running is told to wait (409 `idempotency_request_in_progress`). The
 * command id is derived from (caller, key), so if a process died after appending but before keeping
 * the answer, the re-run appends the same event ids or decides again on the new state (never a
 * second copy of the events). A 5xx answer is not kept: the key may be retried.
 *
 * Only for logged-in callers (the key is scoped to the member) and never on /auth/ routes, whose
 * answers carry tokens and cookies that must not be replayed. Without the header nothing changes.
 */
export const idempotencyRules = {
  keyPattern: /^[\x21-\x7e]{1,128}$/,
  /** An unanswered record older than this was left by a dead process: a retry takes it over. */
  abandonedAfterSeconds: 60,
  /** Kept this long, then purged by the retention job. */
  retentionHours: 24,
  /** Answers larger than this are not kept (a retry then runs again, safely by the derived id). */
  bodyBytesMax: 65_536,
} as const;

type Outcome =
  | { kind: 'run' }
  | {
      kind: 'replay';
      status: number;
      contentType: string | null;
      contentLanguage: string | null;
      body: string;
    }
  | { kind: 'reused' }
  | { kind: 'in_progress' };

/**
 * `routes`: the `METHOD /api/v1/path` entries (route-table syntax) the middleware covers; never a
 * route whose answer carries a secret (an OTP seed, a token), which must not be kept. The request
 * hash is an HMAC under `requestHashKey`: bodies carry passwords, and a plain hash of one kept for a
 * day could be brute-forced offline.
 */
export function httpIdempotency(
  db: QueryExecutorProvider,
  routes: ReadonlySet<string>,
  requestHashKey: Buffer,
): MiddlewareHandler {
  // Whether a route (a constant of the route table) is covered, decided once per route: the money
  // routes pass here on every request and are never covered (their keys are the writer's).
  const coverage = new Map<RouteEntry, boolean>();
  const isCovered = (route: RouteEntry) => {
    let covered = coverage.get(route);
    if (covered === undefined) {
      covered =
        route.method !== 'GET' &&
        !route.path.startsWith('/api/v1/auth/') &&
        routes.has(`${route.method} ${route.path}`);
      coverage.set(route, covered);
    }
    return covered;
  };
  const middleware: MiddlewareHandler = (c, next) => {
    const key = c.req.header('idempotency-key');
    const route = c.get('route') as RouteEntry | undefined;
    const principal = optionalPrincipalOf(c);
    if (key === undefined || route === undefined || principal === undefined || !isCovered(route)) {
      return next();
    }
    return idempotent(c, next, key, principal.memberSeq);
  };
  // A direct route (the money routes) is one this middleware never covers.
  return passesDirectRoutes(
    middleware,
    (method, path) =>
      method === 'GET' || path.startsWith('/api/v1/auth/') || !routes.has(`${method} ${path}`),
  );

  async function idempotent(
    c: Context,
    next: Next,
    key: string,
    memberSeq: number,
  ): Promise<Response | undefined> {
    if (!idempotencyRules.keyPattern.test(key)) {
      return problemResponse(c, {
        status: 400,
        code: 'idempotency_key_invalid',
      });
    }
    const actor = `member:${memberSeq}`;
    const requestHash = await hashRequest(c, requestHashKey);
    const outcome = await claim(db, actor, key, requestHash);
    if (outcome.kind === 'reused') {
      return problemResponse(c, {
        status: 409,
        code: 'idempotency_key_reused',
      });
    }
    if (outcome.kind === 'in_progress') {
      return problemResponse(c, {
        status: 409,
        code: 'idempotency_request_in_progress',
        headers: { 'retry-after': '1' },
      });
    }
    if (outcome.kind === 'replay') {
      const headers = new Headers({ 'idempotency-replayed': 'true' });
      if (outcome.contentType !== null) headers.set('content-type', outcome.contentType);
      // A kept problem is in the language of the first request (the same answer, word for word).
      if (outcome.contentLanguage !== null) {
        headers.set('content-language', outcome.contentLanguage);
        headers.set('vary', 'accept-language');
      }
      return new Response(outcome.status === 204 ? null : outcome.body, {
        status: outcome.status,
        headers,
      });
    }
    c.set('commandId', derivedEventId(`${actor}\u0000${key}`, 'http-idempotency', 0));
    try {
      await next();
    } catch (error) {
      await forget(db, actor, key);
      throw error;
    }
    await keep(db, actor, key, c.res);
    return undefined;
  }
}

async function hashRequest(c: Context, key: Buffer): Promise<string> {
  const body = await c.req.text();
  const url = new URL(c.req.url);
  return createHmac('sha256', key)
    .update(`${c.req.method}\u0000${url.pathname}${url.search}\u0000${body}`)
    .digest('hex');
}

async function claim(
  db: QueryExecutorProvider,
  actor: string,
  key: string,
  requestHash: string,
): Promise<Outcome> {
  const inserted = await sql<{ key: string }>`
    INSERT INTO write_idempotency (actor, key, request_hash)
    VALUES (${actor}, ${key}, ${requestHash})
    ON CONFLICT (actor, key) DO NOTHING
    RETURNING key
  `.execute(db);
  if (inserted.rows.length === 1) return { kind: 'run' };
  const found = await sql<{
    request_hash: string;
    status: number | null;
    content_type: string | null;
    content_language: string | null;
    body: string | null;
    abandoned: boolean;
  }>`
    SELECT request_hash, status, content_type, content_language, body,
           created_at < now() - make_interval(secs => ${idempotencyRules.abandonedAfterSeconds}) AS abandoned
    FROM write_idempotency WHERE actor = ${actor} AND key = ${key}
  `.execute(db);
  const row = found.rows[0];
  // Purged between the two statements: claim again.
  if (row === undefined) return claim(db, actor, key, requestHash);
  if (row.request_hash !== requestHash) return { kind: 'reused' };
  if (row.status !== null) {
    return {
      kind: 'replay',
      status: row.status,
      contentType: row.content_type,
      contentLanguage: row.content_language,
      body: row.body ?? '',
    };
  }
  if (!row.abandoned) return { kind: 'in_progress' };
  const takenOver = await sql`
    UPDATE write_idempotency SET created_at = now()
    WHERE actor = ${actor} AND key = ${key} AND status IS NULL
      AND created_at < now() - make_interval(secs => ${idempotencyRules.abandonedAfterSeconds})
  `.execute(db);
  return Number(takenOver.numAffectedRows ?? 0n) === 1 ? { kind: 'run' } : { kind: 'in_progress' };
}

async function keep(
  db: QueryExecutorProvider,
  actor: string,
  key: string,
  response: Response,
): Promise<void> {
  const body = await response.clone().text();
  if (response.status >= 500 || Buffer.byteLength(body) > idempotencyRules.bodyBytesMax) {
    await forget(db, actor, key);
    return;
  }
  await sql`
    UPDATE write_idempotency
    SET status = ${response.status}, content_type = ${response.headers.get('content-type')},
        content_language = ${response.headers.get('content-language')},
        body = ${body}, answered_at = now()
    WHERE actor = ${actor} AND key = ${key}
  `.execute(db);
}

async function forget(db: QueryExecutorProvider, actor: string, key: string): Promise<void> {
  await sql`DELETE FROM write_idempotency WHERE actor = ${actor} AND key = ${key} AND status IS NULL`.execute(
    db,
  );
}

/** Retention: drops records older than `olderThan` (run by the retention job). */
export async function purgeIdempotencyRecords(
  db: QueryExecutorProvider,
  olderThan: Date,
): Promise<number> {
  const result = await sql`DELETE FROM write_idempotency WHERE created_at < ${olderThan}`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0n);
}

import { sql } from 'kysely';
import type { IdentityDb } from './tables.ts';

export type RateLimitRule = { limit: number; windowSeconds: number };

export type RateLimitOutcome = { allowed: boolean; hits: number; retryAfterSeconds: number };

/**
 * Counts one hit on `bucket` in a fixed window and says whether it is within `limit`. The count is
 * one INSERT ... ON CONFLICT DO UPDATE ... RETURNING: Postgres locks the row, so N parallel hits get
 * N distinct counts and exactly `limit` of them pass, whatever the concurrency (T24).
 */
export async function hitRateLimit(
  db: IdentityDb,
  bucket: string,
  rule: RateLimitRule,
  now: Date,
): Promise<RateLimitOutcome> {
  const windowStartMin = new Date(now.getTime() - rule.windowSeconds * 1_000);
  const { rows } = await sql<{ hits: number; window_started_at: Date }>`
    INSERT INTO identity_rate_limits AS limits (bucket, window_started_at, hits)
    VALUES (${bucket}, ${now}, 1)
    ON CONFLICT (bucket) DO UPDATE SET
      hits = CASE WHEN limits.window_started_at <= ${windowStartMin} THEN 1 ELSE limits.hits + 1 END,
      window_started_at = CASE WHEN limits.window_started_at <= ${windowStartMin}
                               THEN ${now}::timestamptz ELSE limits.window_started_at END
    RETURNING hits, window_started_at`.execute(db);
  const row = rows[0];
  if (row === undefined) throw new Error('rate limit upsert returned no row');
  const resetAtMs = row.window_started_at.getTime() + rule.windowSeconds * 1_000;
  return {
    allowed: row.hits <= rule.limit,
    hits: row.hits,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAtMs - now.getTime()) / 1_000)),
  };
}

/**
 * Gives back one hit counted in the bucket's current window (a budget of failures: the attempt
 * is counted before it is checked, so parallel attempts never overrun the budget, and given back
 * when it succeeds). A window that has ended is left alone.
 */
export async function refundRateLimit(
  db: IdentityDb,
  bucket: string,
  rule: RateLimitRule,
  now: Date,
): Promise<void> {
  const windowStartMin = new Date(now.getTime() - rule.windowSeconds * 1_000);
  await sql`UPDATE identity_rate_limits SET hits = greatest(hits - 1, 0)
    WHERE bucket = ${bucket} AND window_started_at > ${windowStartMin}`.execute(db);
}

/** Clears a bucket (a successful login resets its account-and-source budget). */
export async function resetRateLimit(db: IdentityDb, bucket: string): Promise<void> {
  await db.deleteFrom('identity_rate_limits').where('bucket', '=', bucket).execute();
}

/** Drops counters whose window ended long ago (run by a periodic job). */
export async function purgeRateLimits(db: IdentityDb, olderThan: Date): Promise<number> {
  const result = await db
    .deleteFrom('identity_rate_limits')
    .where('window_started_at', '<', olderThan)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

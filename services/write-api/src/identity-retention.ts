import { setTimeout as delay } from 'node:timers/promises';
import type { IdentityDb } from '@ledger/identity-store';
import { purgeRateLimits, purgeRequestMetadata } from '@ledger/identity-store';
import type { Logger } from '@ledger/runtime';
import { idempotencyRules, purgeIdempotencyRecords } from './http-idempotency.ts';

/**
 * How long identity keeps what it writes outside events. Request metadata (client IP and user
 * agent of every request that appended events) backs the login and activity logs' IP column:
 * kept one year (the access-record retention of Korea's personal-information safety standard),
 * then erased. Rate-limit counters only matter inside their window (minutes); a day is ample.
 * Idempotency records of identity commands are kept a day (http-idempotency.ts).
 */
export const identityRetention = {
  requestMetadataDays: 365,
  rateLimitCounterHours: 24,
} as const;

const dayMs = 86_400_000;
const hourMs = 3_600_000;

/** One retention pass at `now`: deletes what is older than the periods above. */
export async function purgeIdentityRecords(
  db: IdentityDb,
  now: Date,
): Promise<{ requestMetadata: number; rateLimitCounters: number; idempotencyRecords: number }> {
  const requestMetadata = await purgeRequestMetadata(
    db,
    new Date(now.getTime() - identityRetention.requestMetadataDays * dayMs),
  );
  const rateLimitCounters = await purgeRateLimits(
    db,
    new Date(now.getTime() - identityRetention.rateLimitCounterHours * hourMs),
  );
  const idempotencyRecords = await purgeIdempotencyRecords(
    db,
    new Date(now.getTime() - idempotencyRules.retentionHours * hourMs),
  );
  return { requestMetadata, rateLimitCounters, idempotencyRecords };
}

/**
 * The periodic retention job: a pass at start, then every `intervalMs` (an hour by default).
 * Several write-API processes may run it at once: each pass is two idempotent DELETEs. Returns a
 * function that stops it.
 */
export function startIdentityRetention(
  dependencies: { db: IdentityDb; logger: Logger; now: () => Date },
  options: { intervalMs?: number } = {},
): () => Promise<void> {
  const stopping = new AbortController();
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        const purged = await purgeIdentityRecords(dependencies.db, dependencies.now());
        if (purged.requestMetadata + purged.rateLimitCounters + purged.idempotencyRecords > 0) {
          dependencies.logger.info('identity retention purged', purged);
        }
      } catch (error) {
        dependencies.logger.warn('identity retention failed; retrying later', {
          error: String(error),
        });
      }
      await delay(options.intervalMs ?? hourMs, undefined, { signal: stopping.signal }).catch(
        () => undefined,
      );
    }
  })();
  return async () => {
    stopping.abort();
    await loop;
  };
}

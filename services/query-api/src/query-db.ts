import { createDbWithPreparedStatements, type Db } from '@ledger/db';
import { limits } from './limits.ts';

/**
 * The query API's pool. The member's reads by key are marked `prepared` (account list, account,
 * balance log, balance at an instant, asset summary) and this pool keeps their plans
 * (`plan_cache_mode = auto`): planning was two thirds of a read's Postgres CPU (docs/performance.md,
 * "Twelfth pass"; why keeping them is safe: ADR 0021 and @ledger/db's
 * createDbWithPreparedStatements).
 */
export function createQueryDb(options: {
  url: string;
  poolSizeMax?: number;
  statementTimeoutMs?: number;
}): Db {
  return createDbWithPreparedStatements({
    url: options.url,
    poolSizeMax: options.poolSizeMax ?? limits.poolSizeMax,
    statementTimeoutMs: options.statementTimeoutMs ?? limits.statementTimeoutMs,
    applicationName: 'query-api',
    planCacheMode: 'auto',
  });
}

import type { Health } from '@ledger/contracts';
import { Hono } from 'hono';
import { type Kysely, sql } from 'kysely';

const healthTimeoutMs = 2_000;

/** GET /health: 200 when Postgres answers within the bound, 503 otherwise. */
// biome-ignore lint/suspicious/noExplicitAny: the check runs `select 1` on any schema.
export function healthRoutes(options: { service: string; db: Kysely<any> }) {
  return new Hono().get('/health', async (c) => {
    const postgres = await checkPostgres(options.db);
    const body: Health = {
      status: postgres,
      service: options.service,
      checks: { postgres },
    };
    c.header('cache-control', 'no-store');
    return c.json(body, postgres === 'ok' ? 200 : 503);
  });
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
async function checkPostgres(db: Kysely<any>): Promise<'ok' | 'unavailable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'unavailable'>((resolve) => {
    timer = setTimeout(() => resolve('unavailable'), healthTimeoutMs);
  });
  const query = sql`select 1 as ok`
    .execute(db)
    .then(() => 'ok' as const)
    .catch(() => 'unavailable' as const);
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

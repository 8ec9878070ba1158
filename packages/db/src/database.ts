import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type DatabaseOptions = {
  url: string;
  /** Connections in the pool. */
  poolSizeMax?: number;
  /**
   * How long a query waits for a connection (all busy, or the server slow to accept) before it
   * fails; 10 s when absent. The HTTP services answer that failure 503 (isDependencyUnavailable).
   */
  connectionWaitMaxMs?: number;
  /** Server-side bound on every statement; a runaway query fails instead of pinning xmin. */
  statementTimeoutMs?: number;
  applicationName?: string;
  /**
   * The session's `plan_cache_mode` (Postgres' default `auto` when absent): how named prepared
   * statements and PL/pgSQL statements are planned on this pool's connections.
   */
  planCacheMode?: 'auto' | 'force_custom_plan' | 'force_generic_plan';
  /**
   * Called when a pooled connection fails (server restart, shutdown), idle or checked out.
   * Without listeners node-postgres re-throws it as an uncaught 'error' event and the process dies.
   */
  onIdleConnectionError?: (error: Error) => void;
};

export type Db = Kysely<Database>;

/** A pg pool with explicit limits (never the library defaults). */
export function createPool(options: DatabaseOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSizeMax ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: options.connectionWaitMaxMs ?? 10_000,
    statement_timeout: options.statementTimeoutMs ?? 30_000,
    application_name: options.applicationName ?? 'ledger',
    ...(options.planCacheMode === undefined
      ? {}
      : { options: `-c plan_cache_mode=${options.planCacheMode}` }),
  });
  const report = options.onIdleConnectionError ?? (() => {});
  // Every connection reports its own failure, idle or checked out (a checked-out one fails its
  // next query, which is how its caller learns). The pool re-emits an idle connection's error on
  // itself; without a listener there, node-postgres would crash the process, and the client
  // listener has already reported it.
  pool.on('connect', (client) => {
    client.on('error', report);
  });
  pool.on('error', () => {});
  return pool;
}

/** A kysely instance over a pool; `destroy()` closes the pool. */
export function createDb(options: DatabaseOptions): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPool(options) }) });
}

/** Connection string of another database on the same server. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type DatabaseOptions = {
  url: string;
  /** Connections in the pool. */
  poolSizeMax?: number;
  /** Server-side bound on every statement; a runaway query fails instead of pinning xmin. */
  statementTimeoutMs?: number;
  applicationName?: string;
  /**
   * Called when an idle pooled connection fails (server restart, shutdown). Without a listener
   * node-postgres re-throws it as an uncaught 'error' event and the process dies.
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
    connectionTimeoutMillis: 10_000,
    statement_timeout: options.statementTimeoutMs ?? 30_000,
    application_name: options.applicationName ?? 'ledger',
  });
  // The pool replaces the failed connection on the next checkout; the error is only reported.
  pool.on('error', options.onIdleConnectionError ?? (() => {}));
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

import { createHash } from 'node:crypto';
import {
  Kysely,
  type PostgresClientConstructor,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type RawBuilder,
  sql,
} from 'kysely';
import type pg from 'pg';
import { createPool, type DatabaseOptions, type Db } from './database.ts';
import type { Database } from './schema.ts';

/**
 * Named prepared statements through kysely, whose Postgres driver sends every statement unnamed
 * (parsed, analysed and planned again on every call). A statement built with `prepared(...)`
 * starts with a marker comment; a pool wrapped by `withPreparedStatements` sends such a statement
 * as a named one, named by a hash of its text, so each connection parses and analyses it once
 * (its plan: see createDbWithPreparedStatements). The text carries the table names, so another
 * schema or version of a projection's tables is another statement. Without the wrapper (tests,
 * the auditor's scratch rebuild) the marker is only a comment and the statement runs unnamed as
 * before. For statements whose text takes a few shapes (their parameters, not their text, carry
 * the data): each shape is one prepared statement per connection, for the connection's life.
 */
export const preparedStatementMarker = '/* prepared */ ';

/** The statement, marked to be sent as a named prepared statement by a wrapped pool. */
export function prepared<T>(statement: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(preparedStatementMarker)}${statement}`;
}

/** Statement names by text: hashing a batch statement's few kB once per shape, not per call. */
const names = new Map<string, string>();
const namesMax = 1_000;

/** The name a marked statement is prepared under (undefined: not marked). */
export function preparedStatementName(text: string): string | undefined {
  if (!text.startsWith(preparedStatementMarker)) return undefined;
  let name = names.get(text);
  if (name === undefined) {
    name = `p_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    if (names.size >= namesMax) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * kysely's pool interface over a node-postgres pool, sending marked statements as named ones
 * (node-postgres keeps, per connection, which names it has parsed). Everything else is passed
 * through unchanged; `end()` closes the pool.
 */
export function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (wrapper === undefined) {
      const query = (text: string, values: readonly unknown[]) => {
        const name = preparedStatementName(text);
        return name === undefined
          ? client.query(text, values as unknown[])
          : client.query({ name, text, values: values as unknown[] });
      };
      wrapper = {
        // kysely calls query(text, values) only (no cursors: it is never given one).
        query: query as unknown as PostgresPoolClient['query'],
        release: (destroy) => client.release(destroy),
      };
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };
  return {
    // kysely cancels a query through a control client of the pool's class and options.
    Client: (pool as unknown as { Client: PostgresClientConstructor }).Client,
    options: pool.options,
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}

/**
 * createDb whose pool sends marked statements as named prepared statements. How they are planned
 * is the caller's choice (`planCacheMode`), and there is no default, because the right answer
 * differs by statement:
 *
 * - **Writes: `force_custom_plan`** (the projector). A connection parses and analyses a statement
 *   once, but plans it with its values on every call and never keeps a generic plan. A generic plan
 *   is made from the table's statistics of one moment and estimated without the values. The
 *   balances write's generic plan was made while the accounts were few (a new ledger, a benchmark's
 *   seeding). It scanned every account and compared each with every account of the batch (`= ANY`
 *   of a parameter is a linear search). That was 45 % of the projector's Postgres CPU at 2,007
 *   accounts, and it grew with every account (docs/performance.md, "Fifth pass").
 * - **Reads: `auto`** (the query API's reads by key). After five custom plans Postgres keeps a
 *   generic plan when it costs no more than the custom ones, so it stops planning. Planning was
 *   two thirds of a member read's Postgres CPU (docs/performance.md, "Twelfth pass"). The marked
 *   reads are equality lookups on an indexed key, ordered as an index and limited, and their right
 *   plan does not depend on the values. A plan made while a table was small is not kept as it
 *   grows: ANALYZE invalidates the cached plans of the tables it analyses (pinned by
 *   prepared-statements.int.test.ts).
 */
export function createDbWithPreparedStatements(
  options: DatabaseOptions & { planCacheMode: NonNullable<DatabaseOptions['planCacheMode']> },
): Db {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: withPreparedStatements(createPool(options)) }),
  });
}

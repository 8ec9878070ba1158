// Proves the prepared-statement pool: a marked statement goes out as a named prepared statement,
// parsed once per connection and then reused, with the same rows as unmarked; a statement over
// other tables is another statement; unmarked statements stay unnamed; a marked statement that
// fails rolls its transaction back like any other, the connection going on working; and a read's
// generic plan made while its table was small is replaced by an index plan once the table has
// grown and been analysed (the query API's reads keep generic plans).
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createDb, createPool, type Db, withDatabase } from './database.ts';
import {
  createDbWithPreparedStatements,
  prepared,
  preparedStatementName,
  withPreparedStatements,
} from './prepared-statements.ts';

// @ledger/testing builds on this package, so this test makes its own database on the run's server.
declare module 'vitest' {
  interface ProvidedContext {
    postgres: { url: string };
  }
}

const scratch = `prepared_statements_${process.pid}_${Date.now()}`;
let admin: Db;
// biome-ignore lint/suspicious/noExplicitAny: raw statements on scratch tables.
let db: Kysely<any>;

beforeAll(async () => {
  admin = createDb({ url: inject('postgres').url, poolSizeMax: 1 });
  await sql`CREATE DATABASE ${sql.id(scratch)}`.execute(admin);
  // One connection, so every statement of the file meets the same session.
  db = new Kysely({
    dialect: new PostgresDialect({
      pool: withPreparedStatements(
        createPool({ url: withDatabase(inject('postgres').url, scratch), poolSizeMax: 1 }),
      ),
    }),
  });
  await sql`CREATE TABLE prep_a (id int PRIMARY KEY, amount numeric NOT NULL)`.execute(db);
  await sql`CREATE TABLE prep_b (id int PRIMARY KEY, amount numeric NOT NULL)`.execute(db);
});
afterAll(async () => {
  await db.destroy();
  await sql`DROP DATABASE ${sql.id(scratch)} WITH (FORCE)`.execute(admin);
  await admin.destroy();
});

const insert = (table: string, ids: number[], amounts: string[]) =>
  prepared(sql<{ id: number }>`INSERT INTO ${sql.table(table)} (id, amount)
    SELECT * FROM unnest(${`{${ids.join(',')}}`}::int[], ${`{${amounts.join(',')}}`}::numeric[])
    RETURNING id`);

async function preparedNames(): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`SELECT name FROM pg_prepared_statements ORDER BY name`.execute(db);
  return rows.map((row) => row.name);
}

test('a marked statement is prepared once per connection and reused; another table is another statement', async () => {
  const first = await insert('prep_a', [1, 2], ['1.5', '2.5']).execute(db);
  const second = await insert('prep_a', [3], ['3.25']).execute(db);
  expect(first.rows).toEqual([{ id: 1 }, { id: 2 }]);
  expect(second.rows).toEqual([{ id: 3 }]);
  const text = insert('prep_a', [], []).compile(db).sql;
  const name = preparedStatementName(text);
  expect(name).toMatch(/^p_[0-9a-f]{32}$/);
  expect(await preparedNames()).toEqual([name]);
  const { rows: calls } = await sql<{
    statement: string;
  }>`SELECT statement FROM pg_prepared_statements WHERE name = ${name}`.execute(db);
  expect(calls[0]?.statement).toBe(text);

  await insert('prep_b', [1], ['9']).execute(db);
  const other = preparedStatementName(insert('prep_b', [], []).compile(db).sql);
  expect(other).not.toBe(name);
  expect(await preparedNames()).toEqual([name, other].sort());
  const { rows } = await sql<{
    amounts: string;
  }>`SELECT string_agg(amount::text, ',' ORDER BY id) AS amounts FROM prep_a`.execute(db);
  expect(rows[0]?.amounts).toBe('1.5,2.5,3.25');
});

test('unmarked statements stay unnamed', async () => {
  const before = await preparedNames();
  await sql`SELECT count(*) FROM prep_a`.execute(db);
  expect(preparedStatementName('SELECT 1')).toBeUndefined();
  expect(await preparedNames()).toEqual(before);
});

test('a marked statement that fails rolls its transaction back; the connection goes on', async () => {
  await expect(
    db.transaction().execute(async (trx) => {
      await insert('prep_a', [10], ['1']).execute(trx);
      await insert('prep_a', [1], ['1']).execute(trx);
    }),
  ).rejects.toThrow(/duplicate key/);
  const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM prep_a`.execute(db);
  expect(rows[0]?.n).toBe('3');
  expect((await insert('prep_a', [10], ['1']).execute(db)).rows).toEqual([{ id: 10 }]);
});

test('a read planned generically while its table was small gets an index plan once the table has grown and been analysed', async () => {
  const reads = createDbWithPreparedStatements({
    url: withDatabase(inject('postgres').url, scratch),
    poolSizeMax: 1,
    planCacheMode: 'auto',
  });
  try {
    await sql`CREATE TABLE prep_log (account text NOT NULL, at bigint NOT NULL, amount numeric NOT NULL)`.execute(
      reads,
    );
    await sql`CREATE INDEX prep_log_account ON prep_log (account, at)`.execute(reads);
    await sql`INSERT INTO prep_log SELECT 'a' || (i % 3), i, i FROM generate_series(1, 30) i`.execute(
      reads,
    );
    await sql`ANALYZE prep_log`.execute(reads);
    // An account's rows: a sequential scan of a one-page table, an index scan of a large one.
    const page = (account: string) =>
      prepared(sql<{ total: string }>`SELECT count(*)::text AS total, max(amount)::text AS top
        FROM prep_log WHERE account = ${account}`);
    const name = preparedStatementName(page('a1').compile(reads).sql) as string;
    const plan = async () => {
      const { rows } = await sql<{
        'QUERY PLAN': string;
      }>`EXPLAIN EXECUTE ${sql.id(name)}('a1')`.execute(reads);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    const generic = async () => {
      const { rows } = await sql<{ generic_plans: string }>`SELECT generic_plans::text
        FROM pg_prepared_statements WHERE name = ${name}`.execute(reads);
      return Number(rows[0]?.generic_plans ?? 0);
    };
    for (let call = 0; call < 8; call += 1) {
      expect((await page('a1').execute(reads)).rows[0]?.total).toBe('10');
    }
    // Past five custom plans, the statement runs on its generic plan: planned no more.
    expect(await generic()).toBeGreaterThan(0);
    expect(await plan()).toMatch(/Seq Scan on prep_log/);

    await sql`INSERT INTO prep_log SELECT 'a' || (i % 5000), i, i FROM generate_series(31, 200000) i`.execute(
      reads,
    );
    await sql`ANALYZE prep_log`.execute(reads);
    // The cached plans over the table are invalidated: the statement is planned again.
    for (let call = 0; call < 8; call += 1) await page('a1').execute(reads);
    expect(await plan()).toMatch(/Index.* on prep_log_account/);
    expect((await page('a1').execute(reads)).rows[0]).toEqual({ total: '49', top: '195001' });
  } finally {
    await reads.destroy();
  }
});

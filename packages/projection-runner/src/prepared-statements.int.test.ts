// Proves the prepared-statement pool: a marked statement goes out as a named prepared statement,
// parsed once per connection and then reused, with the same rows as unmarked; a statement over
// other tables is another statement; unmarked statements stay unnamed; and a marked statement
// that fails rolls its transaction back like any other, the connection going on working.
import { createPool } from '@ledger/db';
import { useTestDatabase } from '@ledger/testing';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { prepared, preparedStatementName, withPreparedStatements } from './prepared-statements.ts';

const database = useTestDatabase();
// biome-ignore lint/suspicious/noExplicitAny: raw statements on scratch tables.
let db: Kysely<any>;

beforeAll(async () => {
  // One connection, so every statement of the file meets the same session.
  db = new Kysely({
    dialect: new PostgresDialect({
      pool: withPreparedStatements(createPool({ url: database().url, poolSizeMax: 1 })),
    }),
  });
  await sql`CREATE TABLE prep_a (id int PRIMARY KEY, amount numeric NOT NULL)`.execute(db);
  await sql`CREATE TABLE prep_b (id int PRIMARY KEY, amount numeric NOT NULL)`.execute(db);
});
afterAll(async () => {
  await db.destroy();
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

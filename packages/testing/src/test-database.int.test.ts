// Proves the Postgres fixture: each test file gets its own database copied from the migrated
// template on the run's real server, and it is gone after the file's tests.
import { sql } from 'kysely';
import pg from 'pg';
import { expect, inject, test } from 'vitest';
import { createTestDatabase } from './test-database.ts';

test('a test database is a real, migrated, isolated PostgreSQL database', async () => {
  const first = await createTestDatabase();
  const second = await createTestDatabase();
  try {
    expect(first.name).not.toBe(second.name);
    const { rows } = await sql<{ version: string }>`select version()`.execute(first.db);
    expect(rows[0]?.version).toMatch(/^PostgreSQL \d+/);

    // Migrated: kysely's bookkeeping table came with the template.
    const migrated = await sql<{ count: string }>`select count(*) from kysely_migration`.execute(
      first.db,
    );
    expect(migrated.rows).toHaveLength(1);

    // Isolated: a table made in one database is absent from the other.
    await sql`create table fixture_probe (id int)`.execute(first.db);
    const inSecond = await sql<{ exists: boolean }>`
      select exists (select from pg_tables where tablename = 'fixture_probe') as exists`.execute(
      second.db,
    );
    expect(inSecond.rows[0]?.exists).toBe(false);
  } finally {
    await first.drop();
    await second.drop();
  }
});

test('a dropped test database no longer exists on the server', async () => {
  const database = await createTestDatabase();
  await database.drop();
  const client = new pg.Client({ connectionString: inject('postgres').url });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      database.name,
    ]);
    expect(rowCount).toBe(0);
  } finally {
    await client.end();
  }
});

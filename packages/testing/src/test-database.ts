import { createDb, type Db, withDatabase } from '@ledger/db';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import './postgres-context.ts';

export type TestDatabase = {
  name: string;
  url: string;
  db: Db;
  drop(): Promise<void>;
};

let created = 0;

/** A fresh, migrated database of its own (a copy of the run's template). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { url, templateDatabase, databasePrefix } = inject('postgres');
  created += 1;
  const name = `${databasePrefix}${process.pid}_${created}_${Date.now().toString(36)}`;
  await adminQuery(url, `CREATE DATABASE "${name}" TEMPLATE "${templateDatabase}"`);
  const databaseUrl = withDatabase(url, name);
  const db = createDb({ url: databaseUrl, poolSizeMax: 10, applicationName: 'test' });
  return {
    name,
    url: databaseUrl,
    db,
    async drop() {
      await db.destroy();
      await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/**
 * One database for the calling test file: created before its tests, dropped after them.
 * @example const database = useTestDatabase(); test('x', async () => { database().db ... })
 */
export function useTestDatabase(): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  return () => {
    if (!database) throw new Error('useTestDatabase(): the database exists only inside tests');
    return database;
  };
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

import { join } from 'node:path';
import { createDb, migrateToLatest, withDatabase } from '@ledger/db';
import {
  type LocalPostgres,
  removeOrphanedClusters,
  startLocalPostgres,
} from '@ledger/local-postgres';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { PostgresContext } from './postgres-context.ts';

const runsDir = join(import.meta.dirname, '..', '..', '..', '.pg', 'test-runs');

/**
 * Once per test project: one PostgreSQL for the whole run (embedded, or DATABASE_URL), and one
 * migrated template database that each test file copies. Everything is removed at the end; a run
 * killed with SIGKILL leaves a cluster that the next run stops and deletes.
 */
export default async function setup(project: TestProject) {
  const external = process.env.DATABASE_URL;
  let server: LocalPostgres | undefined;
  if (external === undefined) {
    const removed = await removeOrphanedClusters(runsDir);
    if (removed > 0)
      console.log(`removed ${removed} PostgreSQL cluster(s) left by killed test runs`);
    server = await startLocalPostgres({
      dataDir: join(runsDir, `${process.pid}-${project.name}`),
      persistent: false,
    });
  }
  const url = external ?? (server as LocalPostgres).url;
  const databasePrefix = `t${process.pid}_${project.name.replace(/\W/g, '')}_`;
  const templateDatabase = `${databasePrefix}template`;

  await withAdminClient(url, (client) => client.query(`CREATE DATABASE "${templateDatabase}"`));
  const db = createDb({ url: withDatabase(url, templateDatabase), poolSizeMax: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  const context: PostgresContext = { url, templateDatabase, databasePrefix };
  project.provide('postgres', context);

  return async () => {
    if (server) {
      await server.stop();
      return;
    }
    await dropDatabases(url, databasePrefix);
  };
}

async function dropDatabases(url: string, prefix: string) {
  await withAdminClient(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE "${datname}" WITH (FORCE)`);
  });
}

export async function withAdminClient<T>(
  url: string,
  use: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

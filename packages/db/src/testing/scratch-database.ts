import { sql } from 'kysely';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDb, type Db, withDatabase } from '../database.ts';

/**
 * Test support for this package's integration tests (not shipped): an empty database of the
 * calling test file's own on the run's server, not migrated (a migration test walks it up step by
 * step), created before its tests and dropped after them. @ledger/testing builds on this package,
 * so it cannot serve these tests; its run's server is read directly.
 */

declare module 'vitest' {
  interface ProvidedContext {
    postgres: { url: string };
  }
}

export function useScratchDatabase(label: string): () => Db {
  const scratch = `${label}_${process.pid}_${Date.now()}`;
  let admin: Db | undefined;
  let db: Db | undefined;
  beforeAll(async () => {
    admin = createDb({ url: inject('postgres').url, poolSizeMax: 1 });
    await sql`CREATE DATABASE ${sql.id(scratch)}`.execute(admin);
    db = createDb({ url: withDatabase(inject('postgres').url, scratch), poolSizeMax: 2 });
  });
  afterAll(async () => {
    await db?.destroy();
    if (admin !== undefined) {
      await sql`DROP DATABASE ${sql.id(scratch)} WITH (FORCE)`.execute(admin);
      await admin.destroy();
    }
  });
  return () => {
    if (db === undefined)
      throw new Error('useScratchDatabase(): the database exists only in tests');
    return db;
  };
}

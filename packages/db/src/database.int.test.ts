// Proves a pool survives the server dropping its connections, idle or checked out (what a
// PostgreSQL shutdown or restart does): each failure is reported once, the process does not crash,
// and the next query gets a fresh connection.
import { sql } from 'kysely';
import { expect, inject, test } from 'vitest';
import { createDb } from './database.ts';

// @ledger/testing builds on this package, so this test reads the run's server directly.
declare module 'vitest' {
  interface ProvidedContext {
    postgres: { url: string };
  }
}

test('idle connections terminated by the server are reported, and the pool recovers', async () => {
  const url = inject('postgres').url;
  const admin = createDb({ url, poolSizeMax: 1 });
  const errors: Error[] = [];
  const db = createDb({
    url,
    poolSizeMax: 2,
    onIdleConnectionError: (error) => errors.push(error),
  });
  try {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    await sql`select pg_terminate_backend(${rows[0]?.pid})`.execute(admin);
    await expect.poll(() => errors.length).toBe(1);
    expect((errors[0] as Error & { code?: string }).code).toBe('57P01');
    const again = await sql<{ ok: number }>`select 1 as ok`.execute(db);
    expect(again.rows[0]?.ok).toBe(1);
  } finally {
    await db.destroy();
    await admin.destroy();
  }
});

test('a connection killed while checked out does not crash the process; its next query fails', async () => {
  const url = inject('postgres').url;
  const admin = createDb({ url, poolSizeMax: 1 });
  const errors: Error[] = [];
  const db = createDb({
    url,
    poolSizeMax: 2,
    onIdleConnectionError: (error) => errors.push(error),
  });
  try {
    await expect(
      db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await sql`select pg_terminate_backend(${rows[0]?.pid})`.execute(admin);
        await expect.poll(() => errors.length).toBe(1);
        await sql`select 1`.execute(trx);
      }),
    ).rejects.toThrow();
    const again = await sql<{ ok: number }>`select 1 as ok`.execute(db);
    expect(again.rows[0]?.ok).toBe(1);
  } finally {
    await db.destroy();
    await admin.destroy();
  }
});

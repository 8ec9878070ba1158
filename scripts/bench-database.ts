import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { createDb, migrateToLatest, withDatabase } from '@ledger/db';
import { startLocalPostgres } from '@ledger/local-postgres';
import pg from 'pg';

/**
 * What the read benchmarks share (bench-balance-log.ts, bench-account-list.ts): an embedded
 * PostgreSQL of their own (not kept), a `bench` database migrated to the latest schema, and one
 * pool for writing the synthetic data; `run` gets both, and everything is stopped after it.
 */
export async function withBenchDatabase(
  name: string,
  run: (bench: { url: string; setup: ReturnType<typeof createDb> }) => Promise<void>,
): Promise<void> {
  const dataDir = join(import.meta.dirname, '..', '.pg', `${name}-${process.pid}`);
  const server = await startLocalPostgres({ dataDir, persistent: false });
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await admin.end();
    const url = withDatabase(server.url, 'bench');
    const setup = createDb({ url, poolSizeMax: 1 });
    try {
      await migrateToLatest(setup);
      await run({ url, setup });
    } finally {
      await setup.destroy();
    }
  } finally {
    await server.stop();
  }
}

/** The machine line every benchmark prints first. */
export function machineLine(): string {
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return `CPU: ${cpus().length} × ${cpus()[0]?.model}; RAM ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}; load ${load}`;
}

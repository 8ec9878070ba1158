import { type Kysely, sql, type Transaction } from 'kysely';
import { projectionTables } from './checkpoint-store.ts';
import { type Projection, projectionContext, versionedTable } from './projection.ts';

/** What this process may do with its version of a projection. */
export type RegistrationStatus = 'live' | 'building' | 'retired';

/**
 * Registers a projection version once (idempotent; instances race safely under a transaction
 * lock): the first version of a projection goes live at once; a newer version is 'building'
 * while the live one keeps serving; a version older than the newest registered is 'retired' and
 * must not run (old code still deployed somewhere). The version's tables are created here.
 */
export async function registerProjection<DB>(
  db: Kysely<DB>,
  projection: Projection<DB>,
): Promise<RegistrationStatus> {
  return db.transaction().execute(async (trx) => {
    await lockRegistry(trx, projection.name);
    const tables = projectionTables(trx);
    const rows = await tables
      .selectFrom('projection_registry')
      .select(['version', 'status'])
      .where('projection', '=', projection.name)
      .execute();
    const own = rows.find((row) => row.version === projection.version);
    if (own) return own.status;
    if (rows.some((row) => row.version > projection.version)) return 'retired';
    const status = rows.some((row) => row.status === 'live') ? 'building' : 'live';
    await tables
      .insertInto('projection_registry')
      .values({
        projection: projection.name,
        version: projection.version,
        status,
        tables: [...(projection.tables ?? [])],
        live_at: status === 'live' ? sql<Date>`now()` : null,
        retired_at: null,
      })
      .execute();
    await tables
      .insertInto('projection_checkpoints')
      .values({ projection: projection.name, version: projection.version, position: null })
      .execute();
    await projection.setup?.(trx, projectionContext(projection));
    if (status === 'live') await pointViews(trx, projection.tables ?? [], projection.version);
    return status;
  });
}

/**
 * Makes a caught-up 'building' version live: in one transaction, the live version's checkpoint
 * row is locked (it cannot advance meanwhile), the builder must be at or past it (so a reader
 * that waited for a position never sees it disappear), then the registry and the views switch.
 * Returns whether this version is live afterwards.
 */
export async function swapIfCaughtUp<DB>(
  db: Kysely<DB>,
  projection: { name: string; version: number; tables?: readonly string[] },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockRegistry(trx, projection.name);
    const rows = await projectionTables(trx)
      .selectFrom('projection_registry as r')
      .innerJoin('projection_checkpoints as c', (join) =>
        join.onRef('c.projection', '=', 'r.projection').onRef('c.version', '=', 'r.version'),
      )
      .select(['r.version', 'r.status', 'c.position'])
      .where('r.projection', '=', projection.name)
      .where('r.status', 'in', ['live', 'building'])
      .forUpdate('c')
      .execute();
    const own = rows.find((row) => row.version === projection.version);
    if (own?.status !== 'building') return own?.status === 'live';
    const live = rows.find((row) => row.status === 'live');
    if (live && (own.position ?? '') < (live.position ?? '')) return false;
    const tables = projectionTables(trx);
    if (live) {
      await tables
        .updateTable('projection_registry')
        .set({ status: 'retired', retired_at: sql<Date>`now()` })
        .where('projection', '=', projection.name)
        .where('version', '=', live.version)
        .execute();
    }
    await tables
      .updateTable('projection_registry')
      .set({ status: 'live', live_at: sql<Date>`now()` })
      .where('projection', '=', projection.name)
      .where('version', '=', projection.version)
      .execute();
    await pointViews(trx, projection.tables ?? [], projection.version);
    return true;
  });
}

/** Drops a retired version's tables and bookkeeping (after readers have moved to the new one). */
export async function dropRetiredVersion<DB>(
  db: Kysely<DB>,
  projection: string,
  version: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockRegistry(trx, projection);
    const tables = projectionTables(trx);
    const row = await tables
      .selectFrom('projection_registry')
      .select(['status', 'tables'])
      .where('projection', '=', projection)
      .where('version', '=', version)
      .executeTakeFirst();
    if (row?.status !== 'retired') throw new RangeError(`${projection}@${version} is not retired`);
    for (const table of row.tables) {
      await sql`DROP TABLE IF EXISTS ${sql.table(versionedTable(table, version))}`.execute(trx);
    }
    await tables
      .deleteFrom('projection_registry')
      .where('projection', '=', projection)
      .where('version', '=', version)
      .execute();
  });
}

/** Readers always use `<name>`: a view over the live version's `<name>_v<N>`. */
async function pointViews<DB>(
  trx: Transaction<DB>,
  tables: readonly string[],
  version: number,
): Promise<void> {
  for (const table of tables) {
    // DROP + CREATE rather than CREATE OR REPLACE: a new version may change the columns.
    await sql`DROP VIEW IF EXISTS ${sql.table(table)}`.execute(trx);
    await sql`CREATE VIEW ${sql.table(table)} AS SELECT * FROM ${sql.table(versionedTable(table, version))}`.execute(
      trx,
    );
  }
}

async function lockRegistry<DB>(trx: Transaction<DB>, projection: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`projection-registry:${projection}`}, 0))`.execute(
    trx,
  );
}

import type { EventFilter, EventStore, GlobalPosition, RecordedEvent } from '@ledger/event-store';
import type { ProjectionContext } from '@ledger/projection-runner';
import { type Kysely, sql, type Transaction } from 'kysely';

/**
 * Rebuilds a projection from the first event into a scratch schema and compares it with the live
 * one, table by table, in chunks of rows ordered by key, each chunk in its own short transaction
 * (a long one would hold back vacuum for every projector). Each chunk is read from the live
 * tables together with the live checkpoint in one snapshot; the scratch copy is first caught up
 * to exactly that checkpoint, so both sides are compared at the same position while the live
 * projection keeps moving. Rows are compared by an md5 of their whole text.
 */

// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
type Trx = Transaction<any>;

export type AuditedProjection = {
  name: string;
  filter: EventFilter;
  /** Logical table → its key column (unique, totally ordered, indexed) and the column's type. */
  keys: Record<string, TableKey>;
  setup(trx: Trx, context: Pick<ProjectionContext, 'table'>): Promise<void>;
  apply(
    trx: Trx,
    events: readonly RecordedEvent[],
    context: Pick<ProjectionContext, 'table'>,
  ): Promise<unknown>;
};

export type TableKey = { column: string; type: 'text' | 'bigint' | 'uuid' };

export type RowDifference = {
  projection: string;
  table: string;
  key: string;
  /** What is wrong with the live row, compared with the rebuild. */
  kind: 'differs' | 'missing_live' | 'extra_live';
};

export type RebuildProgress = { projection: string; table: string; rows: number; events: number };

const chunkRows = 2_000;
const pageEvents = 500;
/** Differences reported per table, at most (the first ones say what is wrong). */
const differencesMax = 20;

type Scratch = {
  context: Pick<ProjectionContext, 'table'>;
  position: GlobalPosition | undefined;
  events: number;
};

export async function rebuildAndCompare(input: {
  db: AnyDb;
  store: EventStore;
  projection: AuditedProjection;
  schema: string;
  onProgress?: (progress: RebuildProgress) => void;
}): Promise<{ differences: RowDifference[]; rows: number; events: number }> {
  const { db, projection, schema } = input;
  const scratch: Scratch = {
    context: { table: (name) => `${schema}.${name}` },
    position: undefined,
    events: 0,
  };
  await db.transaction().execute(async (trx) => {
    await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(trx);
    await projection.setup(trx, scratch.context);
  });
  const differences: RowDifference[] = [];
  let rows = 0;
  for (const [table, key] of Object.entries(projection.keys)) {
    const compared = await compareTable({ ...input, scratch, table, key });
    differences.push(...compared.differences);
    rows += compared.rows;
  }
  return { differences, rows, events: scratch.events };
}

type ChunkRow = { key: string; hash: string };

async function compareTable(input: {
  db: AnyDb;
  store: EventStore;
  projection: AuditedProjection;
  scratch: Scratch;
  table: string;
  key: TableKey;
  onProgress?: (progress: RebuildProgress) => void;
}): Promise<{ differences: RowDifference[]; rows: number }> {
  const { db, projection, scratch, table, key } = input;
  const differences: RowDifference[] = [];
  let after: string | undefined;
  let rows = 0;
  for (;;) {
    const live = await liveChunk(db, projection.name, table, key, after);
    await catchUp(input.db, input.store, projection, scratch, live.checkpoint);
    const upper = live.rows.length === chunkRows ? live.rows.at(-1)?.key : undefined;
    const rebuilt = await scratchChunk(db, scratch.context.table(table), key, after, upper);
    for (const difference of diffChunk(live.rows, rebuilt)) {
      if (differences.length < differencesMax) {
        differences.push({ projection: projection.name, table, ...difference });
      }
    }
    rows += live.rows.length;
    input.onProgress?.({ projection: projection.name, table, rows, events: scratch.events });
    if (upper === undefined) return { differences, rows };
    after = upper;
  }
}

/** The live chunk after `after` and the live checkpoint, in one snapshot. */
async function liveChunk(
  db: AnyDb,
  projectionName: string,
  table: string,
  key: TableKey,
  after: string | undefined,
): Promise<{ checkpoint: GlobalPosition | undefined; rows: ChunkRow[] }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const { rows: checkpoints } = await sql<{ position: string | null }>`SELECT c.position
        FROM projection_registry r JOIN projection_checkpoints c
          ON c.projection = r.projection AND c.version = r.version
       WHERE r.projection = ${projectionName} AND r.status = 'live'`.execute(trx);
      const checkpoint = (checkpoints[0]?.position ?? undefined) as GlobalPosition | undefined;
      const rows = await chunkOf(trx, table, key, after, undefined, chunkRows);
      return { checkpoint, rows };
    });
}

function scratchChunk(
  db: AnyDb,
  physical: string,
  key: TableKey,
  after: string | undefined,
  upper: string | undefined,
): Promise<ChunkRow[]> {
  // With an upper bound the scratch side may hold more rows than a chunk (rows the live side
  // lacks); without one it is the last chunk, read whole.
  return chunkOf(db, physical, key, after, upper, undefined);
}

async function chunkOf(
  db: AnyDb | Trx,
  table: string,
  key: TableKey,
  after: string | undefined,
  upper: string | undefined,
  limit: number | undefined,
): Promise<ChunkRow[]> {
  // Ordered and bounded by the key in its own type, so each chunk is a range scan of its index.
  const column = sql.ref(`t.${key.column}`);
  const type = sql.raw(key.type);
  const lower = after === undefined ? sql`TRUE` : sql`${column} > ${after}::${type}`;
  const bound = upper === undefined ? sql`TRUE` : sql`${column} <= ${upper}::${type}`;
  const { rows } = await sql<ChunkRow>`SELECT ${column}::text AS key, md5(t::text) AS hash
    FROM ${sql.table(table)} t WHERE ${lower} AND ${bound}
    ORDER BY ${column} ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}`.execute(db);
  return rows;
}

function diffChunk(
  live: ChunkRow[],
  rebuilt: ChunkRow[],
): Omit<RowDifference, 'projection' | 'table'>[] {
  const rebuiltByKey = new Map(rebuilt.map((row) => [row.key, row.hash]));
  const differences: Omit<RowDifference, 'projection' | 'table'>[] = [];
  for (const row of live) {
    const hash = rebuiltByKey.get(row.key);
    if (hash === undefined) differences.push({ key: row.key, kind: 'extra_live' });
    else if (hash !== row.hash) differences.push({ key: row.key, kind: 'differs' });
    rebuiltByKey.delete(row.key);
  }
  for (const key of rebuiltByKey.keys()) differences.push({ key, kind: 'missing_live' });
  return differences;
}

/** Applies the events after the scratch position up to `target` (inclusive), a page at a time. */
async function catchUp(
  db: AnyDb,
  store: EventStore,
  projection: AuditedProjection,
  scratch: Scratch,
  target: GlobalPosition | undefined,
): Promise<void> {
  while (target !== undefined && (scratch.position === undefined || scratch.position < target)) {
    const page = await store.readAll({
      after: scratch.position,
      maxCount: pageEvents,
      filter: projection.filter,
    });
    const events = page.events.filter((event) => (event.position as string) <= target);
    if (events.length > 0) {
      await db.transaction().execute((trx) => projection.apply(trx, events, scratch.context));
      scratch.events += events.length;
    }
    const reached = events.length < page.events.length || (page.lastSeen ?? target) >= target;
    scratch.position = reached ? target : (page.lastSeen ?? target);
  }
}

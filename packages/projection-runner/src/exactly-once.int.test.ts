// Proves exactly-once projection under the guide's §5.1 harness: out-of-order commits, two
// competing projectors and injected crashes apply every event exactly once, while the two
// control variants (blind checkpoint write, global_seq poll) double-apply and lose events.
import type { GlobalPosition, RecordedEvent } from '@ledger/event-store';
import { encodePosition, prepareAppend } from '@ledger/event-store/postgres';
import { createTestDatabase, type TestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import pg from 'pg';
import { expect, test } from 'vitest';
import { BatchPipeline } from './batch-pipeline.ts';
import { advanceCheckpoint, projectionTables, readCheckpoint } from './checkpoint-store.ts';
import { ApplyError, CheckpointConflictError } from './errors.ts';
import { projectBatch } from './project-batch.ts';
import { keyOf, type Projection, projectionContext } from './projection.ts';
import { registerProjection } from './registry.ts';
import {
  amountEvents,
  postgresStore,
  readTotals,
  seededRandom,
  totalsProjection,
} from './test-support.ts';

const writers = 8;
const batchSize = 200;

class InjectedCrash extends Error {}

type Appended = { events: number; sum: bigint; last: GlobalPosition | undefined };
type Stats = { batches: number; conflicts: number; crashes: number };
type Variant = 'cas' | 'pipeline' | 'blind' | 'seq';

/** One append in its own transaction; some sleep before COMMIT so commits land out of order. */
async function appendSlowly(
  client: pg.Client,
  stream: string,
  amounts: number[],
  sleepMs: number,
): Promise<GlobalPosition> {
  const prepared = prepareAppend(stream, amountEvents(amounts), { kind: 'any' });
  await client.query('BEGIN');
  const { rows } = await client.query<{ tx: string; seq: string }>(
    `SELECT last_txid::text AS tx, last_seq::text AS seq
       FROM es_append($1, $2, 'any', NULL, $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[], $7::bytea[])`,
    [
      prepared.stream,
      prepared.category,
      prepared.ids,
      prepared.events.map((event) => event.type),
      prepared.events.map((event) => event.dataJson),
      prepared.events.map((event) => event.metadataJson),
      prepared.events.map((event) => event.contentHash),
    ],
  );
  if (sleepMs > 0) await client.query('SELECT pg_sleep($1)', [sleepMs / 1000]);
  await client.query('COMMIT');
  const row = rows[0];
  if (!row) throw new Error('es_append returned no row');
  return encodePosition(row.tx, row.seq);
}

/** 8 writers; plus one straggler that takes the first position and commits late. */
async function writeAll(url: string, appendsPerWriter: number, seed: number): Promise<Appended> {
  const appended: Appended = { events: 0, sum: 0n, last: undefined };
  const record = (amounts: number[], position: GlobalPosition) => {
    appended.events += amounts.length;
    appended.sum += amounts.reduce((total, amount) => total + BigInt(amount), 0n);
    if (appended.last === undefined || position > appended.last) appended.last = position;
  };
  const clients = await Promise.all(
    Array.from({ length: writers + 1 }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  try {
    const [straggler, ...others] = clients as [pg.Client, ...pg.Client[]];
    const late = appendSlowly(straggler, 'harness-straggler', [1_000], 800).then((position) =>
      record([1_000], position),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all([
      late,
      ...others.map(async (client, writer) => {
        const random = seededRandom(seed + writer);
        for (let index = 0; index < appendsPerWriter; index += 1) {
          const amounts = Array.from(
            { length: 1 + Math.floor(random() * 3) },
            () => 1 + Math.floor(random() * 999),
          );
          const sleepMs = random() < 0.1 ? random() * 20 : 0;
          record(amounts, await appendSlowly(client, `harness-${writer}`, amounts, sleepMs));
        }
      }),
    ]);
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
  return appended;
}

/** The totals projection, throwing after its update on every 20th batch (a 5% crash rate). */
function crashingTotals(name: string): Projection {
  let applied = 0;
  return totalsProjection({
    name,
    onApply: () => {
      applied += 1;
      if (applied % 20 === 0) throw new InjectedCrash('injected before commit');
    },
  });
}

/** One batch per variant; returns false once nothing was left to read. */
type Step = (stats: Stats) => Promise<boolean>;

function casStep(
  database: TestDatabase,
  store: ReturnType<typeof postgresStore>,
  projection: Projection,
): Step {
  return async (stats) => {
    try {
      const outcome = await projectBatch({
        db: database.db,
        eventStore: store,
        projection,
        maxCount: batchSize,
      });
      stats.batches += 1;
      return outcome.kind === 'advanced';
    } catch (error) {
      if (error instanceof CheckpointConflictError) stats.conflicts += 1;
      else if (error instanceof ApplyError && error.cause instanceof InjectedCrash)
        stats.crashes += 1;
      else throw error;
      return true;
    }
  };
}

/** The runner's own batches: remembered checkpoint and read-ahead, the same compare-and-set. */
function pipelineStep(
  database: TestDatabase,
  store: ReturnType<typeof postgresStore>,
  projection: Projection,
): Step {
  const pipeline = new BatchPipeline(database.db, store, projection);
  return async (stats) => {
    try {
      const outcome = await pipeline.next(batchSize, () => {});
      stats.batches += 1;
      return outcome.kind === 'advanced';
    } catch (error) {
      if (error instanceof CheckpointConflictError) stats.conflicts += 1;
      else if (error instanceof ApplyError && error.cause instanceof InjectedCrash)
        stats.crashes += 1;
      else throw error;
      return true;
    }
  };
}

/** Control: the same, but the checkpoint is written blindly (no compare). */
function blindStep(
  database: TestDatabase,
  store: ReturnType<typeof postgresStore>,
  projection: Projection,
): Step {
  const key = keyOf(projection);
  return async (stats) => {
    const { position } = await readCheckpoint(database.db, key);
    const page = await store.readAll({ after: position, maxCount: batchSize });
    if (page.lastSeen === undefined) return false;
    const next = page.lastSeen;
    try {
      await database.db.transaction().execute(async (trx) => {
        await projection.apply(trx, page.events, projectionContext(projection));
        await projectionTables(trx)
          .updateTable('projection_checkpoints')
          .set({ position: next })
          .where('projection', '=', key.projection)
          .where('version', '=', key.version)
          .execute();
      });
      stats.batches += 1;
    } catch (error) {
      if (!(error instanceof InjectedCrash)) throw error;
      stats.crashes += 1;
    }
    return true;
  };
}

/** Control: compare-and-set, but polling `global_seq > checkpoint` without the visibility horizon. */
function seqPollStep(database: TestDatabase, projection: Projection): Step {
  const key = keyOf(projection);
  return async (stats) => {
    const { position } = await readCheckpoint(database.db, key);
    const { rows } = await sql<{ seq: string; data: { amount: string } }>`
      SELECT global_seq::text AS seq, data FROM es_events
       WHERE global_seq > ${position ?? '0'}::bigint ORDER BY global_seq LIMIT ${batchSize}`.execute(
      database.db,
    );
    const last = rows.at(-1);
    if (!last) return false;
    const events = rows.map((row) => ({ data: row.data }) as RecordedEvent);
    try {
      await database.db.transaction().execute(async (trx) => {
        await projection.apply(trx, events, projectionContext(projection));
        await advanceCheckpoint(trx, key, position, last.seq.padStart(20, '0') as GlobalPosition);
      });
      stats.batches += 1;
    } catch (error) {
      if (error instanceof CheckpointConflictError) stats.conflicts += 1;
      else if (
        error instanceof InjectedCrash ||
        (error instanceof ApplyError && error.cause instanceof InjectedCrash)
      )
        stats.crashes += 1;
      else throw error;
    }
    return true;
  };
}

async function runHarness(variant: Variant, appendsPerWriter: number, seed: number) {
  const database = await createTestDatabase();
  const store = postgresStore(database.url);
  const stats: Stats = { batches: 0, conflicts: 0, crashes: 0 };
  try {
    const projections = [crashingTotals('harness'), crashingTotals('harness')];
    await registerProjection(database.db, projections[0] as Projection);
    const steps = projections.map((projection) =>
      variant === 'cas'
        ? casStep(database, store, projection)
        : variant === 'pipeline'
          ? pipelineStep(database, store, projection)
          : variant === 'blind'
            ? blindStep(database, store, projection)
            : seqPollStep(database, projection),
    );
    let writing = true;
    const written = writeAll(database.url, appendsPerWriter, seed).finally(() => {
      writing = false;
    });
    // Each projector stops once the writers are done and the checkpoint passed the last event. A
    // read that finds nothing proves nothing: an open transaction anywhere in the cluster (another
    // test file's) can hold back the visibility horizon for a while.
    const key = keyOf(projections[0] as Projection);
    const finished = async (advanced: boolean): Promise<boolean> => {
      if (writing) return false;
      if (variant === 'seq') return !advanced;
      const last = (await written).last ?? '';
      return ((await readCheckpoint(database.db, key)).position ?? '') >= last;
    };
    await Promise.all([
      written,
      ...steps.map(async (step) => {
        for (;;) {
          const advanced = await step(stats);
          if (await finished(advanced)) return;
          if (!advanced) await new Promise((resolve) => setTimeout(resolve, 1));
        }
      }),
    ]);
    return { appended: await written, projected: await readTotals(database.db, 'harness'), stats };
  } finally {
    await store.close();
    await database.drop();
  }
}

test('compare-and-set: 2 competing projectors with injected crashes apply every event exactly once', async () => {
  const { appended, projected, stats } = await runHarness('cas', 1_500, 20_260_821);
  console.info('exactly-once harness (CAS)', { appended: appended.events, ...stats });
  expect(projected.events).toBe(appended.events);
  expect(projected.sum).toBe(appended.sum);
  expect(stats.crashes).toBeGreaterThan(0);
});

test("the runner's pipelined batches keep exactly-once under the same harness", async () => {
  const { appended, projected, stats } = await runHarness('pipeline', 500, 99);
  console.info('exactly-once harness (runner pipeline)', { appended: appended.events, ...stats });
  expect(projected.events).toBe(appended.events);
  expect(projected.sum).toBe(appended.sum);
  expect(stats.crashes).toBeGreaterThan(0);
});

test('control: a blind checkpoint write double-applies', async () => {
  const { appended, projected, stats } = await runHarness('blind', 150, 7);
  console.info('exactly-once harness (blind control)', {
    appended: appended.events,
    projected: projected.events,
    ...stats,
  });
  expect(projected.events).toBeGreaterThan(appended.events);
});

test('control: a global_seq poll loses events committed out of order', async () => {
  const { appended, projected, stats } = await runHarness('seq', 150, 11);
  console.info('exactly-once harness (global_seq control)', {
    appended: appended.events,
    projected: projected.events,
    ...stats,
  });
  expect(projected.events).toBeLessThan(appended.events);
});

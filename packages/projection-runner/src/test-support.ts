import { randomUUID } from 'node:crypto';
import type { Database } from '@ledger/db';
import type { EventStore, NewEvent, RecordedEvent } from '@ledger/event-store';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { createLogger, type Logger } from '@ledger/runtime';
import { type Kysely, sql } from 'kysely';
import type { Projection, ProjectionContext } from './projection.ts';

/**
 * Helpers for the runner's integration tests (not shipped): a Postgres event store, a trivial
 * totals projection, and amounts to append.
 */
export function postgresStore(url: string): EventStore {
  return createPostgresEventStore({ url, poolSizeMax: 4 });
}

/** mulberry32: seeded, so a failing run can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function amountEvents(amounts: readonly number[], type = 'Test.AmountAdded'): NewEvent[] {
  return amounts.map((amount) => ({
    id: randomUUID(),
    type,
    data: { amount: String(amount) },
    metadata: { commandId: randomUUID(), actor: 'system:test' },
  }));
}

export type TotalsRow = { events: string; amount_sum: string };

/**
 * One row holding how many events were applied and the sum of their amounts: any lost or doubled
 * event shows. `onApply` runs inside the transaction after the update (inject failures there).
 */
export function totalsProjection<DB = Database>(options: {
  name: string;
  version?: number;
  filter?: Projection['filter'];
  onApply?: (events: readonly RecordedEvent[], context: ProjectionContext) => Promise<void> | void;
}): Projection<DB> {
  const projection: Projection<DB> = {
    name: options.name,
    version: options.version ?? 1,
    tables: [options.name],
    async setup(trx, context) {
      const table = sql.table(context.table(options.name));
      await sql`CREATE TABLE ${table} (id int PRIMARY KEY, events bigint NOT NULL, amount_sum numeric NOT NULL)`.execute(
        trx,
      );
      await sql`INSERT INTO ${table} VALUES (1, 0, 0)`.execute(trx);
    },
    async apply(trx, events, context) {
      const sum = events.reduce(
        (total, event) => total + BigInt((event.data as { amount: string }).amount),
        0n,
      );
      await sql`UPDATE ${sql.table(context.table(options.name))}
        SET events = events + ${events.length}, amount_sum = amount_sum + ${sum.toString()}::numeric`.execute(
        trx,
      );
      await options.onApply?.(events, context);
    },
  };
  if (options.filter) projection.filter = options.filter;
  return projection;
}

/** Reads a totals table (a view name, or a physical versioned table). */
export async function readTotals<DB>(
  db: Kysely<DB>,
  table: string,
): Promise<{ events: number; sum: bigint }> {
  const { rows } =
    await sql<TotalsRow>`SELECT events::text, amount_sum::text FROM ${sql.table(table)}`.execute(
      db,
    );
  const row = rows[0];
  return { events: Number(row?.events ?? 0), sum: BigInt(row?.amount_sum ?? 0) };
}

/** Polls `check` until it holds or `timeoutMs` passes; a throwing check counts as not yet. */
export async function eventually(
  check: () => Promise<boolean>,
  timeoutMs = 20_000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // A check may fail while the thing it looks at does not exist yet (a table not yet created).
    if (await check().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A logger that keeps every line, parsed, for assertions on what was reported. */
export function capturingLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  return { logger: createLogger({}, (_level, line) => lines.push(JSON.parse(line))), lines };
}

/** Starts a runner in the background; `stop()` aborts it and waits for it to end. */
export function startRunner(runner: { run(signal: AbortSignal): Promise<void> }): {
  stop(): Promise<void>;
  done: Promise<void>;
} {
  const controller = new AbortController();
  const done = runner.run(controller.signal);
  return {
    done,
    async stop() {
      controller.abort();
      await done;
    },
  };
}

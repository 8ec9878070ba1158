import { setTimeout as delay } from 'node:timers/promises';
import type { GlobalPosition } from '@ledger/event-store';
import type { Kysely } from 'kysely';
import { projectionTables } from './checkpoint-store.ts';

/**
 * Read-your-writes for the query API (`?after=<position>`): waits, bounded, until every named
 * projection's live version has a checkpoint at or past `position`. Returns whether it got there;
 * false after `timeoutMs` (the API then answers with what it has, or 503, its choice).
 */
export type CheckpointAwaiter = {
  waitForPosition(
    projections: string | readonly string[],
    position: GlobalPosition,
    timeoutMs: number,
  ): Promise<boolean>;
  close(): void;
};

type Waiter = {
  names: readonly string[];
  position: GlobalPosition;
  resolve: (reached: boolean) => void;
  timer: NodeJS.Timeout;
};

/**
 * One awaiter per process: however many requests wait, one query per poll interval reads every
 * checkpoint they wait on, and only while someone waits.
 */
export function createCheckpointAwaiter<DB>(
  db: Kysely<DB>,
  options: { pollIntervalMs?: number } = {},
): CheckpointAwaiter {
  const pollIntervalMs = options.pollIntervalMs ?? 10;
  const waiters = new Set<Waiter>();
  let polling = false;
  let closed = false;

  const settle = (waiter: Waiter, reached: boolean) => {
    if (!waiters.delete(waiter)) return;
    clearTimeout(waiter.timer);
    waiter.resolve(reached);
  };

  const poll = async () => {
    polling = true;
    try {
      while (waiters.size > 0 && !closed) {
        const names = [...new Set([...waiters].flatMap((waiter) => waiter.names))];
        const positions = await livePositions(db, names).catch(() => new Map<string, string>());
        for (const waiter of [...waiters]) {
          if (reached(waiter.names, waiter.position, positions)) settle(waiter, true);
        }
        if (waiters.size > 0) await delay(pollIntervalMs);
      }
    } finally {
      polling = false;
    }
  };

  return {
    waitForPosition(projections, position, timeoutMs) {
      assertTimeout(timeoutMs);
      const names = typeof projections === 'string' ? [projections] : [...projections];
      if (closed || names.length === 0) return Promise.resolve(names.length === 0);
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          names,
          position,
          resolve,
          timer: setTimeout(() => settle(waiter, false), timeoutMs),
        };
        waiters.add(waiter);
        if (!polling) void poll();
      });
    },
    close() {
      closed = true;
      for (const waiter of [...waiters]) settle(waiter, false);
    },
  };
}

/** A single wait, polling on its own (scripts, tests, low-traffic callers). */
export async function waitForPosition<DB>(
  db: Kysely<DB>,
  input: {
    projections: string | readonly string[];
    position: GlobalPosition;
    timeoutMs: number;
    pollIntervalMs?: number;
  },
): Promise<boolean> {
  assertTimeout(input.timeoutMs);
  const names =
    typeof input.projections === 'string' ? [input.projections] : [...input.projections];
  const deadline = performance.now() + input.timeoutMs;
  for (;;) {
    if (reached(names, input.position, await livePositions(db, names))) return true;
    const remaining = deadline - performance.now();
    if (remaining <= 0) return false;
    await delay(Math.min(input.pollIntervalMs ?? 10, remaining));
  }
}

async function livePositions<DB>(
  db: Kysely<DB>,
  names: readonly string[],
): Promise<Map<string, string>> {
  const rows = await projectionTables(db)
    .selectFrom('projection_registry as r')
    .innerJoin('projection_checkpoints as c', (join) =>
      join.onRef('c.projection', '=', 'r.projection').onRef('c.version', '=', 'r.version'),
    )
    .select(['r.projection', 'c.position'])
    .where('r.status', '=', 'live')
    .where('r.projection', 'in', [...names])
    .execute();
  const positions = new Map<string, string>();
  for (const row of rows) if (row.position !== null) positions.set(row.projection, row.position);
  return positions;
}

/** Both position encodings are ASCII digits and ':', so JavaScript's string order is byte order. */
function reached(
  names: readonly string[],
  target: GlobalPosition,
  positions: Map<string, string>,
): boolean {
  return names.every((name) => {
    const position = positions.get(name);
    return position !== undefined && position >= target;
  });
}

function assertTimeout(timeoutMs: number): void {
  if (!Number.isFinite(timeoutMs) || timeoutMs < 0)
    throw new RangeError('timeoutMs must be a finite number ≥ 0');
}

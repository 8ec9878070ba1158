import {
  type EventFilter,
  type EventStore,
  type GlobalPosition,
  matchesFilter,
  type RecordedEvent,
} from '@ledger/event-store';
import { type Kysely, sql } from 'kysely';
import { CheckpointConflictError, CheckpointRegressionError } from './errors.ts';
import type { ProjectionKey } from './projection.ts';

/** A page for one runner at the head of the log. */
export type HeadPage = {
  /** The events after the runner's position that its filter takes, in log order. */
  events: RecordedEvent[];
  /** Last position examined (an event, or one the filter dropped); undefined: nothing new. */
  lastSeen: GlobalPosition | undefined;
  /** The read stopped at its page size, not at the head: more may follow at once. */
  full: boolean;
};

/**
 * What the runners of one process share while they follow the head of the log. Every runner is
 * woken by the same hint, so each used to read the log on its own and, when its filter dropped
 * every new event, commit a checkpoint of its own: nine reads and four checkpoint statements per
 * ledger append with eight projections (docs/performance.md, "Projector"). Here the requests made
 * in one turn of the event loop become ONE unfiltered read, filtered in memory for each runner
 * (the same prefixes the store's filtered read applies), and the checkpoints that only moved past
 * filtered-out events become ONE compare-and-set statement. Nothing else changes: each runner
 * still applies its events in its own transaction with its own compare-and-set, and each
 * checkpoint still moves as soon as its events were examined (so a read-your-writes wait is
 * never held back by a lazy checkpoint).
 */
export type RunnerGroup = {
  /** The page after `after`, taken from the read shared by this turn's requests. */
  readHead(
    after: GlobalPosition | undefined,
    maxCount: number,
    filter: EventFilter | undefined,
  ): Promise<HeadPage>;
  /**
   * Compare-and-set of a checkpoint over filtered-out events only (no read-model change comes
   * with it), in one statement with the others of this turn. Throws CheckpointConflictError when
   * this checkpoint is not at `expected`; the others are unaffected.
   */
  advancePast(
    key: ProjectionKey,
    expected: GlobalPosition | undefined,
    next: GlobalPosition,
  ): Promise<void>;
};

type ReadRequest = {
  after: GlobalPosition | undefined;
  maxCount: number;
  filter: EventFilter | undefined;
  resolve: (page: HeadPage) => void;
  reject: (error: unknown) => void;
};

type Advance = {
  key: ProjectionKey;
  expected: GlobalPosition | undefined;
  next: GlobalPosition;
  resolve: () => void;
  reject: (error: unknown) => void;
};

export type RunnerGroupStats = {
  /** Runner requests for a head page, and the reads of the log that served them. */
  headRequests: number;
  headReads: number;
  /** Checkpoints moved past filtered-out events, and the statements that moved them. */
  advances: number;
  advanceStatements: number;
};

export function createRunnerGroup<DB>(
  db: Kysely<DB>,
  eventStore: EventStore,
): RunnerGroup & { stats: RunnerGroupStats } {
  const stats: RunnerGroupStats = {
    headRequests: 0,
    headReads: 0,
    advances: 0,
    advanceStatements: 0,
  };
  let reads: ReadRequest[] = [];
  let advances: Advance[] = [];

  const readHead: RunnerGroup['readHead'] = (after, maxCount, filter) =>
    new Promise<HeadPage>((resolve, reject) => {
      stats.headRequests += 1;
      enqueueRead({ after, maxCount, filter, resolve, reject });
    });

  function enqueueRead(request: ReadRequest): void {
    reads.push(request);
    // Runners woken by one hint (or one aligned poll) ask in the same turn: one read for them all.
    if (reads.length === 1) setImmediate(() => void dispatchReads());
  }

  async function dispatchReads(): Promise<void> {
    const requests = reads;
    reads = [];
    const after = earliest(requests.map((request) => request.after));
    const maxCount = Math.max(...requests.map((request) => request.maxCount));
    stats.headReads += 1;
    let events: RecordedEvent[];
    try {
      ({ events } = await eventStore.readAll({ after, maxCount }));
    } catch (error) {
      for (const request of requests) request.reject(error);
      return;
    }
    // A short unfiltered page reached the visibility horizon: nothing more is there to see yet.
    const full = events.length >= maxCount;
    const last = events.at(-1)?.position;
    for (const request of requests) {
      if (full && request.after !== undefined && (last === undefined || last <= request.after)) {
        // A full page that ends before this runner's position says nothing about what follows it.
        enqueueRead(request);
        continue;
      }
      request.resolve(pageFor(events, full, request));
    }
  }

  const advancePast: RunnerGroup['advancePast'] = (key, expected, next) => {
    if (expected !== undefined && next < expected)
      return Promise.reject(new CheckpointRegressionError(expected, next));
    return new Promise<void>((resolve, reject) => {
      stats.advances += 1;
      advances.push({ key, expected, next, resolve, reject });
      if (advances.length === 1) setImmediate(() => void dispatchAdvances());
    });
  };

  async function dispatchAdvances(): Promise<void> {
    // One row per checkpoint in a statement (a second advance of the same one waits a turn).
    const keys = new Set<string>();
    const batch: Advance[] = [];
    const later: Advance[] = [];
    for (const advance of advances) {
      const key = keyText(advance.key);
      (keys.has(key) ? later : batch).push(advance);
      keys.add(key);
    }
    advances = later;
    if (later.length > 0) setImmediate(() => void dispatchAdvances());
    stats.advanceStatements += 1;
    let moved: Set<string>;
    try {
      moved = await advanceAll(db, batch);
    } catch (error) {
      for (const advance of batch) advance.reject(error);
      return;
    }
    for (const advance of batch) {
      if (moved.has(keyText(advance.key))) advance.resolve();
      else
        advance.reject(
          new CheckpointConflictError(
            advance.key.projection,
            advance.key.version,
            advance.expected,
          ),
        );
    }
  }

  return { readHead, advancePast, stats };
}

/** The part of a shared page that one runner asked for, filtered as the store would filter it. */
function pageFor(events: readonly RecordedEvent[], full: boolean, request: ReadRequest): HeadPage {
  let start = 0;
  if (request.after !== undefined) {
    const after = request.after;
    while (start < events.length && (events[start]?.position as GlobalPosition) <= after)
      start += 1;
  }
  const seen = events.slice(start);
  const taken = seen.filter((event) => matchesFilter(event, request.filter));
  if (taken.length >= request.maxCount) {
    const page = taken.slice(0, request.maxCount);
    return { events: page, lastSeen: page.at(-1)?.position, full: true };
  }
  return { events: taken, lastSeen: seen.at(-1)?.position, full };
}

/** undefined (the start of the log) sorts first; positions compare as byte strings. */
function earliest(positions: readonly (GlobalPosition | undefined)[]): GlobalPosition | undefined {
  let first = positions[0];
  for (const position of positions) {
    if (position === undefined) return undefined;
    if (first !== undefined && position < first) first = position;
  }
  return first;
}

function keyText(key: ProjectionKey): string {
  return `${key.version}:${key.projection}`;
}

/**
 * One compare-and-set per checkpoint, all in one statement. Committed without waiting for the WAL
 * flush: no read-model change rides on it, so a crash that loses it only makes the runner examine
 * the same filtered-out events again.
 */
async function advanceAll<DB>(db: Kysely<DB>, batch: readonly Advance[]): Promise<Set<string>> {
  const { rows } = await sql<{ projection: string; version: number }>`
    UPDATE projection_checkpoints AS c SET position = v.next, updated_at = now()
      FROM unnest(${batch.map((a) => a.key.projection)}::text[],
                  ${batch.map((a) => a.key.version)}::integer[],
                  ${batch.map((a) => a.expected ?? null)}::text[],
                  ${batch.map((a) => a.next)}::text[]) AS v(projection, version, expected, next)
     WHERE c.projection = v.projection AND c.version = v.version
       AND c.position IS NOT DISTINCT FROM v.expected
    RETURNING c.projection, c.version, set_config('synchronous_commit', 'off', true) AS sync`.execute(
    db,
  );
  return new Set(rows.map((row) => keyText(row)));
}

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
  /** Events those reads returned (each event of the log once, unless a read had to go back). */
  headEvents: number;
  /** Checkpoints moved past filtered-out events, and the statements that moved them. */
  advances: number;
  advanceStatements: number;
};

export type RunnerGroupOptions = {
  /**
   * How long a read of the head waits after the first request that needs it, so that what is
   * appended meanwhile is read, and applied, together (default 0: only the requests made in the
   * same turn of the event loop share a read). At thousands of ledger appends a second, every
   * append's hint made a read of a few dozen events and the balances runner then committed
   * batches of ~90 transfers; 5 ms halved the reads and made the batches ~40 % larger, for up to
   * 5 ms more lag per read (docs/adr/0007). A read that follows a full
   * page (catching up) never waits.
   */
  headReadDelayMs?: number;
};

export function createRunnerGroup<DB>(
  db: Kysely<DB>,
  eventStore: EventStore,
  options: RunnerGroupOptions = {},
): RunnerGroup & { stats: RunnerGroupStats } {
  const headReadDelayMs = options.headReadDelayMs ?? 0;
  const stats: RunnerGroupStats = {
    headRequests: 0,
    headReads: 0,
    headEvents: 0,
    advances: 0,
    advanceStatements: 0,
  };
  let reads: ReadRequest[] = [];
  let advances: Advance[] = [];
  /**
   * The log as this group's last reads returned it. A runner whose batch was still committing
   * when the others read the next events asked for them again from its own position (at 256 HTTP
   * clients about two reads of every event: each event's jsonb written out as text by Postgres and
   * parsed by Node twice); a position inside this window is now served from memory, and the log
   * is read only after it.
   */
  let window: LogWindow | undefined;

  const readHead: RunnerGroup['readHead'] = (after, maxCount, filter) =>
    new Promise<HeadPage>((resolve, reject) => {
      stats.headRequests += 1;
      enqueueRead({ after, maxCount, filter, resolve, reject });
    });

  /** A read of the log is in flight: requests wait for it, then read on from the window. */
  let reading = false;

  function enqueueRead(request: ReadRequest): void {
    reads.push(request);
    // Runners woken by one hint (or one aligned poll) ask in the same turn: one read for them all.
    if (reads.length === 1 && !reading) scheduleRead();
  }

  /** Whether the last read stopped at its page size: more is there at once, so no waiting. */
  let lastReadFull = false;

  function scheduleRead(): void {
    if (headReadDelayMs > 0 && !lastReadFull)
      setTimeout(() => void dispatchReads(), headReadDelayMs);
    else setImmediate(() => void dispatchReads());
  }

  async function dispatchReads(): Promise<void> {
    reading = true;
    try {
      await readForRequests();
    } finally {
      reading = false;
      // Asked while the read was out: most of it is in the window now, read on after it.
      if (reads.length > 0) scheduleRead();
    }
  }

  async function readForRequests(): Promise<void> {
    const requests = reads;
    reads = [];
    // Positions the window holds read on from its end: what follows them is in memory up to there.
    const after = earliest(
      requests.map((request) =>
        window !== undefined && windowHolds(window, request.after) ? window.to : request.after,
      ),
    );
    const maxCount = Math.max(...requests.map((request) => request.maxCount));
    stats.headReads += 1;
    let events: RecordedEvent[];
    try {
      ({ events } = await eventStore.readAll({ after, maxCount }));
    } catch (error) {
      for (const request of requests) request.reject(error);
      return;
    }
    stats.headEvents += events.length;
    window = extendWindow(window, after, events);
    // A short unfiltered page reached the visibility horizon: nothing more is there to see yet.
    const full = events.length >= maxCount;
    lastReadFull = full;
    for (const request of requests) {
      if (window !== undefined && windowHolds(window, request.after)) {
        request.resolve(pageFor(window, full, request));
      } else if (full) {
        // A full page that ends before this runner's position says nothing about what follows it.
        enqueueRead(request);
      } else {
        // Past everything the log holds below its visibility horizon: nothing new yet.
        request.resolve({ events: [], lastSeen: undefined, full: false });
      }
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

/**
 * Every event of the log after `from` (undefined: its start) up to `to`, in log order, as the
 * group's reads returned them. Final: those reads only see transactions below the visibility
 * horizon, and every transaction still to commit has a higher id, so nothing can ever appear in
 * between; serving a position inside it from memory gives what a read would.
 */
type LogWindow = { from: GlobalPosition | undefined; to: GlobalPosition; events: RecordedEvent[] };

/** Events kept in the window (a runner further behind than this reads the log again). */
const windowEventsMax = 2_000;

function windowHolds(window: LogWindow, position: GlobalPosition | undefined): boolean {
  if (position === undefined) return window.from === undefined;
  return (window.from === undefined || position >= window.from) && position <= window.to;
}

/** The window after a read of every event after `after`: extended, replaced, or kept. */
function extendWindow(
  window: LogWindow | undefined,
  after: GlobalPosition | undefined,
  events: RecordedEvent[],
): LogWindow | undefined {
  const last = events.at(-1)?.position;
  // Nothing read: what the window holds still stands.
  if (last === undefined) return window;
  let next: LogWindow;
  if (window !== undefined && after === window.to) {
    window.events.push(...events);
    window.to = last;
    next = window;
  } else {
    next = { from: after, to: last, events: [...events] };
  }
  const excess = next.events.length - windowEventsMax;
  if (excess > 0) {
    next.from = next.events[excess - 1]?.position;
    next.events.splice(0, excess);
  }
  return next;
}

/** The part of the window one runner asked for, filtered as the store would filter it. */
function pageFor(window: LogWindow, full: boolean, request: ReadRequest): HeadPage {
  const events = window.events;
  const start = request.after === undefined ? 0 : firstAfter(events, request.after);
  const seen = events.slice(start);
  const taken = seen.filter((event) => matchesFilter(event, request.filter));
  if (taken.length >= request.maxCount) {
    const page = taken.slice(0, request.maxCount);
    return { events: page, lastSeen: page.at(-1)?.position, full: true };
  }
  return { events: taken, lastSeen: seen.at(-1)?.position, full };
}

/** The index of the first event after `position` (positions compare as byte strings). */
function firstAfter(events: readonly RecordedEvent[], position: GlobalPosition): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((events[middle]?.position as GlobalPosition) <= position) low = middle + 1;
    else high = middle;
  }
  return low;
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

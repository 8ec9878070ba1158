import type { EventStore, GlobalPosition, ReadAllResult, RecordedEvent } from '@ledger/event-store';
import type { Kysely } from 'kysely';
import { advanceCheckpoint, readCheckpoint } from './checkpoint-store.ts';
import { ApplyError, CheckpointRegressionError } from './errors.ts';
import type { BatchOutcome } from './project-batch.ts';
import { keyOf, type Projection, type ProjectionKey, projectionContext } from './projection.ts';
import { createRunnerGroup, type HeadPage, type RunnerGroup } from './runner-group.ts';

/** Batches between two reads of the stored checkpoint and status while catching up. */
const rereadEvery = 100;
/** At most this long between two reads of the stored checkpoint and status, also when idle. */
const rereadMs = 1_000;

type Prefetch = { after: GlobalPosition; maxCount: number; page: Promise<ReadAllResult> };

/**
 * The §5.1 algorithm as the leader runs it, with savings that leave its guarantees intact: the
 * checkpoint it committed itself is remembered instead of read back before every batch, also
 * while idle (the compare-and-set still refuses it if anyone else moved it; the stored checkpoint
 * and status are read again every 100 batches or every second, which is how a retired version
 * learns it must stop); while catching up, the next page is read while the current batch commits;
 * at the head, its reads and its moves past filtered-out events go through the process's runner
 * group (one read and one statement for every runner that asks in the same turn). Any failure
 * forgets the remembered checkpoint and the page read ahead, so the next batch starts from what
 * is stored.
 */
export class BatchPipeline<DB> {
  #db: Kysely<DB>;
  #eventStore: EventStore;
  #projection: Projection<DB>;
  #key: ProjectionKey;
  #known: { position: GlobalPosition | undefined } | undefined;
  #sinceReread = 0;
  #rereadAt = 0;
  #prefetch: Prefetch | undefined;
  #group: RunnerGroup;
  /** The last page reached the head: the next one is asked of the runner group. */
  #atHead = false;

  #durable: boolean;

  /**
   * `durable: false` commits with synchronous_commit off: a server crash may lose the last few
   * hundred milliseconds of read-model commits, each together with its checkpoint (one WAL record
   * stream), and they are projected again. Consistency is never at stake, only a re-apply.
   */
  constructor(
    db: Kysely<DB>,
    eventStore: EventStore,
    projection: Projection<DB>,
    options: { durable?: boolean; group?: RunnerGroup } = {},
  ) {
    this.#durable = options.durable ?? true;
    this.#group = options.group ?? createRunnerGroup(db, eventStore);
    this.#db = db;
    this.#eventStore = eventStore;
    this.#projection = projection;
    this.#key = keyOf(projection);
  }

  /** What the projection keeps between batches (ProjectionContext.memory). */
  #memory = new Map<string, unknown>();

  /** Forget the remembered checkpoint, any page read ahead and the projection's memory. */
  reset(): void {
    this.#memory.clear();
    this.#known = undefined;
    this.#atHead = false;
    this.#dropPrefetch();
  }

  async next(
    maxCount: number,
    onBatch: (events: readonly RecordedEvent[], from: GlobalPosition | undefined) => void,
  ): Promise<BatchOutcome> {
    try {
      return await this.#next(maxCount, onBatch);
    } catch (error) {
      this.reset();
      throw error;
    }
  }

  async #next(
    maxCount: number,
    onBatch: (events: readonly RecordedEvent[], from: GlobalPosition | undefined) => void,
  ): Promise<BatchOutcome> {
    const known = this.#known;
    let from = known?.position;
    let page: HeadPage | undefined;
    if (
      known === undefined ||
      this.#sinceReread >= rereadEvery ||
      performance.now() - this.#rereadAt >= rereadMs
    ) {
      // At the head, the page is asked in the same turn as the other runners' (one shared read),
      // and kept only if the stored checkpoint is the one it was read from.
      const headPage =
        known !== undefined && this.#atHead ? this.#readHead(known.position, maxCount) : undefined;
      headPage?.catch(() => {});
      const stored = await readCheckpoint(this.#db, this.#key);
      if (stored.status === 'retired') return { kind: 'retired' };
      from = stored.position;
      this.#known = { position: from };
      this.#sinceReread = 0;
      this.#rereadAt = performance.now();
      if (headPage !== undefined && from === known?.position) page = await headPage;
    }
    const atHead = this.#atHead;
    page ??= atHead
      ? await this.#readHead(from, maxCount)
      : headPageOf(await this.#read(from, maxCount), maxCount);
    const next = page.lastSeen ?? page.events.at(-1)?.position;
    if (next === undefined) {
      // Idle from here on; the checkpoint stays remembered (re-read on the cadence above).
      this.#atHead = true;
      return { kind: 'caughtUp', position: from };
    }
    if (from !== undefined && next <= from) throw new CheckpointRegressionError(from, next);
    onBatch(page.events, from);
    if (page.full) {
      // Read ahead only while catching up: a full page, or one that moved past events the filter
      // dropped (a long filtered stretch). A short page means the head is here, and the page
      // after it would come back empty: at the head, with several runners sharing the store's
      // pool, those empty reads queued in front of the useful ones (docs/performance.md,
      // "Projector").
      this.#atHead = false;
      this.#prefetch = {
        after: next,
        maxCount,
        page: this.#eventStore.readAll(this.#readOptions(next, maxCount)),
      };
      // A prefetch that is never used must not surface as an unhandled rejection.
      this.#prefetch.page.catch(() => {});
    } else {
      this.#atHead = true;
    }
    await this.#commit(from, next, page.events);
    this.#known = { position: next };
    this.#sinceReread += 1;
    return {
      kind: 'advanced',
      from,
      position: next,
      events: page.events.length,
      atHead: !page.full,
    };
  }

  async #commit(
    from: GlobalPosition | undefined,
    next: GlobalPosition,
    events: RecordedEvent[],
  ): Promise<void> {
    if (events.length === 0) {
      // Only filtered-out events: no read-model change, so the move shares one statement with
      // the other runners' moves of this turn.
      await this.#group.advancePast(this.#key, from, next);
      return;
    }
    const committed: (() => void)[] = [];
    const context = {
      ...projectionContext(this.#projection),
      memory: this.#memory,
      afterCommit: (action: () => void) => void committed.push(action),
    };
    await this.#db.transaction().execute(async (trx) => {
      try {
        await this.#projection.apply(trx, events, context);
      } catch (error) {
        throw new ApplyError(error);
      }
      await advanceCheckpoint(trx, this.#key, from, next, { synchronousCommit: this.#durable });
    });
    for (const action of committed) action();
  }

  #readHead(after: GlobalPosition | undefined, maxCount: number): Promise<HeadPage> {
    return this.#group.readHead(after, maxCount, this.#projection.filter);
  }

  #read(after: GlobalPosition | undefined, maxCount: number): Promise<ReadAllResult> {
    const prefetch = this.#prefetch;
    this.#prefetch = undefined;
    if (prefetch && prefetch.after === after && prefetch.maxCount === maxCount)
      return prefetch.page;
    return this.#eventStore.readAll(this.#readOptions(after, maxCount));
  }

  #readOptions(after: GlobalPosition | undefined, maxCount: number) {
    return { after, maxCount, filter: this.#projection.filter };
  }

  #dropPrefetch(): void {
    this.#prefetch = undefined;
  }
}

/**
 * A page read on its own (catching up). It may be followed at once by more when it is full, or
 * when it moved past events the filter dropped (a filtered read examines a bounded window).
 */
function headPageOf(page: ReadAllResult, maxCount: number): HeadPage {
  return {
    events: page.events,
    lastSeen: page.lastSeen ?? page.events.at(-1)?.position,
    full: page.events.length >= maxCount || page.lastSeen !== page.events.at(-1)?.position,
  };
}

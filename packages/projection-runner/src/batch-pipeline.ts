import type { EventStore, GlobalPosition, ReadAllResult, RecordedEvent } from '@ledger/event-store';
import type { Kysely } from 'kysely';
import { advanceCheckpoint, readCheckpoint } from './checkpoint-store.ts';
import { ApplyError, CheckpointRegressionError } from './errors.ts';
import type { BatchOutcome } from './project-batch.ts';
import { keyOf, type Projection, type ProjectionKey, projectionContext } from './projection.ts';

/** Batches between two reads of the stored checkpoint and status while catching up. */
const rereadEvery = 100;

type Prefetch = { after: GlobalPosition; maxCount: number; page: Promise<ReadAllResult> };

/**
 * The §5.1 algorithm as the leader runs it, with two savings that leave its guarantees intact:
 * the checkpoint it committed itself is remembered instead of read back before every batch (the
 * compare-and-set still refuses it if anyone else moved it), and the next page is read while the
 * current batch commits. Any failure forgets both, so the next batch starts from what is stored.
 */
export class BatchPipeline<DB> {
  #db: Kysely<DB>;
  #eventStore: EventStore;
  #projection: Projection<DB>;
  #key: ProjectionKey;
  #known: { position: GlobalPosition | undefined } | undefined;
  #sinceReread = 0;
  #prefetch: Prefetch | undefined;

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
    options: { durable?: boolean } = {},
  ) {
    this.#durable = options.durable ?? true;
    this.#db = db;
    this.#eventStore = eventStore;
    this.#projection = projection;
    this.#key = keyOf(projection);
  }

  /** Forget the remembered checkpoint and any page read ahead. */
  reset(): void {
    this.#known = undefined;
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
    let from = this.#known?.position;
    if (this.#known === undefined || this.#sinceReread >= rereadEvery) {
      const stored = await readCheckpoint(this.#db, this.#key);
      if (stored.status === 'retired') return { kind: 'retired' };
      from = stored.position;
      this.#sinceReread = 0;
    }
    const page = await this.#read(from, maxCount);
    const next = page.lastSeen ?? page.events.at(-1)?.position;
    if (next === undefined) {
      // Idle from here on: the next poll reads the stored checkpoint and status again.
      this.#known = undefined;
      return { kind: 'caughtUp', position: from };
    }
    if (from !== undefined && next <= from) throw new CheckpointRegressionError(from, next);
    onBatch(page.events, from);
    // Read ahead only while catching up: a full page, or one that moved past events the filter
    // dropped (a long filtered stretch). A short page means the head is here, and the page after
    // it would come back empty: at the head, with several runners sharing the store's pool, those
    // empty reads queued in front of the useful ones (docs/performance.md, "Projector").
    if (page.events.length >= maxCount || page.lastSeen !== page.events.at(-1)?.position) {
      this.#prefetch = {
        after: next,
        maxCount,
        page: this.#eventStore.readAll(this.#readOptions(next, maxCount)),
      };
      // A prefetch that is never used must not surface as an unhandled rejection.
      this.#prefetch.page.catch(() => {});
    }
    await this.#commit(from, next, page.events);
    this.#known = { position: next };
    this.#sinceReread += 1;
    return { kind: 'advanced', from, position: next, events: page.events.length };
  }

  async #commit(
    from: GlobalPosition | undefined,
    next: GlobalPosition,
    events: RecordedEvent[],
  ): Promise<void> {
    if (events.length === 0) {
      await advanceCheckpoint(this.#db, this.#key, from, next);
      return;
    }
    const context = projectionContext(this.#projection);
    await this.#db.transaction().execute(async (trx) => {
      try {
        await this.#projection.apply(trx, events, context);
      } catch (error) {
        throw new ApplyError(error);
      }
      await advanceCheckpoint(trx, this.#key, from, next, { synchronousCommit: this.#durable });
    });
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

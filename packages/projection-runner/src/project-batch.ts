import type { EventStore, GlobalPosition, RecordedEvent } from '@ledger/event-store';
import type { Kysely } from 'kysely';
import { advanceCheckpoint, readCheckpoint } from './checkpoint-store.ts';
import { ApplyError, CheckpointRegressionError } from './errors.ts';
import { keyOf, type Projection, projectionContext } from './projection.ts';

export type BatchOutcome =
  /** The checkpoint moved to `position`; `events` were applied (0 when the filter took them all). */
  | {
      kind: 'advanced';
      from: GlobalPosition | undefined;
      position: GlobalPosition;
      events: number;
      /** The page reached the head of the log: reading again at once would find nothing new. */
      atHead?: boolean;
    }
  /** Nothing after the checkpoint. */
  | { kind: 'caughtUp'; position: GlobalPosition | undefined }
  /** A newer version was swapped in: this one must stop. */
  | { kind: 'retired' };

export type ProjectBatchInput<DB> = {
  db: Kysely<DB>;
  eventStore: EventStore;
  projection: Projection<DB>;
  /** Events read per batch; keep ≤ 500: the transaction's xid delays every subscriber (guide §4.3). */
  maxCount: number;
  /** Called with the batch about to be applied (the runner uses it to name a poison event). */
  onBatch?: (events: readonly RecordedEvent[], from: GlobalPosition | undefined) => void;
};

/**
 * One iteration of the exactly-once algorithm (guide §5.1): read the checkpoint and a batch
 * outside any write transaction, then in ONE transaction apply the batch and compare-and-set the
 * checkpoint; a moved checkpoint throws CheckpointConflictError and rolls both back. Errors thrown
 * by `apply` arrive wrapped in ApplyError; everything else is I/O.
 */
export async function projectBatch<DB>(input: ProjectBatchInput<DB>): Promise<BatchOutcome> {
  const { db, eventStore, projection, maxCount } = input;
  const key = keyOf(projection);
  const checkpoint = await readCheckpoint(db, key);
  if (checkpoint.status === 'retired') return { kind: 'retired' };
  const from = checkpoint.position;
  const page = await eventStore.readAll({ after: from, maxCount, filter: projection.filter });
  const next = page.lastSeen ?? page.events.at(-1)?.position;
  if (next === undefined) return { kind: 'caughtUp', position: from };
  if (from !== undefined && next <= from) throw new CheckpointRegressionError(from, next);
  input.onBatch?.(page.events, from);

  if (page.events.length === 0) {
    // Only filtered-out events: move past them without a transaction of our own.
    await advanceCheckpoint(db, key, from, next);
  } else {
    const context = projectionContext(projection);
    await db.transaction().execute(async (trx) => {
      try {
        await projection.apply(trx, page.events, context);
      } catch (error) {
        throw new ApplyError(error);
      }
      await advanceCheckpoint(trx, key, from, next);
    });
  }
  return { kind: 'advanced', from, position: next, events: page.events.length };
}

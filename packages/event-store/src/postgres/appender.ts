import type pg from 'pg';
import { DuplicateEventIdError, EventStoreClosedError } from '../errors.ts';
import type { AppendResult, ExpectedRevision, NewEvent } from '../port.ts';
import {
  type AppendOutcome,
  appendBatch,
  findUsedEventId,
  isEventIdConflict,
} from './append-batch.ts';
import { createGroupCommit, type GroupCommitOptions } from './group-commit.ts';
import { type PreparedAppend, prepareAppend } from './prepare-append.ts';

type Pending = {
  prepared: PreparedAppend;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
  detach(): void;
};

export type Appender = {
  append(
    stream: string,
    events: readonly NewEvent[],
    options: { expected: ExpectedRevision; signal?: AbortSignal },
  ): Promise<AppendResult>;
  /** Refuses new appends and waits for the queued ones to commit. */
  close(): Promise<void>;
};

export type AppenderContext = {
  pool: pg.Pool;
  /** Runs before each flush; throwing fails the flush's appends (the startup guard). */
  guard(): Promise<void>;
  /** After a flush committed at least one append (wake-ups). */
  onCommitted(): void;
  groupCommit: GroupCommitOptions;
};

/**
 * append() with group commit: callers' appends queue up and each flush sends everything queued as
 * one es_append_batch statement. A caller is answered only from its own result row, after the
 * statement (and so its transaction) committed.
 */
export function createAppender(context: AppenderContext): Appender {
  let closed = false;
  const queue = createGroupCommit<Pending>(
    (batch) => flush(context, batch),
    { weigh: (item) => item.prepared.events.length, key: (item) => item.prepared.stream },
    context.groupCommit,
  );
  return {
    async append(stream, events, options) {
      if (closed) throw new EventStoreClosedError();
      options.signal?.throwIfAborted();
      const prepared = prepareAppend(stream, events, options.expected);
      return new Promise<AppendResult>((resolve, reject) => {
        const item: Pending = { prepared, resolve, reject, detach: () => {} };
        const { signal } = options;
        if (signal) {
          // Only a queued append can be called off; once sent, its outcome is the database's.
          const onAbort = () => {
            if (queue.withdraw(item)) reject(signal.reason);
          };
          signal.addEventListener('abort', onAbort, { once: true });
          item.detach = () => signal.removeEventListener('abort', onAbort);
        }
        queue.enqueue(item);
      });
    },
    async close() {
      closed = true;
      await queue.drain();
    },
  };
}

/**
 * One shared statement for the batch. If it fails as a whole (nothing committed, or the outcome
 * is unknown because the connection dropped), each append is retried alone: one caller's bad
 * append cannot fail the others, and an append that did commit is found by the idempotency probe.
 */
async function flush(context: AppenderContext, batch: Pending[]): Promise<void> {
  for (const item of batch) item.detach();
  try {
    await context.guard();
  } catch (error) {
    for (const item of batch) item.reject(error);
    return;
  }
  let committed: boolean[];
  try {
    const outcomes = await appendBatch(
      context.pool,
      batch.map((item) => item.prepared),
    );
    committed = batch.map((item, index) => settle(item, outcomes[index]));
  } catch (error) {
    const [only] = batch;
    committed =
      batch.length === 1 && only
        ? [
            isEventIdConflict(error)
              ? await appendAlone(context.pool, only, 0)
              : rejectWith(only, error),
          ]
        : await Promise.all(batch.map((item) => appendAlone(context.pool, item, 1)));
  }
  if (committed.includes(true)) context.onCommitted();
}

// The guide's rule for 23505 on event_id: a concurrent append of the same ids committed first;
// once more through the probe returns the stored result, or tells that the ids are used.
async function appendAlone(pool: pg.Pool, item: Pending, retries: number): Promise<boolean> {
  try {
    const [outcome] = await appendBatch(pool, [item.prepared]);
    return settle(item, outcome);
  } catch (error) {
    if (!isEventIdConflict(error)) return rejectWith(item, error);
    if (retries > 0) return appendAlone(pool, item, retries - 1);
    const used = await findUsedEventId(pool, item.prepared.ids).catch(() => item.prepared.ids[0]);
    return rejectWith(item, new DuplicateEventIdError(used as string));
  }
}

function settle(item: Pending, outcome: AppendOutcome | undefined): boolean {
  if (outcome?.ok) {
    item.resolve(outcome.result);
    return true;
  }
  item.reject(outcome?.error ?? new Error('es_append_batch returned no row for an append'));
  return false;
}

function rejectWith(item: Pending, error: unknown): false {
  item.reject(error);
  return false;
}

import { setTimeout as delay } from 'node:timers/promises';
import {
  CanonicalJsonError,
  DuplicateEventIdError,
  type EventStore,
  type ExpectedRevision,
  type GlobalPosition,
  InvalidArgumentError,
  type NewEvent,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '@ledger/event-store';
import type { Logger } from '@ledger/runtime';
import { readEventAt } from './ledger-loader.ts';

/** What a failed append turned out to be, learnt from the ledger's head (never guessed). */
export type AppendFate =
  /** It committed (a lost COMMIT that succeeded, or the identical retry). */
  | { kind: 'committed'; position: GlobalPosition | undefined }
  /** Another writer appended at that revision: ours did not commit and never will. */
  | { kind: 'overtaken' }
  /** The store refused the event ids as used: nothing committed; the writer's window was wrong. */
  | { kind: 'duplicate' }
  /** The store refused the events themselves (malformed): nothing committed. */
  | { kind: 'refused' }
  /** The store could not be reached before the deadline: it may or may not have committed. */
  | { kind: 'unknown'; error: unknown };

export type FailedAppend = {
  store: EventStore;
  stream: string;
  events: readonly NewEvent[];
  expected: ExpectedRevision;
  /** Revision before the batch (-1: no stream) and of its last event, and that event's id. */
  revisionBase: number;
  revisionLast: number;
  lastEventId: string;
};

/**
 * DESIGN.md §3, Durable answers: a failed append may have committed. Read the head: if the
 * batch's last event is there, it committed; if another event is at its revision, another writer
 * overtook it; if the head is still where the batch expected it, append the identical batch once
 * more. That retry is idempotent (same ids, same expected revision), and if the first attempt is
 * still running inside the database it waits on the stream row and then reports that attempt's
 * result, so the answer is never a guess.
 */
export async function learnAppendFate(
  failed: FailedAppend,
  options: { deadlineMs: number; logger: Logger; signal?: AbortSignal },
): Promise<AppendFate> {
  let waitMs = 25;
  let lastError: unknown;
  while (performance.now() < options.deadlineMs && !options.signal?.aborted) {
    try {
      const fate = await probeOnce(failed);
      if (fate !== 'retry') return fate;
    } catch (error) {
      lastError = error;
      options.logger.warn('cannot learn whether the ledger append committed; retrying', {
        error: String(error),
        waitMs,
      });
      await delay(waitMs);
      waitMs = Math.min(waitMs * 2, 1_000);
    }
  }
  return { kind: 'unknown', error: lastError ?? new Error('recovery deadline passed') };
}

async function probeOnce(failed: FailedAppend): Promise<AppendFate | 'retry'> {
  const { store, stream } = failed;
  const atLast = await readEventAt(store, stream, failed.revisionLast);
  if (atLast !== undefined) {
    if (atLast.id !== failed.lastEventId) return { kind: 'overtaken' };
    return { kind: 'committed', position: atLast.position ?? (await store.headPosition()) };
  }
  const head = await readHeadRevision(store, stream);
  if (head !== failed.revisionBase) return { kind: 'overtaken' };
  try {
    const result = await store.append(stream, failed.events, { expected: failed.expected });
    return { kind: 'committed', position: result.position };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return 'retry';
    if (error instanceof DuplicateEventIdError) return { kind: 'duplicate' };
    if (error instanceof InvalidArgumentError || error instanceof CanonicalJsonError) {
      return { kind: 'refused' };
    }
    throw error;
  }
}

/** Revision of the stream's last event; -1 when the stream does not exist. */
export async function readHeadRevision(store: EventStore, stream: string): Promise<number> {
  try {
    for await (const event of store.readStream(stream, { direction: 'backwards', maxCount: 1 })) {
      return Number(event.revision);
    }
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  return -1;
}

import { setTimeout as delay } from 'node:timers/promises';
import type { EventStore } from '@ledger/event-store';

export type AppendFault =
  /** The append never reaches the database, but the caller sees a lost connection. */
  | 'lostBeforeCommit'
  /** As lostBeforeCommit, and the database stays unreachable from then on (until healed). */
  | 'lostBeforeCommitThenUnreachable'
  /** The append commits, then the caller sees a lost connection (a lost COMMIT reply). */
  | 'lostAfterCommit'
  /** As lostAfterCommit, and the database stays unreachable from then on (until healed). */
  | 'lostAfterCommitThenUnreachable';

/** Thrown where a real driver would report a dropped connection. */
export class ConnectionLostError extends Error {
  constructor() {
    super('connection terminated unexpectedly');
    this.name = 'ConnectionLostError';
  }
}

/**
 * An event store whose appends fail on demand, and which can be made unreachable (every append
 * and read fails) until healed: the writer's append-failure handling under test.
 */
export function faultyStore(store: EventStore) {
  const planned: AppendFault[] = [];
  let unreachable = false;
  let appendDelayMs = 0;
  let appends = 0;
  const refuse = () => {
    if (unreachable) throw new ConnectionLostError();
  };
  const wrapped: EventStore = {
    async append(stream, events, options) {
      appends += 1;
      refuse();
      if (appendDelayMs > 0) await delay(appendDelayMs);
      const fault = planned.shift();
      if (fault === 'lostBeforeCommitThenUnreachable') unreachable = true;
      if (fault === 'lostBeforeCommit' || fault === 'lostBeforeCommitThenUnreachable') {
        throw new ConnectionLostError();
      }
      const result = await store.append(stream, events, options);
      if (fault === 'lostAfterCommitThenUnreachable') unreachable = true;
      if (fault === 'lostAfterCommit' || fault === 'lostAfterCommitThenUnreachable') {
        throw new ConnectionLostError();
      }
      return result;
    },
    readStream(stream, options) {
      refuse();
      return store.readStream(stream, options);
    },
    async readAll(options) {
      refuse();
      return store.readAll(options);
    },
    subscribeAll: (options) => store.subscribeAll(options),
    async headPosition() {
      refuse();
      return store.headPosition();
    },
    close: () => store.close(),
  };
  // Prepared appends go through the wrapped store (the writer's usual path).
  if (store.prepare !== undefined) wrapped.prepare = (events) => store.prepare?.(events) as never;
  return {
    store: wrapped,
    failNextAppend(fault: AppendFault) {
      planned.push(fault);
    },
    setUnreachable(value: boolean) {
      unreachable = value;
    },
    setAppendDelayMs(ms: number) {
      appendDelayMs = ms;
    },
    appends: () => appends,
  };
}

/**
 * A queue that hands everything waiting to one flush at a time (or a few): while a flush runs, new
 * items gather, and the next flush takes them all. Flushes start on the next turn of the event
 * loop (setImmediate), not on a timer: callers answered by one flush re-enqueue in the same turn
 * and share the next one, and a lone caller waits only for that turn. Items with the same key
 * (stream) never share a flush; the later one waits for the next.
 */
export type GroupCommitOptions = {
  /** Flushes running at once. */
  maxInFlight: number;
  /** Items per flush, at most. */
  maxItems: number;
  /** Sum of item weights (events) per flush, at most; a heavier single item goes alone. */
  maxWeight: number;
  /**
   * Waiting weight from which the queue is split across free flush slots. Below it everything
   * waiting goes into one flush: a flush has a fixed cost (about 0.5 ms of Postgres CPU here), so
   * halving a light batch costs more than running the halves side by side gains.
   */
  minSplitWeight: number;
};

export type GroupCommit<T> = {
  enqueue(item: T): void;
  /** Takes an item back if no flush has taken it yet. */
  withdraw(item: T): boolean;
  /** Resolves once nothing is queued or running. */
  drain(): Promise<void>;
};

export type GroupCommitItems<T> = {
  /** Events in the item: flushes are bounded by their sum. */
  weigh(item: T): number;
  /** Items with equal keys go to different flushes, in queue order. */
  key(item: T): string;
};

export function createGroupCommit<T>(
  flush: (batch: T[]) => Promise<void>,
  items: GroupCommitItems<T>,
  options: GroupCommitOptions,
): GroupCommit<T> {
  let pending: T[] = [];
  let inFlight = 0;
  let scheduled = false;
  let idle: (() => void)[] = [];

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(pump);
  }

  function pump(): void {
    scheduled = false;
    while (inFlight < options.maxInFlight && pending.length > 0) {
      // Spread a heavy queue over the free slots: each flush runs in its own backend, so two half
      // batches use two cores where one whole batch would use one.
      const waiting = pending.reduce((sum, item) => sum + items.weigh(item), 0);
      const slots = waiting >= options.minSplitWeight ? options.maxInFlight - inFlight : 1;
      const share = Math.ceil(pending.length / slots);
      const { batch, left } = takeBatch(
        pending,
        items,
        Math.min(share, options.maxItems),
        options.maxWeight,
      );
      pending = left;
      inFlight += 1;
      // flush settles its own items; a throw here is a bug, and must not stall the queue.
      void flush(batch)
        .catch(() => {})
        .finally(() => {
          inFlight -= 1;
          if (pending.length > 0) schedule();
          if (inFlight === 0 && pending.length === 0) {
            const waiting = idle;
            idle = [];
            for (const resolve of waiting) resolve();
          }
        });
    }
  }

  return {
    enqueue(item) {
      pending.push(item);
      schedule();
    },
    withdraw(item) {
      const index = pending.indexOf(item);
      if (index < 0) return false;
      pending.splice(index, 1);
      return true;
    },
    drain() {
      if (inFlight === 0 && pending.length === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}

/** Up to `limit` items (and `maxWeight`) for one flush, in queue order, one per key. */
function takeBatch<T>(
  pending: readonly T[],
  items: GroupCommitItems<T>,
  limit: number,
  maxWeight: number,
): { batch: T[]; left: T[] } {
  const batch: T[] = [];
  const left: T[] = [];
  const keys = new Set<string>();
  let weight = 0;
  for (const item of pending) {
    const key = items.key(item);
    const next = items.weigh(item);
    const full = batch.length >= limit || (batch.length > 0 && weight + next > maxWeight);
    if (full || keys.has(key)) {
      left.push(item);
      continue;
    }
    keys.add(key);
    weight += next;
    batch.push(item);
  }
  return { batch, left };
}

import type { LedgerState } from '@ledger/ledger';

type Due = { expiresAt: string; holdId: string };

/**
 * Committed holds that carry an expiresAt, as a min-heap by expiresAt (ISO instants in the same
 * format compare as text). Entries of holds that resolved meanwhile are dropped when met.
 */
export class HoldExpiryIndex {
  #heap: Due[] = [];

  get size(): number {
    return this.#heap.length;
  }

  static fromState(state: LedgerState): HoldExpiryIndex {
    const index = new HoldExpiryIndex();
    for (const hold of state.holdsOpen.values()) {
      if (hold.expiresAt !== null) index.add(hold.id, hold.expiresAt);
    }
    return index;
  }

  add(holdId: string, expiresAt: string): void {
    const heap = this.#heap;
    heap.push({ expiresAt, holdId });
    let child = heap.length - 1;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if ((heap[parent] as Due).expiresAt <= (heap[child] as Due).expiresAt) break;
      swap(heap, parent, child);
      child = parent;
    }
  }

  /** Holds still open whose expiresAt is at or before `now`, at most `countMax`; they stay indexed. */
  due(now: string, countMax: number, isOpen: (holdId: string) => boolean): string[] {
    const found: Due[] = [];
    while (found.length < countMax && this.#heap.length > 0) {
      const top = this.#heap[0] as Due;
      if (top.expiresAt > now) break;
      this.#pop();
      if (isOpen(top.holdId)) found.push(top);
    }
    for (const entry of found) this.add(entry.holdId, entry.expiresAt);
    return found.map((entry) => entry.holdId);
  }

  #pop(): void {
    const heap = this.#heap;
    const last = heap.pop() as Due;
    if (heap.length === 0) return;
    heap[0] = last;
    let parent = 0;
    for (;;) {
      const left = parent * 2 + 1;
      const right = left + 1;
      let smallest = parent;
      if (left < heap.length && (heap[left] as Due).expiresAt < (heap[smallest] as Due).expiresAt)
        smallest = left;
      if (right < heap.length && (heap[right] as Due).expiresAt < (heap[smallest] as Due).expiresAt)
        smallest = right;
      if (smallest === parent) return;
      swap(heap, parent, smallest);
      parent = smallest;
    }
  }
}

function swap(heap: Due[], a: number, b: number): void {
  const held = heap[a] as Due;
  heap[a] = heap[b] as Due;
  heap[b] = held;
}

/**
 * A FIFO of submissions waiting to be decided, with a way to put taken items back at the front
 * (a batch that was thrown away) and to wait until something arrives.
 */
export class SubmissionQueue<Item> {
  #items: Item[] = [];
  #head = 0;
  #waiting: { promise: Promise<void>; resolve: () => void } | undefined;

  get length(): number {
    return this.#items.length - this.#head;
  }

  push(item: Item): void {
    this.#items.push(item);
    this.#wake();
  }

  /** The item at the front, left in place. */
  peek(): Item | undefined {
    return this.#items[this.#head];
  }

  /** Up to `countMax` items from the front. */
  take(countMax: number): Item[] {
    const end = Math.min(this.#items.length, this.#head + countMax);
    const taken = this.#items.slice(this.#head, end);
    this.#head = end;
    if (this.#head === this.#items.length) {
      // Empty: let go of every item taken (each holds its submission and its caller's reply)
      // now, not at the next compaction.
      this.#items = [];
      this.#head = 0;
    } else if (this.#head > 4_096 && this.#head * 2 > this.#items.length) {
      // Compact once the consumed prefix dominates, so the array does not grow without bound.
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return taken;
  }

  /** Puts items back at the front, in their order. */
  unshift(items: readonly Item[]): void {
    if (items.length === 0) return;
    this.#items = [...items, ...this.#items.slice(this.#head)];
    this.#head = 0;
    this.#wake();
  }

  /** Empties the queue. */
  drain(): Item[] {
    return this.take(Number.MAX_SAFE_INTEGER);
  }

  /** Resolves when the queue has an item (at once if it has one now). */
  whenNotEmpty(): Promise<void> {
    if (this.length > 0) return Promise.resolve();
    if (this.#waiting === undefined) {
      let resolve: () => void = () => {};
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      this.#waiting = { promise, resolve };
    }
    return this.#waiting.promise;
  }

  #wake(): void {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.resolve();
  }
}

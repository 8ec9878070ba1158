import type { GlobalPosition } from '@ledger/event-store';
import type { LedgerAnswer } from '@ledger/ledger-client';

/**
 * What the writer remembers of a command it decided: enough to tell a retry with another body
 * (409) and to give a retry the original answer, from memory or by re-reading its events.
 */
export type OutcomeRecord = {
  bodyHash: string;
  /** Ledger-stream revision of the command's first event, and how many it has. */
  revisionFirst: number;
  eventCount: number;
  /** Known once the command committed (absent for events folded from a store that omits it). */
  position: GlobalPosition | undefined;
  /** The whole answer, kept for the most recent commands only. */
  answer: LedgerAnswer | undefined;
  /** Set while the command is decided but its batch has not committed. */
  pending: unknown;
};

/**
 * The in-memory part of idempotency (DESIGN.md §3): recent command outcomes by key, in revision
 * order. An entry leaves only once the command-outcome projection holds it (its last revision is
 * at or below the projection's progress), so every id is always either here or there.
 *
 * Entries the projection holds leave as soon as the window has more than `sizeKept` (each time
 * the projection's progress is refreshed), not only once it reaches `sizeMax`: a window kept
 * near its bound of millions of entries is a heap of a gigabyte that every major garbage
 * collection marks again, on the writer's one thread (docs/performance.md, "Ledger writer").
 */
export class OutcomeWindow {
  #entries = new Map<string, OutcomeRecord>();
  #answerKeys: (string | undefined)[];
  #answerNext = 0;
  #sizeMax: number;
  #sizeKept: number;
  #projectedRevision = -1;

  constructor(options: { sizeMax: number; answersMax: number; sizeKept?: number }) {
    this.#sizeMax = options.sizeMax;
    this.#sizeKept = Math.min(options.sizeKept ?? options.sizeMax, options.sizeMax - 1);
    this.#answerKeys = new Array(Math.max(1, options.answersMax));
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Every key held, oldest first. */
  keys(): IterableIterator<string> {
    return this.#entries.keys();
  }

  get(key: string): OutcomeRecord | undefined {
    return this.#entries.get(key);
  }

  /** Adds or replaces an entry; it becomes the newest. */
  set(key: string, record: OutcomeRecord): void {
    this.#entries.delete(key);
    this.#entries.set(key, record);
    if (record.answer !== undefined) this.#rememberAnswer(key);
  }

  /** Adds an entry for a key the window does not hold (the caller knows: no lookup first). */
  add(key: string, record: OutcomeRecord): void {
    this.#entries.set(key, record);
    if (record.answer !== undefined) this.#rememberAnswer(key);
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  /** Records the answer of a command that just committed. */
  commit(key: string, position: GlobalPosition, answer: LedgerAnswer): void {
    const record = this.#entries.get(key);
    if (record === undefined) return;
    this.commitRecord(key, record, position, answer);
  }

  /**
   * `commit` for the record the caller added with `add` (no lookup). Should the window hold
   * another record for the key by now (a reload rebuilt it from the log), that one is left as it
   * is, and the answer ring's later eviction only drops an answer the log can give again.
   */
  commitRecord(
    key: string,
    record: OutcomeRecord,
    position: GlobalPosition,
    answer: LedgerAnswer,
  ): void {
    record.position = position;
    record.pending = undefined;
    record.answer = answer;
    this.#rememberAnswer(key);
  }

  /** The revision up to which the command-outcome projection holds every command. */
  setProjectedRevision(revision: number): void {
    if (revision > this.#projectedRevision) this.#projectedRevision = revision;
    this.#evict(this.#sizeKept);
  }

  /** True when the window is at its bound and nothing in it may leave yet. */
  isFull(): boolean {
    if (this.#entries.size < this.#sizeMax) return false;
    this.#evict(this.#sizeMax - 1);
    return this.#entries.size >= this.#sizeMax;
  }

  /** Evicts the oldest entries the projection holds while more than `sizeTarget` are held. */
  #evict(sizeTarget: number): void {
    for (const [key, record] of this.#entries) {
      if (this.#entries.size <= sizeTarget) return;
      const revisionLast = record.revisionFirst + record.eventCount - 1;
      if (record.pending !== undefined || revisionLast > this.#projectedRevision) return;
      this.#entries.delete(key);
    }
  }

  // Only the newest answersMax entries keep their answer: memory stays bounded, and older
  // answers are rebuilt from the log on the rare retry that needs one.
  #rememberAnswer(key: string): void {
    const slot = this.#answerNext;
    const evicted = this.#answerKeys[slot];
    if (evicted !== undefined && evicted !== key) {
      const record = this.#entries.get(evicted);
      if (record !== undefined && record.pending === undefined) record.answer = undefined;
    }
    this.#answerKeys[slot] = key;
    this.#answerNext = (slot + 1) % this.#answerKeys.length;
  }
}

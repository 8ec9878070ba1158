import * as limits from './limits.ts';

/** The bounds a writer runs with; every one defaults to limits.ts, tests shrink some. */
export type WriterSettings = {
  batchCommandsMax: number;
  batchEventsMax: number;
  batchBytesMax: number;
  queueCommandsMax: number;
  queueWaitMaxMs: number;
  outcomesInMemoryMax: number;
  /** Projected entries leave the window beyond this many (see limits.ts). */
  outcomesInMemoryKept: number;
  answersInMemoryMax: number;
  snapshotEveryEvents: number;
  snapshotsKept: number;
  recoveryTimeoutMs: number;
  reloadsPerMinuteMax: number;
  retryAfterMs: number;
  /**
   * Keep a Bloom filter of every known command key (key-filter.ts), so only keys it may have
   * seen are looked up in the command-outcome projection; off: every key the window does not
   * know is looked up, once per batch.
   */
  outcomeKeyFilter: boolean;
};

export const defaultWriterSettings: WriterSettings = {
  batchCommandsMax: limits.batchCommandsMax,
  batchEventsMax: limits.batchEventsMax,
  batchBytesMax: limits.batchBytesMax,
  queueCommandsMax: limits.queueCommandsMax,
  queueWaitMaxMs: limits.queueWaitMaxMs,
  outcomesInMemoryMax: limits.outcomesInMemoryMax,
  outcomesInMemoryKept: limits.outcomesInMemoryKept,
  answersInMemoryMax: limits.answersInMemoryMax,
  snapshotEveryEvents: limits.snapshotEveryEvents,
  snapshotsKept: limits.snapshotsKept,
  recoveryTimeoutMs: limits.recoveryTimeoutMs,
  reloadsPerMinuteMax: limits.reloadsPerMinuteMax,
  retryAfterMs: limits.retryAfterMs,
  outcomeKeyFilter: true,
};

/** Screen-loading constants of SPEC §9. */
export const timing = {
  /** A lazy screen shows the loading screen only after this delay. */
  lazyLoadingDelayMs: 400,
  /** ...and the page-timeout screen after this one. */
  lazyTimeoutMs: 10_000,
  /** A code chunk that has not loaded by then has failed. */
  chunkLoadTimeoutMs: 120_000,
} as const;

/** Every bound of the query-api in one place. */
export const limits = {
  /** Largest request body; larger bodies get 413 before any handler runs. */
  bodySizeMax: 16 * 1024,
  poolSizeMax: 10,
  statementTimeoutMs: 10_000,
} as const;

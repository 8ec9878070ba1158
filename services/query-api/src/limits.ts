/** Every bound of the query-api in one place. */
export const limits = {
  /** Largest request body; larger bodies get 413 before any handler runs. */
  bodySizeMax: 16 * 1024,
  poolSizeMax: 10,
  statementTimeoutMs: 10_000,
  /** How long a read with `?after=<position>` waits for the projections. */
  readYourWritesTimeoutMs: 5_000,
  /** Verified access tokens kept in memory (expiry checked on every use). */
  accessTokenCacheSizeMax: 10_000,
} as const;

/** Every bound of the write-api in one place. */
export const limits = {
  /** Largest request body; larger bodies get 413 before any handler runs. */
  bodySizeMax: 256 * 1024,
  poolSizeMax: 10,
  statementTimeoutMs: 10_000,
  /** Verified access tokens kept in memory (expiry checked on every use). */
  accessTokenCacheSizeMax: 10_000,
} as const;

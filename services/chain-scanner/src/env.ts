import { databaseUrlSchema } from '@ledger/runtime';
import { z } from 'zod';

/** The chain scanner's configuration: infrastructure only (DESIGN.md §4: settings are events). */
export const ChainScannerEnvSchema = z.object({
  /** Read models, the scanner's cursors, the simulated chain and the Postgres event store. */
  DATABASE_URL: databaseUrlSchema,
  /** Where the ledger writer listens (its LEDGER_WRITER_LISTEN): `unix:/path` or a loopback port. */
  LEDGER_WRITER_ADDRESS: z
    .string()
    .regex(
      /^(unix:.+|(127\.0\.0\.1|localhost|\[::1\]):\d{1,5})$/,
      'unix:<path> or a loopback host:port',
    ),
  /** Milliseconds between ticks. */
  CHAIN_SCAN_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(1_000),
});

export type ChainScannerEnv = z.infer<typeof ChainScannerEnvSchema>;

import { databaseUrlSchema } from '@ledger/runtime';
import { z } from 'zod';

/** The withdrawal processor's configuration: infrastructure only (DESIGN.md §4: settings are events). */
export const WithdrawalProcessorEnvSchema = z.object({
  /** The event store, the `withdrawals` read model and the chains of @ledger/chain. */
  DATABASE_URL: databaseUrlSchema,
  /** Where the ledger writer listens (its LEDGER_WRITER_LISTEN): `unix:/path` or a loopback port. */
  LEDGER_WRITER_ADDRESS: z
    .string()
    .regex(
      /^(unix:.+|(127\.0\.0\.1|localhost|\[::1\]):\d{1,5})$/,
      'unix:<path> or a loopback host:port',
    ),
  /** Milliseconds between two rounds of resuming and reconciling. */
  WITHDRAWAL_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
});

export type WithdrawalProcessorEnv = z.infer<typeof WithdrawalProcessorEnvSchema>;

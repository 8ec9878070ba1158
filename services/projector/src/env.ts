import { databaseUrlSchema } from '@ledger/runtime';
import { z } from 'zod';

/** The projector's configuration: infrastructure only (DESIGN.md §4: settings are events). */
export const ProjectorEnvSchema = z.object({
  /** Read models, checkpoints and the leader locks; a direct connection (session locks). */
  DATABASE_URL: databaseUrlSchema,
  /** The event source when it is EventStoreDB; absent: the Postgres event store in DATABASE_URL. */
  EVENTSTORE_CONNECTION_STRING: z
    .string()
    .regex(/^(esdb|kurrentdb)(\+discover)?:\/\//, 'must be an esdb:// connection string')
    .optional(),
  /**
   * Seconds between runs of the continuous ledger reconciliation (T25, docs/adr/0020); one
   * instance runs it at a time. 0 turns it off (a benchmark harness); default 60.
   */
  LEDGER_RECONCILIATION_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
});

export type ProjectorEnv = z.infer<typeof ProjectorEnvSchema>;

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
});

export type ProjectorEnv = z.infer<typeof ProjectorEnvSchema>;

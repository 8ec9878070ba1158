import { databaseUrlSchema, portSchema } from '@ledger/runtime';
import { z } from 'zod';

/** The write-api's configuration: infrastructure only (DESIGN.md §4: settings are events). */
export const WriteApiEnvSchema = z.object({
  DATABASE_URL: databaseUrlSchema,
  WRITE_API_PORT: portSchema.default(4001),
  WRITE_API_HOST: z.string().min(1).default('127.0.0.1'),
});

export type WriteApiEnv = z.infer<typeof WriteApiEnvSchema>;

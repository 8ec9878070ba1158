import { databaseUrlSchema, portSchema } from '@ledger/runtime';
import { z } from 'zod';

/** The query-api's configuration: infrastructure only (DESIGN.md §4: settings are events). */
export const QueryApiEnvSchema = z.object({
  DATABASE_URL: databaseUrlSchema,
  QUERY_API_PORT: portSchema.default(4002),
  QUERY_API_HOST: z.string().min(1).default('127.0.0.1'),
});

export type QueryApiEnv = z.infer<typeof QueryApiEnvSchema>;

import { databaseUrlSchema, portSchema } from '@ledger/runtime';
import { z } from 'zod';

/** The query-api's configuration: infrastructure only (DESIGN.md §4: settings are events). */
export const QueryApiEnvSchema = z.object({
  DATABASE_URL: databaseUrlSchema,
  QUERY_API_PORT: portSchema.default(4002),
  QUERY_API_HOST: z.string().min(1).default('127.0.0.1'),
  /** Ed25519 public key (SPKI DER, base64url) that verifies access tokens. */
  TOKEN_VERIFICATION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')
    .refine((value) => Buffer.from(value, 'base64url').length >= 44, 'must be an SPKI key'),
  /** `true` mounts development-only routes (the mail outbox, administrators only); off by default. */
  DEVELOPMENT_ROUTES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export type QueryApiEnv = z.infer<typeof QueryApiEnvSchema>;

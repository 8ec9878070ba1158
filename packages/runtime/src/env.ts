import { z } from 'zod';

/**
 * Parses the process environment once, at start-up, with a strict schema. On bad configuration it
 * prints every problem in one message and exits: a service never starts half-configured.
 */
export function parseEnv<Schema extends z.ZodType>(
  schema: Schema,
  source: Record<string, string | undefined> = process.env,
): z.infer<Schema> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
  );
  console.error(`Invalid configuration:\n${lines.join('\n')}`);
  process.exit(78); // EX_CONFIG
}

/** A TCP port number from an environment string. */
export const portSchema = z.coerce.number().int().min(0).max(65_535);

/** A postgres:// connection string. */
export const databaseUrlSchema = z
  .string()
  .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string');

/** Postgres's SQLSTATE for a duplicate key. */
const uniqueViolationCode = '23505';

/**
 * The constraint a duplicate key violated (`''` when the driver did not name it), or undefined
 * when the error is not a duplicate key.
 */
export function uniqueViolationOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code !== uniqueViolationCode) return undefined;
  return typeof constraint === 'string' ? constraint : '';
}

/**
 * Errors a retry can cure: the connection or server went away, Postgres chose this transaction
 * as a serialization or deadlock victim, or the error says so itself (`transient: true`). Anything else thrown by a projection's `apply` is treated
 * as the event's fault and stops the projection.
 */
export function isTransientError(error: unknown): boolean {
  // A projection's own "retry me" (e.g. rows it kept in memory were stale: the runner empties
  // its memory on any failure, so the retry reads them from the tables).
  if ((error as { transient?: unknown } | null)?.transient === true) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (code.startsWith('08') || code.startsWith('53') || code.startsWith('57P')) return true;
    if (code === '40001' || code === '40P01') return true;
    if (['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT'].includes(code)) return true;
  }
  const message = error instanceof Error ? error.message : '';
  // node-postgres reports a dropped socket with these messages and no code.
  return /Connection terminated|connection is closed|Client has encountered a connection error/i.test(
    message,
  );
}

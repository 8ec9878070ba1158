/**
 * Whether a thrown error says that a service this one depends on (the database, most often)
 * cannot be reached right now, rather than that the request or the code is wrong: the pool's wait
 * for a connection ran out (every connection busy), the connection was refused, reset or ended,
 * or the server is starting, shutting down or full. Such a request may succeed when retried, so it
 * is answered 503 with Retry-After, not 500 (a command that moves money carries an
 * Idempotency-Key, so its retry is safe).
 */
export function isDependencyUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && unavailableCodes.has(code)) return true;
  return unavailableMessages.some((message) => error.message.startsWith(message));
}

const unavailableCodes = new Set([
  // The socket (node:net).
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  // PostgreSQL: connection exceptions (class 08), too many connections, and the server not
  // accepting work (admin or crash shutdown, starting up).
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
  '57P01',
  '57P02',
  '57P03',
]);

/** node-postgres's own errors, which carry no code. */
const unavailableMessages = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
];

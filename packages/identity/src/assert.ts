/**
 * A failed assertion is a programmer error, never a business outcome: the request answers 500 and
 * the projector halts. Business failures are rejection values instead.
 */
export class AssertionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AssertionError';
  }
}

/** Throws an AssertionError when `condition` is false. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) {
    throw new AssertionError(message);
  }
}

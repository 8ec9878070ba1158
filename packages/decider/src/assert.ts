/**
 * A failed assertion is a programmer error, never a business outcome: the writer stops, the
 * request answers 500, the projector halts. Business failures are rejection values instead.
 */
export class AssertionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AssertionError';
  }
}

/**
 * Throws an AssertionError when `condition` is false.
 *
 * Hot paths pass a constant message, because a template literal would be built on every call even
 * when the assertion holds.
 * @example assert(account.held >= 0n, 'held must never go below zero');
 */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) {
    throw new AssertionError(message);
  }
}

import type { SubmitResult, UnavailableReason } from './submission.ts';

/** A refusal of a submission the writer never decided (or may have decided: `indeterminate`). */
export function unavailable(reason: UnavailableReason, retryAfterMs: number): SubmitResult {
  return { kind: 'Unavailable', reason, retryAfterMs };
}

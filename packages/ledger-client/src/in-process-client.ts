import type { LedgerSubmission, LedgerWriterClient, SubmitResult } from './submission.ts';

/**
 * The embedded default: the write API and the writer in one process, so a submission is a
 * function call. `target` is a writer or a service (whichever leads at the moment).
 */
export function createInProcessClient(target: {
  submit(submission: LedgerSubmission): Promise<SubmitResult>;
}): LedgerWriterClient {
  return {
    submit: (submission, options) => {
      if (options?.signal?.aborted) {
        // Nothing was handed over: a clean refusal, not an indeterminate one.
        return Promise.resolve({ kind: 'Unavailable', reason: 'stopped', retryAfterMs: 0 });
      }
      return target.submit(submission);
    },
    close: async () => {},
  };
}

import { useRef } from 'react';

/**
 * The Idempotency-Key of a form (DESIGN §5): made when the user submits, reused when that same
 * submission is retried, renewed once it succeeded or the user changed the form.
 */
export function useSubmissionKey(): { current: () => string; renew: () => void } {
  const key = useRef<string | undefined>(undefined);
  return {
    current: () => {
      key.current ??= crypto.randomUUID();
      return key.current;
    },
    renew: () => {
      key.current = undefined;
    },
  };
}

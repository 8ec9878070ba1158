import { ledgerReasonLengthMax } from '@ledger/contracts';

/** A reason the administrator gives (status change, adjustment, rejection): 1–1000 characters. */
export function reasonProblem(reason: string): 'required' | 'reasonTooLong' | undefined {
  if (reason.trim() === '') return 'required';
  if (reason.length > ledgerReasonLengthMax) return 'reasonTooLong';
  return undefined;
}

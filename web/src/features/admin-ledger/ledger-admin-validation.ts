import { isStorableText, ledgerReasonLengthMax } from '@ledger/contracts';

/** A reason the administrator gives (status change, adjustment, rejection): 1–1000 storable characters. */
export function reasonProblem(
  reason: string,
): 'required' | 'reasonTooLong' | 'textInvalid' | undefined {
  if (!isStorableText(reason)) return 'textInvalid';
  if (reason.trim() === '') return 'required';
  if (reason.length > ledgerReasonLengthMax) return 'reasonTooLong';
  return undefined;
}

import { AccountTitleSchema, accountTitleLengthMax, textInvalidCode } from '@ledger/contracts';
import { amountPattern } from '../amount/amount-format.ts';

/**
 * The wallet forms' checks before anything is sent (the server checks again): each returns the
 * i18n key (under `wallet:form.`) of the first problem, or undefined.
 */
export type FieldProblem =
  | 'required'
  | 'titleTooLong'
  | 'titleControl'
  | 'textInvalid'
  | 'amountZero'
  | 'amountInvalid'
  | 'amountAboveAvailable'
  | 'accountNumberInvalid'
  | 'sameAccount';

/** A title as the contracts' AccountTitleSchema takes it: 1–50 characters after trimming, no control characters, storable text. */
export function titleProblem(title: string): FieldProblem | undefined {
  const checked = AccountTitleSchema.safeParse(title);
  if (checked.success) return undefined;
  const refused = checked.error.issues.some(
    (issue) => issue.code === 'custom' && issue.params?.code === textInvalidCode,
  );
  if (refused) return 'textInvalid';
  const trimmed = title.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length > accountTitleLengthMax) return 'titleTooLong';
  if (/\p{Cc}/u.test(trimmed)) return 'titleControl';
  return undefined;
}

/** A decimal string as bigint minor units of a `scale`-decimal asset (exact, no float). */
export function minorUnits(amount: string, scale: number): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const units = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  return negative ? -units : units;
}

export type AmountProblem = Extract<
  FieldProblem,
  'required' | 'amountInvalid' | 'amountZero' | 'amountAboveAvailable'
>;

/** A canonical amount to move: positive, at most `scale` decimals, at most `available`. */
export function amountProblem(
  amount: string,
  scale: number,
  available: string | undefined,
): AmountProblem | undefined {
  if (amount === '') return 'required';
  if (!amountPattern(scale).test(amount)) return 'amountInvalid';
  const units = minorUnits(amount, scale);
  if (units <= 0n) return 'amountZero';
  if (available !== undefined && units > minorUnits(available, scale)) {
    return 'amountAboveAvailable';
  }
  return undefined;
}

/** An account number as printed (1000-0000-0016), dashes optional; normalized with dashes. */
export function normalizeAccountNumber(text: string): string | undefined {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^1\d{11}$/.test(digits)) return undefined;
  return `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8)}`;
}

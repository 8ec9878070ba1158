/** SPEC §9: an asset without its own decimal_point has 8. */
export const defaultDecimalPoint = 8;

/** The most decimals any asset may have (SPEC §3: decimal_point 0–18). */
export const decimalPointMax = 18;

/** A decimal string as the API sends amounts (style.md §2.7): never a JS number. */
const decimalStringPattern = /^-?\d+(\.\d+)?$/;

export function isDecimalString(value: string): value is `${number}` {
  return decimalStringPattern.test(value);
}

/** The pattern a non-negative amount with at most `scale` decimals matches (canonical form). */
export function amountPattern(scale: number): RegExp {
  if (!Number.isInteger(scale) || scale < 0) throw new RangeError(`bad scale ${scale}`);
  return scale === 0 ? /^(0|[1-9]\d*)$/ : new RegExp(`^(0|[1-9]\\d*)(\\.\\d{1,${scale}})?$`);
}

/**
 * The number of decimals a decimal string from the API carries (at most 18). The ledger sends
 * every amount at its asset's scale ("1.50000000" for BTC), so an amount whose asset's
 * decimal_point is not at hand (a forced adjustment, a fee in another asset) is still shown with
 * every digit.
 */
export function decimalsOf(amount: string): number {
  const fraction = amount.split('.')[1] ?? '';
  return Math.min(fraction.length, decimalPointMax);
}

export type AmountFormatOptions = {
  decimalPoint?: number | undefined;
  /** Show all decimal places (trailing zeros), e.g. in a column of balances. */
  isFixed?: boolean | undefined;
};

/**
 * An amount for display in `locale`: thousands separators, at most the asset's decimal places,
 * truncated (never rounded up: what the user owns is never overstated). The string goes to Intl
 * as a string, so no digit is lost to a float.
 */
export function formatAmount(
  amount: string,
  locale: string,
  options: AmountFormatOptions = {},
): string {
  if (!isDecimalString(amount)) return '—';
  const decimalPoint = options.decimalPoint ?? defaultDecimalPoint;
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: options.isFixed ? decimalPoint : 0,
    maximumFractionDigits: decimalPoint,
    roundingMode: 'trunc',
    useGrouping: true,
  }).format(amount);
}

/** The locale's grouping and decimal separators (vi-VN: "." and ","; the others "," and "."). */
export function numberSeparators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12_345.6);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

export type ParsedAmount =
  | { kind: 'empty' }
  | { kind: 'valid'; amount: string }
  | { kind: 'invalid' }
  | { kind: 'tooManyDecimals' };

/**
 * What the user typed into an amount field, in the locale's separators, as a canonical decimal
 * string ("1,234.5" in en-US and "1.234,5" in vi-VN both give "1234.5"), checked against the scale.
 */
export function parseAmountInput(text: string, locale: string, scale: number): ParsedAmount {
  const { group, decimal } = numberSeparators(locale);
  const compact = text.replace(/\s/g, '').replaceAll(group, '');
  if (compact === '') return { kind: 'empty' };
  const normalized = decimal === '.' ? compact : compact.replaceAll(decimal, '.');
  const match = /^(\d*)(?:\.(\d*))?$/.exec(normalized);
  if (match === null || (match[1] === '' && (match[2] ?? '') === '')) return { kind: 'invalid' };
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const fraction = match[2] ?? '';
  const amount = fraction === '' ? whole : `${whole}.${fraction}`;
  if (amountPattern(scale).test(amount)) return { kind: 'valid', amount };
  return fraction.length > scale ? { kind: 'tooManyDecimals' } : { kind: 'invalid' };
}

/** A canonical amount as the user edits it: the locale's decimal separator, no grouping. */
export function editableAmount(amount: string, locale: string): string {
  const { decimal } = numberSeparators(locale);
  return decimal === '.' ? amount : amount.replace('.', decimal);
}

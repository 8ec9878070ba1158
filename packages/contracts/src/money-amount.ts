import { z } from 'zod';

/**
 * The amount a member or an administrator asks to move (a deposit request, a withdrawal, a
 * transfer, an adjustment): a decimal string, never a number, never rounded. A refusal names one
 * stable field-level code. The schema checks what holds for every asset (a decimal, positive, at
 * most 30 integer and 18 fraction digits); the route checks the asset's own decimal point and
 * bound with `amountRefusal`, which the wallet forms can call as well.
 */
export const amountRefusalCodes = [
  'amount_invalid',
  'amount_not_positive',
  'amount_precision_exceeded',
  'amount_above_maximum',
] as const;
export type AmountRefusalCode = (typeof amountRefusalCodes)[number];

const integerDigitsMax = 30;
const fractionDigitsMax = 18;
const decimalText = /^(-?)([0-9]+)(?:\.([0-9]+))?$/;

export type AmountBounds = {
  /** The asset's decimal point: more fraction digits are refused, never cut. */
  decimalPoint?: number;
  /** The largest amount allowed (a decimal string), inclusive. */
  maximum?: string | null;
};

/** Why `text` is not an amount within `bounds`, or undefined when it is one. */
export function amountRefusal(
  text: string,
  bounds: AmountBounds = {},
): AmountRefusalCode | undefined {
  const match = decimalText.exec(text);
  if (match === null) return 'amount_invalid';
  const [, sign, integer = '', fraction = ''] = match;
  if (integer.length > 1 && integer.startsWith('0')) return 'amount_invalid';
  if (sign === '-' || /^0*$/.test(integer + fraction)) return 'amount_not_positive';
  if (fraction.length > Math.min(bounds.decimalPoint ?? fractionDigitsMax, fractionDigitsMax)) {
    return 'amount_precision_exceeded';
  }
  if (integer.length > integerDigitsMax) return 'amount_above_maximum';
  if (bounds.maximum != null && exceeds(integer, fraction, bounds.maximum)) {
    return 'amount_above_maximum';
  }
  return undefined;
}

/** integer.fraction > maximum, compared exactly as integers at 18 decimals. */
function exceeds(integer: string, fraction: string, maximum: string): boolean {
  const bound = decimalText.exec(maximum);
  if (bound === null) return false;
  return scaled(integer, fraction) > scaled(bound[2] ?? '0', bound[3] ?? '');
}

function scaled(integer: string, fraction: string): bigint {
  return BigInt(integer + fraction.padEnd(fractionDigitsMax, '0').slice(0, fractionDigitsMax));
}

const amountMessages: Record<AmountRefusalCode, string> = {
  amount_invalid: 'a decimal string such as "1.5"',
  amount_not_positive: 'an amount greater than zero',
  amount_precision_exceeded: 'more decimals than the asset has',
  amount_above_maximum: 'more than the largest amount allowed',
};

/** The message of a refusal code (the field-level entry of a 400 problem). */
export function amountRefusalMessage(code: AmountRefusalCode): string {
  return amountMessages[code];
}

/** A money amount in a request body: refused with its field-level code, never rounded. */
export const MoneyAmountSchema = z
  .string()
  .regex(decimalText, { message: amountMessages.amount_invalid, abort: true })
  .superRefine((value, context) => {
    const code = amountRefusal(value);
    if (code !== undefined) {
      context.addIssue({ code: 'custom', message: amountMessages[code], params: { code } });
    }
  });

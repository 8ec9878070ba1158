import { assert } from '@ledger/decider';
import Big from 'big.js';

/**
 * Money in this package (docs/adr/0005-money-representation.md): an amount is a `bigint` count of
 * the asset's minor units, where one unit is 10^decimalPoint minor units. On the wire and in events
 * it is a decimal string with exactly `decimalPoint` fraction digits. A JS number never holds an
 * amount. big.js, in strict mode, is used only where rates and fees need fractions of a minor unit,
 * and its results come back to minor units only through `amountFromDecimal`, with a named mode.
 */

export const decimalPointMin = 0;
export const decimalPointMax = 18;
export const decimalPointDefault = 8;
/** Integer digits an amount string may carry: a bound on input, far above any real balance. */
export const amountIntegerDigitsMax = 30;

/** Which signs an amount string may carry: ledger amounts are positive, limits may be zero. */
export type AmountSigns = 'positive' | 'nonNegative' | 'any';

/** Whether `value` is a valid asset decimal_point (an integer in 0..18). */
export function isDecimalPoint(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= decimalPointMin &&
    value <= decimalPointMax
  );
}

function amountPattern(decimalPoint: number, isSigned: boolean): RegExp {
  const sign = isSigned ? '-?' : '';
  const integer = `(?:0|[1-9][0-9]{0,${amountIntegerDigitsMax - 1}})`;
  const fraction = decimalPoint === 0 ? '' : `\\.[0-9]{${decimalPoint}}`;
  return new RegExp(`^${sign}${integer}${fraction}$`);
}

function amountPatterns(isSigned: boolean): readonly RegExp[] {
  const patterns: RegExp[] = [];
  for (let decimalPoint = decimalPointMin; decimalPoint <= decimalPointMax; decimalPoint += 1) {
    patterns.push(amountPattern(decimalPoint, isSigned));
  }
  return patterns;
}

// Built once: the writer parses every amount of every command and event with them.
const amountPatternsUnsigned = amountPatterns(false);
const amountPatternsSigned = amountPatterns(true);
const minusSign = 45;

/**
 * Parses a decimal amount string into minor units, or returns undefined when the string is not
 * exactly an amount of an asset with this decimal point: wrong fraction digit count, exponent,
 * leading zeros, a plus sign, a sign where `signs` forbids it, negative zero, or too many digits.
 * @example tryParseAmount('1.50000000', 8, 'positive') === 150000000n
 */
export function tryParseAmount(
  text: string,
  decimalPoint: number,
  signs: AmountSigns,
): bigint | undefined {
  if (typeof text !== 'string') {
    return undefined;
  }
  const patterns = signs === 'any' ? amountPatternsSigned : amountPatternsUnsigned;
  const pattern = patterns[decimalPoint];
  if (pattern === undefined || !pattern.test(text)) {
    return undefined;
  }
  const digits =
    decimalPoint === 0
      ? text
      : text.slice(0, text.length - decimalPoint - 1) + text.slice(text.length - decimalPoint);
  const amount = BigInt(digits);
  if (amount === 0n && (signs === 'positive' || text.charCodeAt(0) === minusSign)) {
    return undefined;
  }
  return amount;
}

/** Like `tryParseAmount`, for input that must already be valid: throws a RangeError otherwise. */
export function parseAmount(text: string, decimalPoint: number, signs: AmountSigns): bigint {
  const amount = tryParseAmount(text, decimalPoint, signs);
  if (amount === undefined) {
    throw new RangeError(
      `"${String(text)}" is not a ${signs} amount with ${String(decimalPoint)} decimals`,
    );
  }
  return amount;
}

/**
 * Formats minor units as a decimal string with exactly `decimalPoint` fraction digits.
 * @example formatAmount(150000000n, 8) === '1.50000000'
 */
export function formatAmount(amount: bigint, decimalPoint: number): string {
  assert(isDecimalPoint(decimalPoint), 'decimal point must be an integer in 0..18');
  const isNegative = amount < 0n;
  const digits = (isNegative ? -amount : amount).toString();
  const sign = isNegative ? '-' : '';
  if (decimalPoint === 0) {
    return sign + digits;
  }
  const padded = digits.padStart(decimalPoint + 1, '0');
  const integerLength = padded.length - decimalPoint;
  return `${sign}${padded.slice(0, integerLength)}.${padded.slice(integerLength)}`;
}

function createDecimal(): Big.BigConstructor {
  const decimal = Big();
  // Strict mode throws on a JS number argument and on implicit conversion to a number.
  decimal.strict = true;
  // Divisions keep 40 fraction digits, far past the 18 an asset may have, and truncate: an
  // implicit rounding must never round up before the explicit, named rounding point.
  decimal.DP = 40;
  decimal.RM = Big.roundDown;
  return decimal;
}

/**
 * The one strict big.js constructor of the code base, for rates, prices and fee fractions.
 * @example new Decimal('0.0015').times(decimalFromAmount(amount, 8))
 */
export const Decimal: Big.BigConstructor = createDecimal();
export type Decimal = Big;

/** The rounding modes a caller may name; each rounding point passes one explicitly. */
export type RoundingModeName = 'roundDown' | 'roundHalfEven' | 'roundUp';

const roundingModes: Readonly<Record<RoundingModeName, Big.RoundingMode>> = {
  roundDown: Big.roundDown,
  roundHalfEven: Big.roundHalfEven,
  roundUp: Big.roundUp,
};

/** The exact Decimal value of an amount in minor units. */
export function decimalFromAmount(amount: bigint, decimalPoint: number): Decimal {
  return new Decimal(formatAmount(amount, decimalPoint));
}

/**
 * The one place where a fractional value becomes minor units: rounds to `decimalPoint` fraction
 * digits with the named mode (roundDown and roundUp are toward and away from zero).
 */
export function amountFromDecimal(
  value: Decimal,
  decimalPoint: number,
  rounding: RoundingModeName,
): bigint {
  assert(isDecimalPoint(decimalPoint), 'decimal point must be an integer in 0..18');
  // toFixed writes plain notation with exactly decimalPoint digits, so removing the dot leaves
  // the minor units (BigInt accepts the leading zeros and a "-0").
  const text = value.toFixed(decimalPoint, roundingModes[rounding]);
  return BigInt(text.replace('.', ''));
}

/**
 * What the requester receives when `amount` of a source asset is converted at `price` (target
 * units per source unit): rounded down, so a conversion never creates value for the requester.
 */
export function convertAmountReceived(
  amount: bigint,
  decimalPointSource: number,
  price: Decimal,
  decimalPointTarget: number,
): bigint {
  assert(amount >= 0n, 'a converted amount must not be negative');
  assert(price.gte('0'), 'a price must not be negative');
  const value = decimalFromAmount(amount, decimalPointSource).times(price);
  return amountFromDecimal(value, decimalPointTarget, 'roundDown');
}

/**
 * What the requester pays in the target asset to obtain `amount` of the source asset at `price`:
 * rounded up, so the house never pays for the requester's fraction of a minor unit.
 */
export function convertAmountPaid(
  amount: bigint,
  decimalPointSource: number,
  price: Decimal,
  decimalPointTarget: number,
): bigint {
  assert(amount >= 0n, 'a converted amount must not be negative');
  assert(price.gte('0'), 'a price must not be negative');
  const value = decimalFromAmount(amount, decimalPointSource).times(price);
  return amountFromDecimal(value, decimalPointTarget, 'roundUp');
}

/**
 * The fee the requester pays on `amount` at `feeRate` (0..1): rounded up, never more than the
 * amount. The requester keeps `amount - fee`, so fee and remainder always sum to the amount.
 */
export function feeCharged(amount: bigint, decimalPoint: number, feeRate: Decimal): bigint {
  assert(amount >= 0n, 'a fee base must not be negative');
  assert(feeRate.gte('0'), 'a fee rate must not be negative');
  assert(feeRate.lte('1'), 'a fee rate must not exceed one');
  const fee = amountFromDecimal(
    decimalFromAmount(amount, decimalPoint).times(feeRate),
    decimalPoint,
    'roundUp',
  );
  assert(fee <= amount, 'a fee never exceeds its base');
  return fee;
}

/**
 * Splits `total` minor units in proportion to `weights`. Every part is rounded down and the
 * remaining dust goes to part 0, which the caller makes the house's part (fee revenue, say), so
 * the parts always sum to the total and no requester gains from rounding.
 * @example allocateAmount(10n, [new Decimal('1'), new Decimal('1'), new Decimal('1')]) // [4n, 3n, 3n]
 */
export function allocateAmount(total: bigint, weights: readonly Decimal[]): bigint[] {
  assert(total >= 0n, 'an allocated total must not be negative');
  assert(weights.length > 0, 'an allocation needs at least one weight');
  let weightTotal = new Decimal('0');
  for (const weight of weights) {
    assert(weight.gte('0'), 'an allocation weight must not be negative');
    weightTotal = weightTotal.plus(weight);
  }
  assert(weightTotal.gt('0'), 'allocation weights must not all be zero');
  const totalDecimal = new Decimal(total);
  const parts = weights.map((weight) =>
    amountFromDecimal(totalDecimal.times(weight).div(weightTotal), 0, 'roundDown'),
  );
  const dust = total - parts.reduce((sum, part) => sum + part, 0n);
  assert(dust >= 0n, 'rounded-down parts never exceed the total');
  assert(dust < BigInt(parts.length), 'dust is less than one minor unit per part');
  parts[0] = (parts[0] ?? 0n) + dust;
  return parts;
}

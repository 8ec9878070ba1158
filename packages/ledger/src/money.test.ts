// Proves money is exact: amount strings parse and format losslessly (beyond 2^53 too), bad strings are refused, and seeded T23 properties show rounding never favours the requester.
import { AssertionError } from '@ledger/decider';
import { describe, expect, it } from 'vitest';
import {
  allocateAmount,
  amountFromDecimal,
  convertAmountPaid,
  convertAmountReceived,
  Decimal,
  decimalFromAmount,
  feeCharged,
  formatAmount,
  isDecimalPoint,
  parseAmount,
  tryParseAmount,
} from './money.ts';
import { seededRandom } from './testing/seeded-random.ts';

const twoToThe53 = 2n ** 53n;

describe('parsing and formatting amounts', () => {
  it('parses a decimal string with exactly decimal_point digits into minor units', () => {
    expect(tryParseAmount('1.50000000', 8, 'positive')).toBe(150_000_000n);
    expect(tryParseAmount('0.00000001', 8, 'positive')).toBe(1n);
    expect(tryParseAmount('15', 0, 'positive')).toBe(15n);
    expect(tryParseAmount('0.000000000000000001', 18, 'positive')).toBe(1n);
  });

  it('formats minor units with exactly decimal_point digits', () => {
    expect(formatAmount(150_000_000n, 8)).toBe('1.50000000');
    expect(formatAmount(1n, 8)).toBe('0.00000001');
    expect(formatAmount(0n, 8)).toBe('0.00000000');
    expect(formatAmount(15n, 0)).toBe('15');
    expect(formatAmount(-1n, 8)).toBe('-0.00000001');
    expect(formatAmount(-150_000_000n, 8)).toBe('-1.50000000');
  });

  it('stays exact beyond 2^53 with 18 decimals', () => {
    const text = '123456789012.123456789012345678';
    const amount = parseAmount(text, 18, 'positive');
    expect(amount).toBe(123_456_789_012_123_456_789_012_345_678n);
    expect(amount > twoToThe53).toBe(true);
    expect(formatAmount(amount, 18)).toBe(text);
    expect(formatAmount(twoToThe53 + 1n, 18)).toBe('0.009007199254740993');
  });

  it.each([
    ['too few fraction digits', '1.5', 8],
    ['too many fraction digits', '1.500000000', 8],
    ['a fraction on a 0-decimal asset', '15.0', 0],
    ['no fraction on an 8-decimal asset', '15', 8],
    ['an exponent', '1e8', 0],
    ['an exponent with fraction', '1.00000000e2', 8],
    ['a plus sign', '+1.00000000', 8],
    ['a minus sign where not allowed', '-1.00000000', 8],
    ['a leading zero', '01.00000000', 8],
    ['no integer part', '.50000000', 8],
    ['a bare dot', '1.', 0],
    ['a space', ' 1.00000000', 8],
    ['a comma', '1,00000000', 8],
    ['NaN', 'NaN', 0],
    ['Infinity', 'Infinity', 0],
    ['hexadecimal', '0x10', 0],
    ['zero where positive is required', '0.00000000', 8],
    ['an empty string', '', 0],
    ['31 integer digits', `1${'0'.repeat(30)}`, 0],
  ])('refuses %s', (_case, text, decimalPoint) => {
    expect(tryParseAmount(text, decimalPoint, 'positive')).toBeUndefined();
    expect(() => parseAmount(text, decimalPoint, 'positive')).toThrow(RangeError);
  });

  it('refuses a decimal point outside 0..18 and any value that is not a string', () => {
    expect(tryParseAmount('1.0000000000000000000', 19, 'positive')).toBeUndefined();
    expect(tryParseAmount(1 as unknown as string, 0, 'positive')).toBeUndefined();
    expect(tryParseAmount(1n as unknown as string, 0, 'positive')).toBeUndefined();
    expect(isDecimalPoint(19)).toBe(false);
    expect(isDecimalPoint(1.5)).toBe(false);
    expect(isDecimalPoint(-1)).toBe(false);
    expect(isDecimalPoint(18)).toBe(true);
    expect(() => formatAmount(1n, 19)).toThrow(AssertionError);
  });

  it('lets each caller choose which signs an amount may carry', () => {
    expect(tryParseAmount('0.00000000', 8, 'nonNegative')).toBe(0n);
    expect(tryParseAmount('-1.00000000', 8, 'nonNegative')).toBeUndefined();
    expect(tryParseAmount('-1.00000000', 8, 'any')).toBe(-100_000_000n);
    expect(tryParseAmount('-0.00000000', 8, 'any')).toBeUndefined();
    expect(tryParseAmount(`9${'9'.repeat(29)}`, 0, 'positive')).toBe(10n ** 30n - 1n);
  });

  it('round-trips thousands of seeded amounts in both directions', () => {
    const random = seededRandom(20_250_115);
    for (let step = 0; step < 5_000; step += 1) {
      const decimalPoint = random.integer(0, 18);
      const amount = random.bigint(30 + decimalPoint) * (random.chance(20) ? -1n : 1n);
      const text = formatAmount(amount, decimalPoint);
      expect(tryParseAmount(text, decimalPoint, 'any'), text).toBe(amount);
      expect(formatAmount(parseAmount(text, decimalPoint, 'any'), decimalPoint)).toBe(text);
    }
  });
});

describe('the strict Decimal constructor', () => {
  it('refuses JS numbers and implicit conversion to a number', () => {
    expect(() => new Decimal(0.1 as unknown as string)).toThrow();
    expect(() => new Decimal('1.5').valueOf()).toThrow();
    expect(new Decimal(123n).toFixed(0)).toBe('123');
  });

  it('converts minor units to a Decimal exactly, beyond 2^53', () => {
    const amount = 2n ** 80n;
    expect(amountFromDecimal(decimalFromAmount(amount, 18), 18, 'roundDown')).toBe(amount);
  });
});

describe('rounding at named points with a named mode', () => {
  const exactHalf = new Decimal('0.123456785');
  const belowHalf = new Decimal('0.1234567849');
  const oddHalf = new Decimal('0.123456775');

  it('rounds down, up and half-even at the boundary', () => {
    expect(amountFromDecimal(exactHalf, 8, 'roundDown')).toBe(12_345_678n);
    expect(amountFromDecimal(exactHalf, 8, 'roundUp')).toBe(12_345_679n);
    expect(amountFromDecimal(exactHalf, 8, 'roundHalfEven')).toBe(12_345_678n);
    expect(amountFromDecimal(oddHalf, 8, 'roundHalfEven')).toBe(12_345_678n);
    expect(amountFromDecimal(belowHalf, 8, 'roundUp')).toBe(12_345_679n);
    expect(amountFromDecimal(new Decimal('0.12345678'), 8, 'roundUp')).toBe(12_345_678n);
  });

  it('rounds negative values toward zero (down) and away from zero (up)', () => {
    expect(amountFromDecimal(new Decimal('-0.000000015'), 8, 'roundDown')).toBe(-1n);
    expect(amountFromDecimal(new Decimal('-0.000000015'), 8, 'roundUp')).toBe(-2n);
    expect(amountFromDecimal(new Decimal('-0.000000001'), 8, 'roundDown')).toBe(0n);
  });

  it('gives the requester a rounded-down amount and charges a rounded-up cost', () => {
    const price = new Decimal('0.333333333333333333333');
    expect(convertAmountReceived(1n, 0, price, 8)).toBe(33_333_333n);
    expect(convertAmountPaid(1n, 0, price, 8)).toBe(33_333_334n);
    expect(convertAmountReceived(100_000_000n, 8, new Decimal('50000000'), 0)).toBe(50_000_000n);
  });

  it('charges a fee rounded up, never above the amount', () => {
    expect(feeCharged(1n, 8, new Decimal('0.001'))).toBe(1n);
    expect(feeCharged(1_000n, 8, new Decimal('0.001'))).toBe(1n);
    expect(feeCharged(1_001n, 8, new Decimal('0.001'))).toBe(2n);
    expect(feeCharged(0n, 8, new Decimal('0.001'))).toBe(0n);
    expect(feeCharged(7n, 0, new Decimal('1'))).toBe(7n);
    expect(() => feeCharged(7n, 0, new Decimal('1.01'))).toThrow(AssertionError);
    expect(() => feeCharged(7n, 0, new Decimal('-0.01'))).toThrow(AssertionError);
  });

  it('allocates every minor unit, giving the dust to the first part', () => {
    const thirds = [new Decimal('1'), new Decimal('1'), new Decimal('1')];
    expect(allocateAmount(10n, thirds)).toEqual([4n, 3n, 3n]);
    expect(allocateAmount(0n, thirds)).toEqual([0n, 0n, 0n]);
    expect(allocateAmount(5n, [new Decimal('0'), new Decimal('1')])).toEqual([0n, 5n]);
    expect(() => allocateAmount(5n, [new Decimal('0')])).toThrow(AssertionError);
  });
});

describe('T23 properties over seeded random values', () => {
  const random = seededRandom(2_302_023);

  function randomPrice(): Decimal {
    const integer = random.bigint(random.integer(1, 8));
    const fraction = random.bigint(12).toString().padStart(12, '0');
    const price = new Decimal(`${integer}.${fraction}`);
    return price.gt('0') ? price : new Decimal('0.000000000001');
  }

  it('never increases value on a round trip A to B to A', () => {
    for (let step = 0; step < 2_000; step += 1) {
      const decimalPointSource = random.integer(0, 18);
      const decimalPointTarget = random.integer(0, 18);
      const amount = random.bigint(24);
      const price = randomPrice();
      const priceInverse = new Decimal('1').div(price);
      const received = convertAmountReceived(amount, decimalPointSource, price, decimalPointTarget);
      const back = convertAmountReceived(
        received,
        decimalPointTarget,
        priceInverse,
        decimalPointSource,
      );
      expect(back <= amount, `seed step ${step}: ${amount} -> ${received} -> ${back}`).toBe(true);
    }
  });

  it('charges at least the exact fee, and fee plus remainder is the amount', () => {
    for (let step = 0; step < 2_000; step += 1) {
      const decimalPoint = random.integer(0, 18);
      const amount = random.bigint(30);
      const feeRate = new Decimal(`0.${random.bigint(6).toString().padStart(6, '0')}`);
      const fee = feeCharged(amount, decimalPoint, feeRate);
      const exactFee = decimalFromAmount(amount, decimalPoint).times(feeRate);
      expect(decimalFromAmount(fee, decimalPoint).gte(exactFee)).toBe(true);
      expect(fee + (amount - fee)).toBe(amount);
      expect(fee <= amount).toBe(true);
    }
  });

  it('splits a total into parts that sum to it, with no dust created or lost', () => {
    for (let step = 0; step < 2_000; step += 1) {
      const total = random.bigint(30);
      const weights = Array.from({ length: random.integer(1, 6) }, () =>
        new Decimal(random.bigint(4)).plus('1'),
      );
      const parts = allocateAmount(total, weights);
      expect(parts.reduce((sum, part) => sum + part, 0n)).toBe(total);
      expect(parts.every((part) => part >= 0n)).toBe(true);
    }
  });

  it('creates nothing from 10^4 trades of one minor unit each', () => {
    const price = new Decimal('0.9999');
    const feeRate = new Decimal('0.001');
    let paid = 0n;
    let received = 0n;
    let fees = 0n;
    for (let trade = 0; trade < 10_000; trade += 1) {
      const fee = feeCharged(1n, 8, feeRate);
      fees += fee;
      paid += 1n;
      received += convertAmountReceived(1n - fee, 8, price, 8);
    }
    expect(fees).toBe(10_000n);
    expect(received).toBe(0n);
    expect(received + fees <= paid).toBe(true);
  });

  it('is exact for wei amounts far beyond 2^53', () => {
    for (let step = 0; step < 1_000; step += 1) {
      const amount = twoToThe53 + random.bigint(36);
      expect(convertAmountReceived(amount, 18, new Decimal('1'), 18)).toBe(amount);
      expect(feeCharged(amount, 18, new Decimal('0'))).toBe(0n);
      expect(formatAmount(parseAmount(formatAmount(amount, 18), 18, 'positive'), 18)).toBe(
        formatAmount(amount, 18),
      );
    }
  });
});

// Proves the amount rules: a decimal string within the asset's decimal point and bound passes as it is; more decimals, a negative or zero amount, more digits than the ledger holds or more than the bound are each refused with their own code, never rounded; the request schema names the same codes.
import { describe, expect, it } from 'vitest';
import { amountRefusal, MoneyAmountSchema } from './money-amount.ts';

describe('amountRefusal', () => {
  it('passes an amount within the decimal point and the bound', () => {
    expect(amountRefusal('1000', { decimalPoint: 0 })).toBeUndefined();
    expect(amountRefusal('0.00000001', { decimalPoint: 8 })).toBeUndefined();
    expect(amountRefusal('1.50', { decimalPoint: 2, maximum: '1.5' })).toBeUndefined();
  });

  it('refuses more decimals than the asset has, never cutting them', () => {
    expect(amountRefusal('1000.5', { decimalPoint: 0 })).toBe('amount_precision_exceeded');
    expect(amountRefusal('0.000000001', { decimalPoint: 8 })).toBe('amount_precision_exceeded');
    expect(amountRefusal('1.0000000000000000001')).toBe('amount_precision_exceeded');
  });

  it('refuses negative and zero amounts', () => {
    for (const text of ['-0.01', '-1', '0', '0.000', '-0']) {
      expect(amountRefusal(text, { decimalPoint: 8 }), text).toBe('amount_not_positive');
    }
  });

  it('refuses more than the bound and more digits than the ledger holds', () => {
    expect(
      amountRefusal('99999999999999999999999', { decimalPoint: 0, maximum: '100000000' }),
    ).toBe('amount_above_maximum');
    expect(amountRefusal('100000000.01', { decimalPoint: 2, maximum: '100000000' })).toBe(
      'amount_above_maximum',
    );
    expect(amountRefusal('1'.repeat(31))).toBe('amount_above_maximum');
  });

  it('refuses what is not a decimal string', () => {
    for (const text of ['', '1e5', '1,000', ' 1', '01', '.5', '1.', '0x10']) {
      expect(amountRefusal(text), text).toBe('amount_invalid');
    }
  });
});

describe('MoneyAmountSchema', () => {
  it('names the refusal as the issue’s code', () => {
    const result = MoneyAmountSchema.safeParse('-0.01');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ params: { code: 'amount_not_positive' } });
    expect(MoneyAmountSchema.safeParse('1.5').data).toBe('1.5');
    // Not a decimal at all: the schema's pattern refuses it, and nothing else is reported.
    expect(MoneyAmountSchema.safeParse('1e5').error?.issues).toMatchObject([
      { code: 'invalid_format' },
    ]);
  });
});

import {
  convertAmountPaid,
  Decimal,
  feeCharged,
  formatAmount,
  parseAmount,
  tryParseAmount,
} from '@ledger/ledger';

/**
 * The C2C amounts, at named rounding points: the buyer pays the target amount rounded up (the
 * seller never receives less than the price says); the fee is rounded up (ledger `feeCharged`).
 */

const pricePattern = /^(0|[1-9][0-9]{0,29})(\.[0-9]{1,18})?$/;

/** A price or rate as a Decimal, or undefined when it is not a plain non-negative decimal. */
export function decimalOf(text: string): Decimal | undefined {
  return typeof text === 'string' && pricePattern.test(text) ? new Decimal(text) : undefined;
}

export const amountOf = (text: string | null, decimalPoint: number): bigint | undefined =>
  text === null ? undefined : tryParseAmount(text, decimalPoint, 'positive');

export type ApplicationAmounts = {
  /** What the buyer pays, in the target asset. */
  targetAmount: bigint;
  /** The owner's fee, in the source asset. */
  feeAmount: bigint;
  /** What the seller's escrow holds: the amount, and the fee when the owner sells. */
  sellerEscrow: bigint;
  /** What the buyer receives of the source: the amount, less the fee when the owner buys. */
  buyerReceives: bigint;
};

/**
 * What a deal has charged so far: the source amount its live and confirmed parts took, and the fee
 * those parts were charged. Zero for a deal that charges each application on its own.
 */
export type DealCharged = { taken: bigint; fee: bigint };
export const nothingCharged: DealCharged = { taken: 0n, fee: 0n };

/**
 * The fee of one more part, charged cumulatively: the fee on everything taken including this part
 * (rounded up once, on that sum) less what the parts before were charged, so the parts' fees sum
 * exactly to the fee on what was taken and never exceed the fee on the deal's total. Never below
 * zero: a freed part keeps what the others were charged.
 */
export function partFee(
  amount: bigint,
  charged: DealCharged,
  decimalPoint: number,
  feeRate: Decimal,
): bigint {
  const due = feeCharged(charged.taken + amount, decimalPoint, feeRate) - charged.fee;
  return due > 0n ? due : 0n;
}

export function applicationAmounts(input: {
  amount: bigint;
  price: Decimal;
  feeRate: Decimal;
  ownerSells: boolean;
  sourceDecimalPoint: number;
  targetDecimalPoint: number;
  charged: DealCharged;
}): ApplicationAmounts {
  const { amount, price, feeRate, ownerSells, sourceDecimalPoint, targetDecimalPoint } = input;
  const feeAmount = partFee(amount, input.charged, sourceDecimalPoint, feeRate);
  return {
    targetAmount: convertAmountPaid(amount, sourceDecimalPoint, price, targetDecimalPoint),
    feeAmount,
    sellerEscrow: ownerSells ? amount + feeAmount : amount,
    buyerReceives: ownerSells ? amount : amount - feeAmount,
  };
}

/** The fee on a whole deal and what an immediate deal's escrow holds (the total and that fee). */
export function dealFee(total: bigint, decimalPoint: number, feeRate: Decimal): bigint {
  return feeCharged(total, decimalPoint, feeRate);
}

export const isMultipleOf = (amount: bigint, unit: bigint): boolean =>
  unit > 0n && amount % unit === 0n;

export const textOf = formatAmount;
export const unitsOf = (text: string, decimalPoint: number) =>
  parseAmount(text, decimalPoint, 'positive');

/** An instant in the exact form Date.prototype.toISOString writes (so text order is time order). */
export function isInstant(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 24) return false;
  const epochMs = Date.parse(value);
  return !Number.isNaN(epochMs) && new Date(epochMs).toISOString() === value;
}

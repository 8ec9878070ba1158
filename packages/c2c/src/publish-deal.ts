import { accepted, type Decision, rejected } from '@ledger/decider';
import { Decimal } from '@ledger/ledger';
import { amountOf, dealFee, decimalOf, isInstant, isMultipleOf, textOf } from './c2c-amounts.ts';
import type { PublishDeal } from './deal-commands.ts';
import type { DealEvent, DealTerms } from './deal-events.ts';
import type { DealRejection } from './deal-rejections.ts';
import type { DealState } from './deal-state.ts';

/** The escrow hold of an immediate deal. */
export const dealEscrowHoldId = (dealId: string) => `c2c-deal:${dealId}:escrow`;
export const dealLedgerCommandIds = (dealId: string) => ({
  escrow: `c2c-deal:${dealId}:escrow`,
  release: `c2c-deal:${dealId}:escrow:release`,
});

const larger = (a: bigint, b: bigint) => (a >= b ? a : b);
const smaller = (a: bigint, b: bigint) => (a <= b ? a : b);

type Bounds = { min: bigint | undefined; max: bigint | undefined };

/** The tighter of the market's and the deal's per-application bounds, or why they are invalid. */
function applicationBounds(command: PublishDeal): Bounds | DealRejection {
  const { market } = command;
  const dp = market.sourceDecimalPoint;
  const min = amountOf(command.applicationMin, dp);
  const max = amountOf(command.applicationMax, dp);
  if (command.applicationMin !== null && min === undefined)
    return { type: 'AmountInvalid', field: 'applicationMin' };
  if (command.applicationMax !== null && max === undefined)
    return { type: 'AmountInvalid', field: 'applicationMax' };
  const marketMin = amountOf(market.amountMin, dp);
  const marketMax = amountOf(market.amountMax, dp);
  const tighterMin = larger(min ?? 0n, marketMin ?? 0n);
  const tighterMax =
    max === undefined ? marketMax : marketMax === undefined ? max : smaller(max, marketMax);
  if (tighterMax !== undefined && tighterMin > tighterMax)
    return {
      type: 'AmountOutsideBounds',
      field: 'applicationMax',
      min: market.amountMin,
      max: market.amountMax,
    };
  return { min: tighterMin === 0n ? undefined : tighterMin, max: tighterMax };
}

function checkShape(command: PublishDeal, state: DealState): DealRejection | undefined {
  if (state.status !== 'none') return { type: 'DealExists' };
  if (!command.market.isActive)
    return { type: 'MarketInactive', marketSeq: command.market.marketSeq };
  if (command.safetyType === 'immediate' && command.side !== 'sell')
    return { type: 'SafetyTypeNotForSide', safetyType: command.safetyType, side: command.side };
  const priceMin = decimalOf(command.priceMin);
  const priceMax = decimalOf(command.priceMax);
  if (priceMin === undefined || priceMin.lte('0'))
    return { type: 'PriceInvalid', field: 'priceMin' };
  if (priceMax === undefined || priceMax.lt(priceMin))
    return { type: 'PriceInvalid', field: 'priceMax' };
  if (command.closeAt !== null && (!isInstant(command.closeAt) || command.closeAt <= command.now))
    return { type: 'CloseDateInvalid' };
  return undefined;
}

function checkTotal(command: PublishDeal, bounds: Bounds): bigint | DealRejection {
  const { market } = command;
  const total = amountOf(command.totalAmount, market.sourceDecimalPoint);
  if (total === undefined) return { type: 'AmountInvalid', field: 'totalAmount' };
  const unit = amountOf(market.amountUnit, market.sourceDecimalPoint) ?? 0n;
  if (!isMultipleOf(total, unit))
    return { type: 'AmountNotInUnit', field: 'totalAmount', unit: market.amountUnit };
  if (bounds.min !== undefined && total < bounds.min)
    return {
      type: 'AmountOutsideBounds',
      field: 'totalAmount',
      min: textOf(bounds.min, market.sourceDecimalPoint),
      max: null,
    };
  return total;
}

function termsOf(command: PublishDeal, total: bigint, bounds: Bounds): DealTerms {
  const { market } = command;
  const dp = market.sourceDecimalPoint;
  const fee = dealFee(total, dp, decimalOf(market.feeRate) ?? new Decimal('0'));
  const escrow =
    command.safetyType === 'immediate'
      ? { holdId: dealEscrowHoldId(command.dealId), amount: textOf(total + fee, dp) }
      : null;
  return {
    dealId: command.dealId,
    marketSeq: market.marketSeq,
    ownerMemberSeq: command.ownerMemberSeq,
    side: command.side,
    safetyType: command.safetyType,
    sourceAsset: market.sourceAsset,
    sourceDecimalPoint: dp,
    targetAsset: market.targetAsset,
    targetDecimalPoint: market.targetDecimalPoint,
    totalAmount: textOf(total, dp),
    amountUnit: market.amountUnit,
    applicationMin: bounds.min === undefined ? null : textOf(bounds.min, dp),
    applicationMax: bounds.max === undefined ? null : textOf(bounds.max, dp),
    priceMin: command.priceMin,
    priceMax: command.priceMax,
    feeRate: market.feeRate,
    feeAmount: textOf(fee, dp),
    closeAt: command.closeAt,
    ownerSourceAccount: command.ownerSourceAccount,
    ownerTargetAccount: command.ownerTargetAccount,
    escrow,
    publishedAt: command.now,
  };
}

/** Publishes a deal; an immediate deal waits for its escrow hold before it takes applications. */
export function publishDeal(
  command: PublishDeal,
  state: DealState,
): Decision<DealEvent, DealRejection> {
  const shape = checkShape(command, state);
  if (shape !== undefined) return rejected(shape);
  const bounds = applicationBounds(command);
  if ('type' in bounds) return rejected(bounds);
  const total = checkTotal(command, bounds);
  if (typeof total !== 'bigint') return rejected(total);
  return accepted([{ type: 'DealPublished', data: termsOf(command, total, bounds) }]);
}

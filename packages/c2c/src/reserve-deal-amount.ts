import { accepted, type Decision, rejected } from '@ledger/decider';
import { Decimal } from '@ledger/ledger';
import { amountOf, decimalOf, isMultipleOf, partFee, textOf } from './c2c-amounts.ts';
import type { ReserveDealAmount } from './deal-commands.ts';
import type { DealEvent } from './deal-events.ts';
import type { DealRejection } from './deal-rejections.ts';
import { availableOf, chargedOf, type DealState, type OpenDeal } from './deal-state.ts';

function checkDealTakes(command: ReserveDealAmount, deal: OpenDeal): DealRejection | undefined {
  if (deal.status !== 'open') return { type: 'DealNotOpen', status: deal.status };
  const { closeAt } = deal.terms;
  if (closeAt !== null && command.now >= closeAt) return { type: 'DealPastCloseDate', closeAt };
  if (command.applicantMemberSeq === deal.terms.ownerMemberSeq) return { type: 'OwnDeal' };
  const price = decimalOf(command.price);
  if (price === undefined) return { type: 'PriceInvalid', field: 'price' };
  if (price.lt(deal.terms.priceMin) || price.gt(deal.terms.priceMax))
    return { type: 'PriceOutsideRange', min: deal.terms.priceMin, max: deal.terms.priceMax };
  return undefined;
}

function checkAmount(command: ReserveDealAmount, deal: OpenDeal): DealRejection | undefined {
  const { terms } = deal;
  const dp = terms.sourceDecimalPoint;
  const amount = amountOf(command.amount, dp);
  if (amount === undefined) return { type: 'AmountInvalid', field: 'amount' };
  if (!isMultipleOf(amount, amountOf(terms.amountUnit, dp) ?? 0n))
    return { type: 'AmountNotInUnit', field: 'amount', unit: terms.amountUnit };
  const min = amountOf(terms.applicationMin, dp);
  const max = amountOf(terms.applicationMax, dp);
  if ((min !== undefined && amount < min) || (max !== undefined && amount > max))
    return {
      type: 'AmountOutsideBounds',
      field: 'amount',
      min: terms.applicationMin,
      max: terms.applicationMax,
    };
  const available = availableOf(deal);
  const escrow = amountOf(command.escrowAmount, dp) ?? 0n;
  const escrowLeft = deal.escrowAmount - deal.escrowTaken;
  if (amount > available || (terms.escrow !== null && escrow > escrowLeft))
    return { type: 'AmountExceedsAvailable', available: textOf(available, dp) };
  return checkEscrowFee(deal, amount, escrow);
}

/**
 * An immediate deal's part takes its amount and its cumulative fee of the escrow: a filing that
 * read the deal before another part was taken asks for a fee that is no longer due, and is
 * refused so it is filed again on what the deal has charged now.
 */
function checkEscrowFee(deal: OpenDeal, amount: bigint, escrow: bigint): DealRejection | undefined {
  const { terms } = deal;
  if (terms.escrow === null) return undefined;
  const dp = terms.sourceDecimalPoint;
  const fee = partFee(amount, chargedOf(deal), dp, decimalOf(terms.feeRate) ?? new Decimal('0'));
  if (escrow === amount + fee) return undefined;
  return { type: 'FeeOutdated', feeAmount: textOf(fee, dp) };
}

/**
 * Reserves part of the deal for an application: never more than is available, so two applicants
 * racing for the last amount cannot both get it (the deal's stream revision orders them). The
 * same application again changes nothing.
 */
export function reserveDealAmount(
  command: ReserveDealAmount,
  state: DealState,
): Decision<DealEvent, DealRejection> {
  if (state.status === 'none') return rejected({ type: 'DealNotFound' });
  const existing = state.reservations[command.applicationId];
  if (existing !== undefined) return accepted([]);
  const refusal = checkDealTakes(command, state) ?? checkAmount(command, state);
  if (refusal !== undefined) return rejected(refusal);
  const { dealId } = state.terms;
  return accepted([
    {
      type: 'DealAmountReserved',
      data: {
        dealId,
        applicationId: command.applicationId,
        applicantMemberSeq: command.applicantMemberSeq,
        amount: command.amount,
        escrowAmount:
          state.terms.escrow === null
            ? textOf(0n, state.terms.sourceDecimalPoint)
            : command.escrowAmount,
        reservedAt: command.now,
      },
    },
  ]);
}

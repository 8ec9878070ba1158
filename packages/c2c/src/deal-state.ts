import { assert } from '@ledger/decider';
import { formatAmount, parseAmount } from '@ledger/ledger';
import { type DealCharged, nothingCharged } from './c2c-amounts.ts';
import type { DealEvent, DealTerms } from './deal-events.ts';

/**
 * A deal as its events leave it. Amounts are bigint minor units of the source asset:
 * potential (reserved by applications not yet funded) + holding (held for live applications) +
 * confirmed (delivered) never exceed the total, and `available` is what is left for new
 * applications. Each application's part is kept by its id, so every step is idempotent.
 */

export type DealStatus = 'opening' | 'open' | 'closed';
export type EscrowStanding = 'none' | 'pending' | 'placed' | 'refused' | 'released';
export type ReservationStage = 'potential' | 'holding' | 'confirmed' | 'freed';

export type Reservation = {
  amount: bigint;
  escrowAmount: bigint;
  applicantMemberSeq: number;
  stage: ReservationStage;
};

export type OpenDeal = {
  status: DealStatus;
  terms: DealTerms;
  total: bigint;
  potential: bigint;
  holding: bigint;
  confirmed: bigint;
  /** immediate deals: the escrow hold's amount, and the part applications have taken of it. */
  escrow: EscrowStanding;
  escrowAmount: bigint;
  escrowTaken: bigint;
  /**
   * The escrow was once taken whole: the applications' moves out of it empty the hold, which the
   * ledger then resolves, so a part freed later cannot go back into it and is not counted back.
   */
  escrowEmptied: boolean;
  reservations: Record<string, Reservation>;
  closedAt: string | null;
};

export type DealState = { status: 'none' } | OpenDeal;

export const initialDealState = (): DealState => ({ status: 'none' });

export const availableOf = (deal: OpenDeal): bigint =>
  deal.total - deal.potential - deal.holding - deal.confirmed;

/**
 * What an immediate deal has charged: the parts reserved, held or confirmed, and the fee part of
 * the escrow they took. Other deals charge each application on its own (nothing is pooled).
 */
export function chargedOf(deal: OpenDeal): DealCharged {
  if (deal.terms.escrow === null) return nothingCharged;
  const taken = deal.potential + deal.holding + deal.confirmed;
  const fee = deal.escrowTaken - taken;
  return { taken, fee: fee > 0n ? fee : 0n };
}

/** What a deal has charged, as the decimal text a filing carries (FileApplication.dealCharged). */
export function chargedTextOf(state: DealState): { taken: string; fee: string } {
  const dp = state.status === 'none' ? 0 : state.terms.sourceDecimalPoint;
  const charged = state.status === 'none' ? nothingCharged : chargedOf(state);
  return { taken: formatAmount(charged.taken, dp), fee: formatAmount(charged.fee, dp) };
}

/** Live applications: reserved and not yet confirmed or freed. */
export const liveReservations = (deal: OpenDeal): number =>
  Object.values(deal.reservations).filter(
    (reservation) => reservation.stage === 'potential' || reservation.stage === 'holding',
  ).length;

function published(terms: DealTerms): OpenDeal {
  const escrowAmount =
    terms.escrow === null
      ? 0n
      : parseAmount(terms.escrow.amount, terms.sourceDecimalPoint, 'positive');
  return {
    status: terms.escrow === null ? 'open' : 'opening',
    terms,
    total: parseAmount(terms.totalAmount, terms.sourceDecimalPoint, 'positive'),
    potential: 0n,
    holding: 0n,
    confirmed: 0n,
    escrow: terms.escrow === null ? 'none' : 'pending',
    escrowAmount,
    escrowTaken: 0n,
    escrowEmptied: false,
    reservations: {},
    closedAt: null,
  };
}

function moved(deal: OpenDeal, applicationId: string, to: ReservationStage): OpenDeal {
  const reservation = deal.reservations[applicationId];
  assert(reservation !== undefined, 'a deal event names an application it never reserved for');
  const from = reservation.stage;
  assert(from !== 'confirmed' && from !== 'freed', 'a finished reservation moves again');
  const next = {
    ...deal,
    reservations: { ...deal.reservations, [applicationId]: { ...reservation, stage: to } },
  };
  const amount = reservation.amount;
  if (from === 'potential') next.potential -= amount;
  else next.holding -= amount;
  if (to === 'holding') next.holding += amount;
  if (to === 'confirmed') next.confirmed += amount;
  if (to === 'freed' && !deal.escrowEmptied) next.escrowTaken -= reservation.escrowAmount;
  return next;
}

function open(state: DealState, type: string): OpenDeal {
  assert(state.status !== 'none', `${type} before DealPublished`);
  return state;
}

/** Folds one event; pure. An event out of order is a bug: it throws. */
export function evolveDeal(state: DealState, event: DealEvent): DealState {
  if (event.type === 'DealPublished') {
    assert(state.status === 'none', 'DealPublished twice');
    return published(event.data);
  }
  const deal = open(state, event.type);
  switch (event.type) {
    case 'DealEscrowPlaced':
      assert(deal.escrow === 'pending', 'a deal escrow placed twice');
      return { ...deal, status: 'open', escrow: 'placed' };
    case 'DealEscrowRefused':
      assert(deal.escrow === 'pending', 'a deal escrow refused after it was settled');
      return { ...deal, escrow: 'refused' };
    case 'DealAmountReserved': {
      const { applicationId, applicantMemberSeq } = event.data;
      assert(deal.reservations[applicationId] === undefined, 'an application reserved twice');
      const dp = deal.terms.sourceDecimalPoint;
      const reservation: Reservation = {
        amount: parseAmount(event.data.amount, dp, 'positive'),
        escrowAmount: parseAmount(event.data.escrowAmount, dp, 'nonNegative'),
        applicantMemberSeq,
        stage: 'potential',
      };
      const next = {
        ...deal,
        potential: deal.potential + reservation.amount,
        escrowTaken: deal.escrowTaken + reservation.escrowAmount,
        escrowEmptied:
          deal.escrowEmptied ||
          (deal.escrowAmount > 0n &&
            deal.escrowTaken + reservation.escrowAmount === deal.escrowAmount),
        reservations: { ...deal.reservations, [applicationId]: reservation },
      };
      assert(availableOf(next) >= 0n, 'a deal reserved more than its total');
      return next;
    }
    case 'DealAmountHeld':
      return moved(deal, event.data.applicationId, 'holding');
    case 'DealAmountConfirmed':
      return moved(deal, event.data.applicationId, 'confirmed');
    case 'DealAmountFreed':
      return moved(deal, event.data.applicationId, 'freed');
    case 'DealClosed':
      assert(deal.status !== 'closed', 'a deal closed twice');
      return { ...deal, status: 'closed', closedAt: event.data.closedAt };
    case 'DealEscrowReleased':
      assert(
        deal.escrow === 'placed' && deal.status === 'closed',
        'a deal escrow released while open',
      );
      return { ...deal, escrow: 'released' };
  }
}

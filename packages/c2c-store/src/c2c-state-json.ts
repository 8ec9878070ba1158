import type { DealState, OpenDeal, Reservation } from '@ledger/c2c';

/**
 * A deal's folded state as JSON for its read-model row (bigint minor units as decimal text), and
 * back: the projection folds each event with the decider's own `evolveDeal`, so the row shows
 * exactly what the deal decides on. An application's state is plain JSON already.
 */

type ReservationJson = Omit<Reservation, 'amount' | 'escrowAmount'> & {
  amount: string;
  escrowAmount: string;
};
export type DealStateJson = Omit<
  OpenDeal,
  'total' | 'potential' | 'holding' | 'confirmed' | 'escrowAmount' | 'escrowTaken' | 'reservations'
> & {
  total: string;
  potential: string;
  holding: string;
  confirmed: string;
  escrowAmount: string;
  escrowTaken: string;
  reservations: Record<string, ReservationJson>;
};

export function dealStateToJson(deal: OpenDeal): DealStateJson {
  const reservations: Record<string, ReservationJson> = {};
  for (const [applicationId, reservation] of Object.entries(deal.reservations)) {
    reservations[applicationId] = {
      ...reservation,
      amount: reservation.amount.toString(),
      escrowAmount: reservation.escrowAmount.toString(),
    };
  }
  return {
    ...deal,
    total: deal.total.toString(),
    potential: deal.potential.toString(),
    holding: deal.holding.toString(),
    confirmed: deal.confirmed.toString(),
    escrowAmount: deal.escrowAmount.toString(),
    escrowTaken: deal.escrowTaken.toString(),
    reservations,
  };
}

export function dealStateFromJson(json: DealStateJson | null): DealState {
  if (json === null) return { status: 'none' };
  const reservations: Record<string, Reservation> = {};
  for (const [applicationId, reservation] of Object.entries(json.reservations)) {
    reservations[applicationId] = {
      ...reservation,
      amount: BigInt(reservation.amount),
      escrowAmount: BigInt(reservation.escrowAmount),
    };
  }
  return {
    ...json,
    total: BigInt(json.total),
    potential: BigInt(json.potential),
    holding: BigInt(json.holding),
    confirmed: BigInt(json.confirmed),
    escrowAmount: BigInt(json.escrowAmount),
    escrowTaken: BigInt(json.escrowTaken),
    reservations,
  };
}

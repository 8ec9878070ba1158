// Proves the deal decider given/when/then: publishing checks the market, side, prices, unit and
// bounds and fixes the fee; reservations never oversell and are idempotent per application; the
// amounts move between potential, holding and confirmed exactly; a part freed after an immediate
// deal's escrow was taken whole is not counted back into it; closing is the owner's, an
// administrator's or the schedule's once due; an immediate deal's escrow is placed and released once.
import { stateFrom } from '@ledger/decider';
import { deciderSpecification } from '@ledger/decider/testing';
import { describe, expect, it } from 'vitest';
import { dealDecider } from './deal-decider.ts';
import type { DealEvent } from './deal-events.ts';
import { availableOf, type OpenDeal } from './deal-state.ts';
import { nextDealStep } from './deal-steps.ts';
import { applicant, market, owner, publish, t0, t1 } from './testing-fixtures.ts';

const { given } = deciderSpecification(dealDecider);

function publishedEvents(overrides = {}): DealEvent[] {
  const decision = dealDecider.decide(publish(overrides), dealDecider.initialState());
  if (decision.kind !== 'accepted') throw new Error('publish refused');
  return decision.events;
}

const reserve = (applicationId: string, amount: string, extra = {}) => ({
  type: 'ReserveDealAmount' as const,
  applicationId,
  applicantMemberSeq: applicant,
  amount,
  escrowAmount: '0.00000000',
  price: '95000000',
  now: t1,
  ...extra,
});
const reserved = (applicationId: string, amount: string): DealEvent => ({
  type: 'DealAmountReserved',
  data: {
    dealId: 'd1',
    applicationId,
    applicantMemberSeq: applicant,
    amount,
    escrowAmount: '0.00000000',
    reservedAt: t1,
  },
});

describe('PublishDeal', () => {
  it('publishes with the fee on the total and the tighter bounds', () => {
    const [event] = publishedEvents();
    expect(event?.type).toBe('DealPublished');
    expect(event?.data).toMatchObject({
      feeAmount: '0.00100000',
      applicationMin: '0.00100000',
      applicationMax: '0.50000000',
      escrow: null,
    });
  });

  it('escrows the total and its fee for an immediate sell deal, and waits for it', () => {
    const events = publishedEvents({ safetyType: 'immediate' });
    expect(events[0]?.data).toMatchObject({
      escrow: { holdId: 'c2c-deal:d1:escrow', amount: '1.00100000' },
    });
    const state = stateFrom(dealDecider, events);
    expect(state.status).toBe('opening');
    expect(nextDealStep(state)).toMatchObject({
      kind: 'placeEscrow',
      command: { type: 'PlaceHold', data: { amount: '1.00100000', account: 'member:7:btc' } },
    });
  });

  it('refuses what cannot be published', () => {
    given([])
      .when(publish({ market: { ...market, isActive: false } }))
      .thenRejects('MarketInactive');
    given([])
      .when(publish({ side: 'buy', safetyType: 'immediate' }))
      .thenRejects('SafetyTypeNotForSide');
    given([])
      .when(publish({ totalAmount: '1.00005000' }))
      .thenRejects('AmountNotInUnit');
    given([])
      .when(publish({ totalAmount: '1.5' }))
      .thenRejects('AmountInvalid', { field: 'totalAmount' });
    given([])
      .when(publish({ priceMax: '1' }))
      .thenRejects('PriceInvalid', { field: 'priceMax' });
    given([])
      .when(publish({ closeAt: t0 }))
      .thenRejects('CloseDateInvalid');
    given([])
      .when(publish({ applicationMax: '0.00050000' }))
      .thenRejects('AmountOutsideBounds');
    given(publishedEvents()).when(publish()).thenRejects('DealExists');
  });
});

describe('ReserveDealAmount', () => {
  it('reserves within the bounds and price range, once per application', () => {
    given(publishedEvents())
      .when(reserve('a1', '0.50000000'))
      .then([reserved('a1', '0.50000000')]);
    given([...publishedEvents(), reserved('a1', '0.50000000')])
      .when(reserve('a1', '0.50000000'))
      .then([]);
  });

  it('never oversells: the last amount goes to one applicant', () => {
    const history = [
      ...publishedEvents(),
      reserved('a1', '0.50000000'),
      reserved('a2', '0.40000000'),
    ];
    given(history)
      .when(reserve('a3', '0.20000000'))
      .thenRejects('AmountExceedsAvailable', { available: '0.10000000' });
    given(history)
      .when(reserve('a3', '0.10000000'))
      .then([reserved('a3', '0.10000000')]);
  });

  it('refuses its own owner, a price outside the range, bounds and a past close date', () => {
    const deal = publishedEvents();
    given(deal)
      .when(reserve('a1', '0.1', {}))
      .thenRejects('AmountInvalid');
    given(deal)
      .when(reserve('a1', '0.10000000', { applicantMemberSeq: owner }))
      .thenRejects('OwnDeal');
    given(deal)
      .when(reserve('a1', '0.10000000', { price: '80000000' }))
      .thenRejects('PriceOutsideRange');
    given(deal).when(reserve('a1', '0.60000000')).thenRejects('AmountOutsideBounds');
    given(deal).when(reserve('a1', '0.00050000')).thenRejects('AmountOutsideBounds');
    given(deal)
      .when(reserve('a1', '0.10000000', { now: '2026-12-31T00:00:00.000Z' }))
      .thenRejects('DealPastCloseDate');
  });

  it('takes an immediate deal only once its escrow is placed, and within the escrow', () => {
    const events = publishedEvents({ safetyType: 'immediate' });
    given(events)
      .when(reserve('a1', '0.50000000', { escrowAmount: '0.50050000' }))
      .thenRejects('DealNotOpen');
    const placed: DealEvent = {
      type: 'DealEscrowPlaced',
      data: {
        dealId: 'd1',
        holdId: 'c2c-deal:d1:escrow',
        ledgerCommandId: 'c2c-deal:d1:escrow',
        placedAt: t1,
      },
    };
    given([...events, placed])
      .when(reserve('a1', '0.50000000', { escrowAmount: '0.50050000' }))
      .decision();
    expect(
      given([...events, placed])
        .when(reserve('a1', '0.50000000', { escrowAmount: '0.50050000' }))
        .decision().kind,
    ).toBe('accepted');
  });
});

describe('an immediate deal escrow taken whole', () => {
  it('counts a part freed after that as gone from the escrow, since its hold is empty', () => {
    const events = publishedEvents({ safetyType: 'immediate', applicationMax: '1.00000000' });
    const placed: DealEvent = {
      type: 'DealEscrowPlaced',
      data: {
        dealId: 'd1',
        holdId: 'c2c-deal:d1:escrow',
        ledgerCommandId: 'c2c-deal:d1:escrow',
        placedAt: t1,
      },
    };
    const reservedPart = (
      applicationId: string,
      amount: string,
      escrowAmount: string,
    ): DealEvent => ({
      type: 'DealAmountReserved',
      data: {
        dealId: 'd1',
        applicationId,
        applicantMemberSeq: applicant,
        amount,
        escrowAmount,
        reservedAt: t1,
      },
    });
    const freed: DealEvent = {
      type: 'DealAmountFreed',
      data: { dealId: 'd1', applicationId: 'a1', freedAt: t1 },
    };
    const partly = [...events, placed, reservedPart('a1', '0.50000000', '0.50050000')];
    const partlyFreed = stateFrom(dealDecider, [...partly, freed]) as OpenDeal;
    expect([partlyFreed.escrowTaken, partlyFreed.escrowEmptied]).toEqual([0n, false]);
    const whole = [...partly, reservedPart('a2', '0.50000000', '0.50050000')];
    const wholeFreed = stateFrom(dealDecider, [...whole, freed]) as OpenDeal;
    expect([wholeFreed.escrowTaken, wholeFreed.escrowEmptied, availableOf(wholeFreed)]).toEqual([
      100100000n,
      true,
      50000000n,
    ]);
    given([...whole, freed])
      .when(reserve('a3', '0.10000000', { escrowAmount: '0.10010000' }))
      .thenRejects('AmountExceedsAvailable');
  });
});

describe('amounts and closing', () => {
  it('moves an application part exactly between potential, holding and confirmed', () => {
    const events = [...publishedEvents(), reserved('a1', '0.30000000')];
    given(events)
      .when({ type: 'HoldDealAmount', applicationId: 'a1', now: t1 })
      .then([{ type: 'DealAmountHeld', data: { dealId: 'd1', applicationId: 'a1', heldAt: t1 } }]);
    const held: DealEvent = {
      type: 'DealAmountHeld',
      data: { dealId: 'd1', applicationId: 'a1', heldAt: t1 },
    };
    const confirmed: DealEvent = {
      type: 'DealAmountConfirmed',
      data: { dealId: 'd1', applicationId: 'a1', confirmedAt: t1 },
    };
    const state = stateFrom(dealDecider, [...events, held, confirmed]) as OpenDeal;
    expect([state.potential, state.holding, state.confirmed, availableOf(state)]).toEqual([
      0n,
      0n,
      30000000n,
      70000000n,
    ]);
    given([...events, held, confirmed])
      .when({ type: 'FreeDealAmount', applicationId: 'a1', now: t1 })
      .thenRejects('ReservationFinished');
    given(events)
      .when({ type: 'FreeDealAmount', applicationId: 'a9', now: t1 })
      .thenRejects('ReservationNotFound');
  });

  it('closes for its owner, an administrator, or the schedule once due', () => {
    const events = publishedEvents();
    const closed = (
      closedBy: 'owner' | 'schedule' | 'admin',
      actorSeq: number | null,
      at = t1,
    ): DealEvent => ({
      type: 'DealClosed',
      data: { dealId: 'd1', closedBy, actorSeq, closedAt: at },
    });
    given(events)
      .when({ type: 'CloseDeal', closedBy: 'owner', actorSeq: owner, now: t1 })
      .then([closed('owner', owner)]);
    given(events)
      .when({ type: 'CloseDeal', closedBy: 'owner', actorSeq: applicant, now: t1 })
      .thenRejects('NotDealOwner');
    given(events)
      .when({ type: 'CloseDeal', closedBy: 'schedule', actorSeq: null, now: t1 })
      .thenRejects('DealNotDue');
    const due = '2026-12-31T00:00:00.000Z';
    given(events)
      .when({ type: 'CloseDeal', closedBy: 'schedule', actorSeq: null, now: due })
      .then([closed('schedule', null, due)]);
    given([...events, closed('admin', 1)])
      .when({ type: 'CloseDeal', closedBy: 'owner', actorSeq: owner, now: t1 })
      .then([]);
  });

  it('releases what is left of an immediate escrow once the deal is closed', () => {
    const events = publishedEvents({ safetyType: 'immediate' });
    const placed: DealEvent = {
      type: 'DealEscrowPlaced',
      data: {
        dealId: 'd1',
        holdId: 'c2c-deal:d1:escrow',
        ledgerCommandId: 'c2c-deal:d1:escrow',
        placedAt: t1,
      },
    };
    const closed: DealEvent = {
      type: 'DealClosed',
      data: { dealId: 'd1', closedBy: 'owner', actorSeq: owner, closedAt: t1 },
    };
    expect(nextDealStep(stateFrom(dealDecider, [...events, placed])).kind).toBe('none');
    expect(nextDealStep(stateFrom(dealDecider, [...events, placed, closed]))).toMatchObject({
      kind: 'releaseEscrow',
      command: { type: 'ReleaseHold' },
    });
    const refused = given(events)
      .when({
        type: 'RecordDealEscrow',
        ledgerCommandId: 'x',
        outcome: {
          kind: 'refused',
          rejection: { type: 'InsufficientFunds', available: '0', requested: '1' } as never,
        },
        now: t1,
      })
      .decision();
    expect(refused.kind === 'accepted' && refused.events.map((event) => event.type)).toEqual([
      'DealEscrowRefused',
      'DealClosed',
    ]);
  });
});

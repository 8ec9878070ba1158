// Proves an immediate deal's parts are charged the fee cumulatively: each application's fee is the fee on everything taken so far including it less what the parts before were charged, so the parts' fees sum exactly to the deal's fee and the last part fits the escrow; a filing that read the deal before another part was taken is refused with the fee now due; a freed part leaves the others' fees as they were.
import { stateFrom } from '@ledger/decider';
import { describe, expect, it } from 'vitest';
import { applicationDecider } from './application-decider.ts';
import { fileOf } from './application-testing.ts';
import { dealDecider } from './deal-decider.ts';
import type { DealEvent, DealTerms } from './deal-events.ts';
import { chargedTextOf, type OpenDeal } from './deal-state.ts';
import { market, publish, t1 } from './testing-fixtures.ts';

const feeRate = '0.0000001';
const placed: DealEvent = {
  type: 'DealEscrowPlaced',
  data: { dealId: 'd1', holdId: 'c2c-deal:d1:escrow', ledgerCommandId: 'x', placedAt: t1 },
};

function immediateDeal(): DealEvent[] {
  const command = publish({
    market: { ...market, feeRate },
    safetyType: 'immediate',
    applicationMax: '1.00000000',
  });
  const decision = dealDecider.decide(command, dealDecider.initialState());
  if (decision.kind !== 'accepted') throw new Error('publish refused');
  return [...decision.events, placed];
}

const termsOf = (events: DealEvent[]) => (stateFrom(dealDecider, events) as OpenDeal).terms;

/** Files an application on what the deal has charged (`charged`, or now) and reserves it. */
function take(
  events: DealEvent[],
  id: string,
  amount: string,
  charged = chargedTextOf(stateFrom(dealDecider, events)),
) {
  const terms: DealTerms = termsOf(events);
  const filing = applicationDecider.decide(
    fileOf(terms, { applicationId: id, amount, dealCharged: charged }),
    applicationDecider.initialState(),
  );
  if (filing.kind !== 'accepted' || filing.events[0]?.type !== 'ApplicationFiled')
    throw new Error('filing refused');
  const filed = filing.events[0].data;
  const reserve = {
    type: 'ReserveDealAmount' as const,
    applicationId: id,
    applicantMemberSeq: 9,
    amount,
    escrowAmount: filed.sellerEscrow,
    price: '95000000',
    now: t1,
  };
  return { filed, decision: dealDecider.decide(reserve, stateFrom(dealDecider, events)) };
}

function takeAll(parts: [string, string][]) {
  let events = immediateDeal();
  const fees: string[] = [];
  for (const [id, amount] of parts) {
    const { filed, decision } = take(events, id, amount);
    if (decision.kind !== 'accepted') throw new Error(`${id} refused: ${JSON.stringify(decision)}`);
    fees.push(filed.feeAmount);
    events = [...events, ...decision.events];
  }
  return { events, fees };
}

describe('an immediate deal charged in parts', () => {
  it('charges the parts fees that sum to the fee on the total, so the last part fits', () => {
    const parts: [string, string][] = [
      ['a1', '0.33300000'],
      ['a2', '0.33300000'],
      ['a3', '0.33300000'],
      ['a4', '0.00100000'],
    ];
    const { events, fees } = takeAll(parts);
    expect(termsOf(events).feeAmount).toBe('0.00000010');
    expect(fees).toEqual(['0.00000004', '0.00000003', '0.00000003', '0.00000000']);
    const deal = stateFrom(dealDecider, events) as OpenDeal;
    expect([deal.escrowTaken, deal.escrowAmount, deal.escrowEmptied]).toEqual([
      100000010n,
      100000010n,
      true,
    ]);
  });

  it('refuses a filing that read the deal before another part was taken, with the fee due now', () => {
    const { events } = takeAll([['a1', '0.33300000']]);
    const stale = { taken: '0.00000000', fee: '0.00000000' };
    const { decision } = take(events, 'a2', '0.33300000', stale);
    expect(decision).toEqual({
      kind: 'rejected',
      rejection: { type: 'FeeOutdated', feeAmount: '0.00000003' },
    });
  });

  it('leaves the other parts their fees when one is freed, and never charges below zero', () => {
    const { events } = takeAll([
      ['a1', '0.33300000'],
      ['a2', '0.33300000'],
    ]);
    const freed: DealEvent = {
      type: 'DealAmountFreed',
      data: { dealId: 'd1', applicationId: 'a1', freedAt: t1 },
    };
    const after = [...events, freed];
    expect(chargedTextOf(stateFrom(dealDecider, after))).toEqual({
      taken: '0.33300000',
      fee: '0.00000003',
    });
    const { filed, decision } = take(after, 'a3', '0.33300000');
    expect([filed.feeAmount, decision.kind]).toEqual(['0.00000004', 'accepted']);
  });
});

// Proves the application decider given/when/then: filing fixes the amounts (target and fee rounded up, the owner pays the fee); the derived status walks filing → requested → accepted → funded → paid → confirming → confirmed for each safety type, with the ledger step each stage asks for; the ending paths (cancelled, rejected, expired, returned) release what is held and free the deal before they end; a refused reservation is final; each deadline expires its stage, a missed release opens a dispute; an administrator confirms or returns with a reason; and each command is its actor's only.
import { deciderSpecification } from '@ledger/decider/testing';
import { describe, expect, it } from 'vitest';
import type { ApplicationCommand } from './application-commands.ts';
import { applicationDecider } from './application-decider.ts';
import type { ApplicationEvent } from './application-events.ts';
import { nextApplicationStep } from './application-steps.ts';
import { ApplicationStory, dealTermsOf, fileOf } from './application-testing.ts';
import { feeRevenueAccountOf } from './c2c-accounts.ts';
import { applicant, owner, t1 } from './testing-fixtures.ts';

const { given } = deciderSpecification(applicationDecider);
const at = (minutes: number) => new Date(Date.parse(t1) + minutes * 60_000).toISOString();
const t2 = at(1);
const id = 'a1';
const base = 'c2c-application:a1';

const reserved: ApplicationCommand = {
  type: 'RecordReservation',
  outcome: { kind: 'reserved' },
  now: t1,
};
const held = (side: 'seller' | 'buyer', attempt = 1, now = t2): ApplicationCommand => ({
  type: 'RecordSideHold',
  side,
  ledgerCommandId: `${base}:${side}:${attempt}`,
  outcome: { kind: 'placed', holdId: `${base}:${side}:${attempt}` },
  now,
});
const insufficient = {
  type: 'InsufficientFunds' as const,
  account: 'member:7:btc',
  available: '0.00000000',
  requested: '0.12358024',
};
const act = (
  type:
    | 'AcceptApplication'
    | 'CancelApplication'
    | 'MarkPaid'
    | 'ConfirmApplication'
    | 'OpenDispute'
    | 'RetryHold',
  actorSeq: number,
  now = t2,
) => ({ type, actorSeq, now }) as ApplicationCommand;
const dealStage = (stage: 'held' | 'confirmed' | 'freed', now = t2): ApplicationCommand => ({
  type: 'RecordDealStage',
  stage,
  now,
});
const released = (side: 'seller' | 'buyer'): ApplicationCommand => ({
  type: 'RecordSideReleased',
  side,
  ledgerCommandId: `${base}:${side}:1:release`,
  now: t2,
});

/** A sell deal's application (the owner sells, the applicant buys) of the given safety type. */
const sellStory = (safetyType: Parameters<typeof dealTermsOf>[0]) =>
  new ApplicationStory(fileOf(dealTermsOf(safetyType)));
/** A sellerFirst application funded and paid: the seller's and the buyer's sides held. */
const paidStory = () =>
  sellStory('sellerFirst')
    .do(reserved)
    .do(act('AcceptApplication', owner))
    .do(held('seller'))
    .do(dealStage('held'))
    .do(act('MarkPaid', applicant))
    .do(held('buyer'));

describe('FileApplication', () => {
  it('fixes the amounts: the target and the fee rounded up, the owner pays the fee', () => {
    const selling = sellStory('sellerFirst').open().terms;
    expect(selling).toMatchObject({
      sourceAmount: '0.12345678',
      targetAmount: '11728395',
      feeAmount: '0.00012346',
      sellerEscrow: '0.12358024',
      buyerReceives: '0.12345678',
      sellerMemberSeq: owner,
      buyerMemberSeq: applicant,
      sellerSourceAccount: 'member:7:btc',
      buyerTargetAccount: 'member:9:krw',
      dealEscrowHoldId: null,
    });
    const buying = new ApplicationStory(fileOf(dealTermsOf('sellerFirst', 'buy'))).open().terms;
    expect(buying).toMatchObject({
      targetAmount: '11728395',
      feeAmount: '0.00012346',
      sellerEscrow: '0.12345678',
      buyerReceives: '0.12333332',
      sellerMemberSeq: applicant,
      buyerMemberSeq: owner,
      sellerSourceAccount: 'member:9:btc',
      buyerTargetAccount: 'member:7:krw',
    });
    const exact = new ApplicationStory(
      fileOf(dealTermsOf('sellerFirst'), { amount: '0.10000000', price: '95000000' }),
    );
    expect(exact.open().terms).toMatchObject({ targetAmount: '9500000', feeAmount: '0.00010000' });
  });

  it('starts filing, with no deadline, and asks the deal for a reservation', () => {
    const app = sellStory('sellerFirst').open();
    expect([app.status, app.deadline]).toEqual(['filing', null]);
    expect(nextApplicationStep(app)).toEqual({ kind: 'reserveOnDeal' });
  });

  it('refuses its own deal, a malformed amount or price, and a second filing', () => {
    const deal = dealTermsOf('sellerFirst');
    given([])
      .when(fileOf(deal, { applicantMemberSeq: owner }))
      .thenRejects('OwnDeal');
    given([])
      .when(fileOf(deal, { amount: '0.1' }))
      .thenRejects('AmountInvalid', { field: 'amount' });
    given([])
      .when(fileOf(deal, { amount: '0.00000000' }))
      .thenRejects('AmountInvalid');
    given([])
      .when(fileOf(deal, { price: '0' }))
      .thenRejects('PriceInvalid', { field: 'price' });
    given([])
      .when(fileOf(deal, { price: '1e6' }))
      .thenRejects('PriceInvalid');
    const story = sellStory('sellerFirst');
    given(story.events).when(fileOf(deal)).thenRejects('ApplicationExists');
    given([]).when(act('AcceptApplication', owner)).thenRejects('ApplicationNotFound');
  });
});

describe('sellerFirst: the owner accepts, then the seller is held, then the buyer pays', () => {
  it('walks every status with its deadline and the ledger step of each stage', () => {
    const story = sellStory('sellerFirst').do(reserved);
    expect(story.open()).toMatchObject({
      status: 'requested',
      deadline: { reason: 'accept', at: at(10) },
    });
    expect(nextApplicationStep(story.state())).toEqual({ kind: 'none' });

    story.do(act('AcceptApplication', owner));
    expect(story.open()).toMatchObject({
      status: 'accepted',
      deadline: { reason: 'deposit', at: at(16) },
    });
    expect(nextApplicationStep(story.state())).toEqual({
      kind: 'holdSide',
      side: 'seller',
      holdId: `${base}:seller:1`,
      ledgerCommandId: `${base}:seller:1`,
      command: {
        type: 'PlaceHold',
        data: {
          holdId: `${base}:seller:1`,
          account: 'member:7:btc',
          amount: '0.12358024',
          reason: 'c2cEscrow',
        },
      },
    });

    story.do(held('seller'));
    expect(story.open()).toMatchObject({
      status: 'funded',
      deadline: { reason: 'payment', at: at(31) },
    });
    expect(nextApplicationStep(story.state())).toEqual({ kind: 'recordDealStage', stage: 'held' });
    story.do(dealStage('held'));
    expect(nextApplicationStep(story.state())).toEqual({ kind: 'none' });

    story.do(act('MarkPaid', applicant));
    expect(story.open().status).toBe('funded');
    expect(nextApplicationStep(story.state())).toMatchObject({
      kind: 'holdSide',
      side: 'buyer',
      command: { type: 'PlaceHold', data: { account: 'member:9:krw', amount: '11728395' } },
    });
    story.do(held('buyer', 1, at(5)));
    expect(story.open()).toMatchObject({
      status: 'paid',
      deadline: { reason: 'release', at: at(65) },
    });

    story.do(act('ConfirmApplication', owner));
    expect(story.open()).toMatchObject({ status: 'confirming', deadline: null });
    expect(nextApplicationStep(story.state())).toEqual({
      kind: 'settle',
      ledgerCommandId: `${base}:settle`,
      command: {
        type: 'CaptureHolds',
        data: {
          transferId: `${base}:settle`,
          cause: 'c2c',
          captures: [
            {
              holdId: `${base}:seller:1`,
              legs: [
                {
                  debit: 'member:7:btc',
                  credit: 'member:9:btc',
                  asset: 'BTC',
                  amount: '0.12345678',
                },
                {
                  debit: 'member:7:btc',
                  credit: feeRevenueAccountOf('BTC'),
                  asset: 'BTC',
                  amount: '0.00012346',
                },
              ],
            },
            {
              holdId: `${base}:buyer:1`,
              legs: [
                { debit: 'member:9:krw', credit: 'member:7:krw', asset: 'KRW', amount: '11728395' },
              ],
            },
          ],
        },
      },
    });
    story.do({ type: 'RecordSettled', ledgerCommandId: `${base}:settle`, now: t2 });
    expect(story.open().status).toBe('confirming');
    expect(nextApplicationStep(story.state())).toEqual({
      kind: 'recordDealStage',
      stage: 'confirmed',
    });
    story.do(dealStage('confirmed'));
    expect(story.open()).toMatchObject({
      status: 'confirmed',
      sides: { seller: { status: 'captured' }, buyer: { status: 'captured' } },
    });
    expect(nextApplicationStep(story.state())).toEqual({ kind: 'none' });
  });

  it('answers a repeated action or outcome with no event, and refuses actions after the end', () => {
    const story = paidStory();
    given(story.events).when(act('MarkPaid', applicant)).then([]);
    given(story.events).when(held('seller')).then([]);
    given(story.events).when(act('AcceptApplication', owner)).then([]);
    story.do(act('ConfirmApplication', owner));
    given(story.events).when(act('ConfirmApplication', owner)).then([]);
    story
      .do({ type: 'RecordSettled', ledgerCommandId: `${base}:settle`, now: t2 })
      .do(dealStage('confirmed'));
    given(story.events).when(dealStage('confirmed')).then([]);
    given(story.events)
      .when(act('CancelApplication', owner))
      .thenRejects('ApplicationStateInvalid', { status: 'confirmed' });
  });

  it('is each actor’s own: the owner accepts, the buyer pays, the seller confirms', () => {
    const requested = sellStory('sellerFirst').do(reserved);
    given(requested.events)
      .when(act('AcceptApplication', applicant))
      .thenRejects('NotAllowedForActor', { role: 'owner' });
    given(requested.events)
      .when(act('CancelApplication', 42))
      .thenRejects('NotAllowedForActor', { role: 'party' });
    given(requested.events)
      .when(act('MarkPaid', applicant))
      .thenRejects('ApplicationStateInvalid', { status: 'requested' });
    const paid = paidStory();
    given(paid.events)
      .when(act('MarkPaid', owner))
      .thenRejects('NotAllowedForActor', { role: 'buyer' });
    given(paid.events)
      .when(act('ConfirmApplication', applicant))
      .thenRejects('NotAllowedForActor', { role: 'seller' });
    given(requested.events)
      .when(act('ConfirmApplication', owner))
      .thenRejects('ApplicationStateInvalid');
  });

  it('waits for a refused hold until its party retries, with a new hold id', () => {
    const story = sellStory('sellerFirst').do(reserved).do(act('AcceptApplication', owner));
    story.do({
      type: 'RecordSideHold',
      side: 'seller',
      ledgerCommandId: `${base}:seller:1`,
      outcome: { kind: 'refused', rejection: insufficient },
      now: t2,
    });
    expect(story.open()).toMatchObject({
      status: 'accepted',
      sides: { seller: { status: 'refused', attempt: 1 } },
    });
    expect(nextApplicationStep(story.state())).toEqual({ kind: 'none' });
    given(story.events)
      .when(act('RetryHold', applicant))
      .thenRejects('HoldNotRefused', { side: 'buyer' });
    story.do(act('RetryHold', owner));
    expect(nextApplicationStep(story.state())).toMatchObject({
      kind: 'holdSide',
      holdId: `${base}:seller:2`,
    });
    story.do(held('seller', 2));
    expect(story.open().status).toBe('funded');
  });
});

describe('the other safety types', () => {
  it('immediate: the seller part moves from the deal escrow when reserved; no accept', () => {
    const story = sellStory('immediate').do(reserved);
    expect(story.open()).toMatchObject({ status: 'accepted', deadline: { reason: 'deposit' } });
    expect(nextApplicationStep(story.state())).toMatchObject({
      kind: 'holdSide',
      side: 'seller',
      command: {
        type: 'MoveHeld',
        data: {
          fromHoldId: 'c2c-deal:d1:escrow',
          toHoldId: `${base}:seller:1`,
          amount: '0.12358024',
          reason: 'c2cEscrow',
        },
      },
    });
    given(story.events)
      .when(act('AcceptApplication', owner))
      .thenRejects('ApplicationStateInvalid');
    story.do(held('seller'));
    expect(story.open().status).toBe('funded');
  });

  it('requesterFirst: the applicant is held first, the owner accepts only then, and pays no later step', () => {
    const story = sellStory('requesterFirst').do(reserved);
    expect(story.open().status).toBe('requested');
    expect(nextApplicationStep(story.state())).toMatchObject({
      kind: 'holdSide',
      side: 'buyer',
      command: { type: 'PlaceHold', data: { account: 'member:9:krw', amount: '11728395' } },
    });
    given(story.events)
      .when(act('AcceptApplication', owner))
      .thenRejects('ApplicationStateInvalid', { status: 'requested' });
    story.do(held('buyer'));
    expect(story.open()).toMatchObject({ status: 'requested', deadline: { reason: 'accept' } });
    story.do(act('AcceptApplication', owner));
    expect(nextApplicationStep(story.state())).toMatchObject({ kind: 'holdSide', side: 'seller' });
    story.do(held('seller')).do(dealStage('held'));
    expect(story.open().status).toBe('funded');
    story.do(act('MarkPaid', applicant));
    expect(story.open().status).toBe('paid');
  });

  it('requesterFirst on a buy deal: the applicant is the seller and is held first', () => {
    const story = new ApplicationStory(fileOf(dealTermsOf('requesterFirst', 'buy'))).do(reserved);
    expect(nextApplicationStep(story.state())).toMatchObject({
      kind: 'holdSide',
      side: 'seller',
      command: { type: 'PlaceHold', data: { account: 'member:9:btc', amount: '0.12345678' } },
    });
  });

  it('neither: nothing is held, the confirm settles at once with no ledger command', () => {
    const story = sellStory('neither').do(reserved).do(act('AcceptApplication', owner));
    expect(story.open().status).toBe('funded');
    expect(nextApplicationStep(story.state())).toEqual({ kind: 'recordDealStage', stage: 'held' });
    story.do(dealStage('held')).do(act('MarkPaid', applicant));
    expect(story.open().status).toBe('paid');
    expect(nextApplicationStep(story.state())).toEqual({ kind: 'none' });
    given(story.events)
      .when(act('ConfirmApplication', owner))
      .then([
        {
          type: 'ApplicationConfirmRequested',
          data: { applicationId: id, by: 'seller', actorSeq: owner, reason: null, requestedAt: t2 },
        },
        {
          type: 'ApplicationSettled',
          data: { applicationId: id, ledgerCommandId: null, settledAt: t2 },
        },
      ]);
    story.do(act('ConfirmApplication', owner)).do(dealStage('confirmed'));
    expect(story.open().status).toBe('confirmed');
  });
});

describe('ending: release what is held, free the deal, then end', () => {
  const ending = (
    outcome: string,
    by: string,
    actorSeq: number | null,
    reason: string | null,
    now = t2,
  ): ApplicationEvent =>
    ({
      type: 'ApplicationEnding',
      data: { applicationId: id, outcome, by, actorSeq, reason, endingAt: now },
    }) as ApplicationEvent;

  it('cancelled before payment by either party: the held side released, the deal freed', () => {
    const funded = sellStory('sellerFirst')
      .do(reserved)
      .do(act('AcceptApplication', owner))
      .do(held('seller'));
    given(funded.events)
      .when(act('CancelApplication', applicant))
      .then([ending('cancelled', 'applicant', applicant, null)]);
    const story = funded.do(act('CancelApplication', owner));
    expect(story.open()).toMatchObject({ status: 'ending', deadline: null });
    expect(nextApplicationStep(story.state())).toEqual({
      kind: 'releaseSide',
      side: 'seller',
      toDealEscrow: null,
      ledgerCommandId: `${base}:seller:1:release`,
      command: { type: 'ReleaseHold', data: { holdId: `${base}:seller:1` } },
    });
    given(story.events)
      .when({ type: 'RecordEnded', now: t2 })
      .thenRejects('ApplicationStateInvalid', { status: 'ending' });
    story.do(released('seller'));
    expect(nextApplicationStep(story.state())).toEqual({ kind: 'recordDealStage', stage: 'freed' });
    story.do(dealStage('freed'));
    expect(nextApplicationStep(story.state())).toEqual({ kind: 'end' });
    story.do({ type: 'RecordEnded', now: t2 });
    expect(story.open().status).toBe('cancelled');
    given(story.events).when({ type: 'RecordEnded', now: t2 }).then([]);
  });

  it('an immediate seller part goes back into the deal escrow, or is released', () => {
    const story = sellStory('immediate')
      .do(reserved)
      .do(held('seller'))
      .do(act('CancelApplication', applicant));
    expect(nextApplicationStep(story.state())).toEqual({
      kind: 'releaseSide',
      side: 'seller',
      toDealEscrow: {
        ledgerCommandId: `${base}:seller:1:return`,
        command: {
          type: 'MoveHeld',
          data: {
            fromHoldId: `${base}:seller:1`,
            toHoldId: 'c2c-deal:d1:escrow',
            amount: '0.12358024',
            reason: 'c2cEscrow',
          },
        },
      },
      ledgerCommandId: `${base}:seller:1:release`,
      command: { type: 'ReleaseHold', data: { holdId: `${base}:seller:1` } },
    });
  });

  it('rejected by the owner with a reason while requested; never after acceptance', () => {
    const story = sellStory('sellerFirst').do(reserved);
    const reject = (reason: string) => ({
      type: 'RejectApplication' as const,
      actorSeq: owner,
      reason,
      now: t2,
    });
    given(story.events)
      .when(reject('price too low'))
      .then([ending('rejected', 'owner', owner, 'price too low')]);
    given(story.events).when(reject('  ')).thenRejects('ReasonInvalid');
    given(story.events)
      .when({ ...reject('no'), actorSeq: applicant })
      .thenRejects('NotAllowedForActor');
    story.do(act('AcceptApplication', owner));
    given(story.events)
      .when(reject('late'))
      .thenRejects('ApplicationStateInvalid', { status: 'accepted' });
  });

  it('after payment a cancel needs both parties; the seller may return, but not in a dispute', () => {
    const story = paidStory();
    given(story.events)
      .when(act('CancelApplication', applicant))
      .then([
        {
          type: 'ApplicationCancelAgreed',
          data: { applicationId: id, side: 'buyer', agreedAt: t2 },
        },
      ]);
    const agreed = paidStory().do(act('CancelApplication', applicant));
    given(agreed.events).when(act('CancelApplication', applicant)).then([]);
    given(agreed.events)
      .when(act('CancelApplication', owner))
      .then([
        {
          type: 'ApplicationCancelAgreed',
          data: { applicationId: id, side: 'seller', agreedAt: t2 },
        },
        ending('cancelled', 'owner', owner, null),
      ]);
    const ret = {
      type: 'ReturnApplication' as const,
      actorSeq: owner,
      reason: 'no payment arrived',
      now: t2,
    };
    given(story.events)
      .when(ret)
      .then([ending('returned', 'seller', owner, 'no payment arrived')]);
    given(story.events)
      .when({ ...ret, actorSeq: applicant })
      .thenRejects('NotAllowedForActor', { role: 'seller' });
    const disputed = paidStory().do(act('OpenDispute', applicant));
    given(disputed.events).when(ret).thenRejects('DisputeOpen');
    const returned = paidStory().do(ret);
    expect(nextApplicationStep(returned.state())).toMatchObject({
      kind: 'releaseSide',
      side: 'seller',
    });
    returned.do(released('seller'));
    expect(nextApplicationStep(returned.state())).toMatchObject({
      kind: 'releaseSide',
      side: 'buyer',
    });
    returned.do(released('buyer')).do(dealStage('freed')).do({ type: 'RecordEnded', now: t2 });
    expect(returned.open().status).toBe('returned');
  });

  it('refused by the deal: final at once, nothing to release', () => {
    const story = sellStory('sellerFirst').do({
      type: 'RecordReservation',
      outcome: {
        kind: 'refused',
        rejection: { type: 'AmountExceedsAvailable', available: '0.10000000' },
      },
      now: t1,
    });
    expect(story.open().status).toBe('refused');
    expect(nextApplicationStep(story.state())).toEqual({ kind: 'none' });
    given(story.events)
      .when(act('CancelApplication', applicant))
      .thenRejects('ApplicationStateInvalid', { status: 'refused' });
    given(story.events).when(reserved).then([]);
  });
});

describe('deadlines and disputes', () => {
  const expire = (now: string): ApplicationCommand => ({ type: 'ExpireApplication', now });

  it('expires each waiting stage at its deadline, recording the stage that was missed', () => {
    const requested = sellStory('sellerFirst').do(reserved);
    given(requested.events)
      .when(expire(at(9)))
      .thenRejects('DeadlineNotDue', { deadline: at(10) });
    given(requested.events)
      .when(expire(at(10)))
      .then([
        {
          type: 'ApplicationEnding',
          data: {
            applicationId: id,
            outcome: 'expired',
            by: 'schedule',
            actorSeq: null,
            reason: 'accept',
            endingAt: at(10),
          },
        },
      ]);
    const accepted = requested.do(act('AcceptApplication', owner));
    expect(
      given(accepted.events)
        .when(expire(at(16)))
        .decision(),
    ).toMatchObject({
      kind: 'accepted',
      events: [{ data: { outcome: 'expired', reason: 'deposit' } }],
    });
    const funded = accepted.do(held('seller'));
    expect(
      given(funded.events)
        .when(expire(at(31)))
        .decision(),
    ).toMatchObject({ kind: 'accepted', events: [{ data: { reason: 'payment' } }] });
    const filing = sellStory('sellerFirst');
    given(filing.events)
      .when(expire(at(600)))
      .thenRejects('DeadlineNotDue', { deadline: null });
  });

  it('a missed release opens a dispute, never cancels; the dispute has no deadline', () => {
    const story = paidStory();
    const due = story.open().deadline?.at ?? '';
    given(story.events)
      .when(expire(due))
      .then([
        {
          type: 'ApplicationDisputeOpened',
          data: { applicationId: id, by: 'schedule', actorSeq: null, openedAt: due },
        },
      ]);
    story.do(expire(due));
    expect(story.open()).toMatchObject({ status: 'paid', dispute: 'open', deadline: null });
    given(story.events)
      .when(expire(at(6000)))
      .thenRejects('DeadlineNotDue', { deadline: null });
    given(story.events).when(act('OpenDispute', applicant)).then([]);
    story.do(act('ConfirmApplication', owner));
    expect(story.open().status).toBe('confirming');
  });

  it('a party opens a dispute only once paid', () => {
    given(paidStory().events)
      .when(act('OpenDispute', owner))
      .then([
        {
          type: 'ApplicationDisputeOpened',
          data: { applicationId: id, by: 'seller', actorSeq: owner, openedAt: t2 },
        },
      ]);
    const funded = sellStory('sellerFirst')
      .do(reserved)
      .do(act('AcceptApplication', owner))
      .do(held('seller'));
    given(funded.events)
      .when(act('OpenDispute', applicant))
      .thenRejects('ApplicationStateInvalid', { status: 'funded' });
    given(funded.events).when(act('OpenDispute', 42)).thenRejects('NotAllowedForActor');
  });
});

describe('an administrator resolves with a reason', () => {
  const resolve = (verdict: 'confirm' | 'return', reason = 'checked the bank statement') => ({
    type: 'ResolveApplication' as const,
    verdict,
    reason,
    actorSeq: 1,
    now: t2,
  });

  it('confirms a paid application as the seller would, disputed or not', () => {
    const story = paidStory().do(act('OpenDispute', applicant));
    given(story.events)
      .when(resolve('confirm'))
      .then([
        {
          type: 'ApplicationConfirmRequested',
          data: {
            applicationId: id,
            by: 'admin',
            actorSeq: 1,
            reason: 'checked the bank statement',
            requestedAt: t2,
          },
        },
      ]);
    story.do(resolve('confirm'));
    expect(nextApplicationStep(story.state())).toMatchObject({ kind: 'settle' });
    given(story.events).when(resolve('confirm')).then([]);
    given(story.events)
      .when(resolve('return'))
      .thenRejects('ApplicationStateInvalid', { status: 'confirming' });
  });

  it('returns at any stage before the end; confirms only once paid; needs a reason', () => {
    const funded = sellStory('sellerFirst')
      .do(reserved)
      .do(act('AcceptApplication', owner))
      .do(held('seller'));
    given(funded.events)
      .when(resolve('confirm'))
      .thenRejects('ApplicationStateInvalid', { status: 'funded' });
    given(funded.events).when(resolve('return', ' ')).thenRejects('ReasonInvalid');
    given(funded.events)
      .when(resolve('return'))
      .then([
        {
          type: 'ApplicationEnding',
          data: {
            applicationId: id,
            outcome: 'returned',
            by: 'admin',
            actorSeq: 1,
            reason: 'checked the bank statement',
            endingAt: t2,
          },
        },
      ]);
    const filing = sellStory('sellerFirst').do(resolve('return'));
    expect(nextApplicationStep(filing.state())).toEqual({ kind: 'end' });
    filing.do({ type: 'RecordEnded', now: t2 });
    expect(filing.open().status).toBe('returned');
  });
});

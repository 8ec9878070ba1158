// Proves the ledger steps an immediate deal and its applications ask for are commands the real ledger decider accepts, in the order the process issues them: the deal's escrow placed, an application's seller part moved out of it, the buyer's payment held, the settlement capturing both holds (buyer paid, fee to fee revenue, seller paid) in one decision, a cancelled application's part moved back into the escrow, and the rest released when the deal closes; every ledger invariant holds after each.
import { stateFrom } from '@ledger/decider';
import {
  assertLedgerInvariants,
  decide,
  evolve,
  initialState,
  type LedgerCommand,
  type LedgerState,
  readAccountBalance,
  systemAccountId,
} from '@ledger/ledger';
import { deposited, memberAccountOpened, systemAccountsOpened } from '@ledger/ledger/testing';
import { describe, expect, it } from 'vitest';
import type { ApplicationCommand } from './application-commands.ts';
import { type ApplicationStep, nextApplicationStep } from './application-steps.ts';
import { ApplicationStory, dealTermsOf, fileOf } from './application-testing.ts';
import { type C2cLedgerCommand, ledgerCommandInputOf } from './c2c-ledger-commands.ts';
import { dealDecider } from './deal-decider.ts';
import type { DealEvent } from './deal-events.ts';
import { nextDealStep } from './deal-steps.ts';
import { applicant, owner, publish, t1 } from './testing-fixtures.ts';

function openedLedger(): LedgerState {
  const state = initialState();
  const events = [
    ...systemAccountsOpened('BTC', 8),
    ...systemAccountsOpened('KRW', 0),
    memberAccountOpened('member:7:btc', '7', 'BTC', 8),
    memberAccountOpened('member:7:krw', '7', 'KRW', 0),
    memberAccountOpened('member:9:btc', '9', 'BTC', 8),
    memberAccountOpened('member:9:krw', '9', 'KRW', 0),
    deposited('d1', 'member:7:btc', '2.00000000', 'BTC'),
    deposited('d2', 'member:9:krw', '30000000', 'KRW'),
  ];
  for (const event of events) evolve(state, event);
  return state;
}

/** Submits a step's command as the process would; it must be accepted. */
function submit(ledger: LedgerState, command: C2cLedgerCommand): void {
  const input = ledgerCommandInputOf(command);
  const decision = decide({ ...input, metadata: { now: t1 } } as LedgerCommand, ledger);
  expect(decision, JSON.stringify(command)).toMatchObject({ kind: 'accepted' });
  if (decision.kind === 'accepted') for (const event of decision.events) evolve(ledger, event);
  assertLedgerInvariants(ledger);
}

function commandOf(step: ApplicationStep): C2cLedgerCommand {
  if (step.kind !== 'holdSide' && step.kind !== 'settle')
    throw new Error(`no command: ${step.kind}`);
  return step.command;
}

const balance = (ledger: LedgerState, account: string) => readAccountBalance(ledger, account);
const at = (seconds: number) => new Date(Date.parse(t1) + seconds * 1000).toISOString();

describe('the C2C ledger steps on the real ledger', () => {
  it('escrow, move out, payment, settlement, move back, release', () => {
    const ledger = openedLedger();
    const published = dealDecider.decide(
      publish({ safetyType: 'immediate' }),
      dealDecider.initialState(),
    );
    const dealEvents: DealEvent[] = published.kind === 'accepted' ? [...published.events] : [];
    const escrowStep = nextDealStep(stateFrom(dealDecider, dealEvents));
    if (escrowStep.kind !== 'placeEscrow') throw new Error('no escrow step');
    submit(ledger, escrowStep.command);
    expect(balance(ledger, 'member:7:btc')?.held).toBe('1.00100000');

    const deal = dealTermsOf('immediate');
    const sold = new ApplicationStory(fileOf(deal));
    const cancelled = new ApplicationStory(
      fileOf(deal, { applicationId: 'a2', amount: '0.20000000' }),
    );
    for (const story of [sold, cancelled]) {
      story.do({ type: 'RecordReservation', outcome: { kind: 'reserved' }, now: t1 });
      const step = nextApplicationStep(story.state());
      submit(ledger, commandOf(step));
      const holdId = step.kind === 'holdSide' ? step.holdId : '';
      story.do({
        type: 'RecordSideHold',
        side: 'seller',
        ledgerCommandId: holdId,
        outcome: { kind: 'placed', holdId },
        now: at(1),
      });
    }
    expect(balance(ledger, 'member:7:btc')?.held).toBe('1.00100000');
    expect(ledger.holdsOpen.get('c2c-deal:d1:escrow')?.amount).toBe(
      100100000n - 12358024n - 20020000n,
    );

    sold.do({ type: 'MarkPaid', actorSeq: applicant, now: at(2) } as ApplicationCommand);
    const payment = nextApplicationStep(sold.state());
    submit(ledger, commandOf(payment));
    const buyerHold = payment.kind === 'holdSide' ? payment.holdId : '';
    sold.do({
      type: 'RecordSideHold',
      side: 'buyer',
      ledgerCommandId: buyerHold,
      outcome: { kind: 'placed', holdId: buyerHold },
      now: at(3),
    });
    sold.do({ type: 'ConfirmApplication', actorSeq: owner, now: at(4) });
    submit(ledger, commandOf(nextApplicationStep(sold.state())));
    expect(balance(ledger, 'member:9:btc')?.balance).toBe('0.12345678');
    expect(balance(ledger, systemAccountId('feeRevenue', 'BTC'))?.balance).toBe('0.00012346');
    expect(balance(ledger, 'member:7:krw')?.balance).toBe('11728395');
    expect(balance(ledger, 'member:9:krw')).toMatchObject({ balance: '18271605', held: '0' });

    cancelled.do({ type: 'CancelApplication', actorSeq: applicant, now: at(5) });
    const release = nextApplicationStep(cancelled.state());
    if (release.kind !== 'releaseSide' || release.toDealEscrow === null)
      throw new Error('no return');
    submit(ledger, release.toDealEscrow.command);
    expect(ledger.holdsOpen.get('c2c-deal:d1:escrow')?.amount).toBe(100100000n - 12358024n);
    expect(ledger.holdsResolved.get(`c2c-application:a2:seller:1`)).toBe('moved');

    const closed: DealEvent[] = [
      ...dealEvents,
      {
        type: 'DealEscrowPlaced',
        data: { dealId: 'd1', holdId: 'c2c-deal:d1:escrow', ledgerCommandId: 'x', placedAt: t1 },
      },
      {
        type: 'DealClosed',
        data: { dealId: 'd1', closedBy: 'owner', actorSeq: owner, closedAt: at(6) },
      },
    ];
    const releaseStep = nextDealStep(stateFrom(dealDecider, closed));
    if (releaseStep.kind !== 'releaseEscrow') throw new Error('no release step');
    submit(ledger, releaseStep.command);
    expect(balance(ledger, 'member:7:btc')).toMatchObject({
      balance: '1.87641976',
      held: '0.00000000',
    });
  });
});

// Proves the c2c projection and queries on a real database: deals and applications decided by the domain's deciders and appended to their streams land in their rows with the deciders' own derived status, amounts (potential, holding, confirmed, available) and deadline; the lists filter by market, side, safety type, status, owner, asset, party role, dispute and overdue deadline, newest first with their totals; an application's detail is its parties' only; and an event out of order stops the projection instead of being skipped.
import { randomUUID } from 'node:crypto';
import {
  type ApplicationCommand,
  type ApplicationEvent,
  type ApplicationState,
  applicationDecider,
  applicationStream,
  chargedTextOf,
  type DealCommand,
  type DealEvent,
  type DealState,
  type DealTerms,
  dealDecider,
  dealStream,
  type MarketCommand,
  type MarketEvent,
  type MarketState,
  marketDecider,
  marketStream,
} from '@ledger/c2c';
import type { Db } from '@ledger/db';
import type { EventStore } from '@ledger/event-store';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { projectBatch, registerProjection } from '@ledger/projection-runner';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findMarket, listMarkets, nextMarketSeq } from './c2c-market-queries.ts';
import { c2cProjection } from './c2c-projection.ts';
import { findApplication, findDeal, listApplications, listDeals } from './c2c-queries.ts';

const database = useTestDatabase();
let db: Db;
let store: EventStore;
const owner = 7;
const applicant = 9;
const other = 11;
const t0 = '2026-12-01T00:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(t0) + minutes * 60_000).toISOString();
const page = { limit: 20, offset: 0 };
const market = {
  marketSeq: 1,
  isActive: true,
  sourceAsset: 'BTC',
  sourceDecimalPoint: 8,
  targetAsset: 'KRW',
  targetDecimalPoint: 0,
  amountUnit: '0.00010000',
  amountMin: '0.00100000',
  amountMax: null,
  feeRate: '0.001',
};
const deadlines = {
  acceptSeconds: 600,
  depositSeconds: 900,
  paymentSeconds: 1800,
  releaseSeconds: 3600,
};

/** Decides on the events so far and appends what is decided to the stream. */
async function decideAndAppend<Command, Event extends { type: string; data: unknown }, State>(
  decider: {
    decide(c: Command, s: State): { kind: string; events?: Event[] };
    evolve(s: State, e: Event): State;
    initialState(): State;
  },
  stream: string,
  history: Event[],
  command: Command,
): Promise<void> {
  const state = history.reduce(
    (folded, event) => decider.evolve(folded, event),
    decider.initialState(),
  );
  const decision = decider.decide(command, state);
  if (decision.kind !== 'accepted' || decision.events === undefined) {
    throw new Error(`refused: ${JSON.stringify(decision)}`);
  }
  history.push(...decision.events);
  if (decision.events.length === 0) return;
  await store.append(
    stream,
    decision.events.map((event) => ({
      id: randomUUID(),
      type: event.type,
      data: event.data as Record<string, unknown>,
      metadata: { commandId: randomUUID(), actor: 'system:c2c' },
    })),
    { expected: { kind: 'any' } },
  );
}

const dealHistories = new Map<string, DealEvent[]>();
async function deal(dealId: string, command: DealCommand): Promise<DealTerms> {
  const history = dealHistories.get(dealId) ?? [];
  dealHistories.set(dealId, history);
  await decideAndAppend<DealCommand, DealEvent, DealState>(
    dealDecider,
    dealStream(dealId),
    history,
    command,
  );
  const first = history[0];
  if (first?.type !== 'DealPublished') throw new Error('no deal');
  return first.data;
}
const applicationHistories = new Map<string, ApplicationEvent[]>();
async function application(applicationId: string, command: ApplicationCommand): Promise<void> {
  const history = applicationHistories.get(applicationId) ?? [];
  applicationHistories.set(applicationId, history);
  await decideAndAppend<ApplicationCommand, ApplicationEvent, ApplicationState>(
    applicationDecider,
    applicationStream(applicationId),
    history,
    command,
  );
}

async function project(): Promise<void> {
  for (;;) {
    const outcome = await projectBatch({
      db: db as never,
      eventStore: store,
      projection: c2cProjection,
      maxCount: 7,
    });
    if (outcome.kind !== 'advanced') return;
  }
}

const publish = (
  dealId: string,
  safetyType: string,
  side: 'sell' | 'buy',
  now: string,
): DealCommand =>
  ({
    type: 'PublishDeal',
    dealId,
    ownerMemberSeq: owner,
    market,
    side,
    safetyType,
    totalAmount: '1.00000000',
    applicationMin: null,
    applicationMax: '0.50000000',
    priceMin: '90000000',
    priceMax: '100000000',
    closeAt: '2026-12-31T00:00:00.000Z',
    ownerSourceAccount: 'member:7:btc',
    ownerTargetAccount: 'member:7:krw',
    now,
  }) as DealCommand;

async function fileAndReserve(
  applicationId: string,
  terms: DealTerms,
  amount: string,
  now: string,
) {
  await application(applicationId, {
    type: 'FileApplication',
    applicationId,
    deal: terms,
    applicantMemberSeq: applicant,
    amount,
    price: '95000000',
    applicantSourceAccount: 'member:9:btc',
    applicantTargetAccount: 'member:9:krw',
    deadlines,
    dealCharged: chargedTextOf(
      (dealHistories.get(terms.dealId) ?? []).reduce(
        dealDecider.evolve,
        dealDecider.initialState(),
      ),
    ),
    now,
  });
  const [filed] = applicationHistories.get(applicationId) ?? [];
  const sellerEscrow = filed?.type === 'ApplicationFiled' ? filed.data.sellerEscrow : amount;
  const escrowAmount = terms.escrow === null ? '0.00000000' : sellerEscrow;
  await deal(terms.dealId, {
    type: 'ReserveDealAmount',
    applicationId,
    applicantMemberSeq: applicant,
    amount,
    escrowAmount,
    price: '95000000',
    now,
  } as DealCommand);
  await application(applicationId, {
    type: 'RecordReservation',
    outcome: { kind: 'reserved' },
    now,
  });
}

beforeAll(async () => {
  db = database().db;
  store = createPostgresEventStore({ url: database().url, poolSizeMax: 2 });
  await registerProjection(db as never, c2cProjection as never);
  const sellerFirst = await deal('d1', publish('d1', 'sellerFirst', 'sell', t0));
  await deal('d2', publish('d2', 'neither', 'buy', at(1)));
  // a1: accepted, the seller held, the deal's part held, paid; then disputed by the schedule.
  await fileAndReserve('a1', sellerFirst, '0.30000000', at(2));
  await application('a1', { type: 'AcceptApplication', actorSeq: owner, now: at(3) });
  await application('a1', {
    type: 'RecordSideHold',
    side: 'seller',
    ledgerCommandId: 'c2c-application:a1:seller:1',
    outcome: { kind: 'placed', holdId: 'c2c-application:a1:seller:1' },
    now: at(4),
  });
  await deal('d1', { type: 'HoldDealAmount', applicationId: 'a1', now: at(4) } as DealCommand);
  await application('a1', { type: 'RecordDealStage', stage: 'held', now: at(4) });
  await application('a1', { type: 'MarkPaid', actorSeq: applicant, now: at(5) });
  await application('a1', {
    type: 'RecordSideHold',
    side: 'buyer',
    ledgerCommandId: 'c2c-application:a1:buyer:1',
    outcome: { kind: 'placed', holdId: 'c2c-application:a1:buyer:1' },
    now: at(6),
  });
  await application('a1', { type: 'ExpireApplication', now: at(66) });
  // a2: requested and past its accept deadline, not expired yet.
  await fileAndReserve('a2', sellerFirst, '0.10000000', at(7));
  await project();
});
afterAll(async () => {
  await store.close();
});

describe('the c2c read models', () => {
  test('a deal row shows its amounts as the deal decider folds them', async () => {
    expect(await findDeal(db, 'd1')).toMatchObject({
      status: 'open',
      side: 'sell',
      safety_type: 'sellerFirst',
      total_amount: '1.00000000',
      potential_amount: '0.10000000',
      holding_amount: '0.30000000',
      confirmed_amount: '0.00000000',
      available_amount: '0.60000000',
      fee_amount: '0.00100000',
      live_applications: 2,
      published_at: t0,
      updated_at: at(7),
    });
    expect(await findDeal(db, 'nope')).toBeUndefined();
  });

  test('the deal list filters and pages newest first', async () => {
    const all = await listDeals(db, page);
    expect([all.total, all.rows.map((row) => row.deal_id)]).toEqual([2, ['d2', 'd1']]);
    expect((await listDeals(db, { ...page, side: 'sell' })).rows.map((row) => row.deal_id)).toEqual(
      ['d1'],
    );
    expect((await listDeals(db, { ...page, safetyType: 'neither', status: 'open' })).total).toBe(1);
    expect((await listDeals(db, { ...page, ownerMemberSeq: applicant })).total).toBe(0);
    expect((await listDeals(db, { ...page, asset: 'KRW', marketSeq: 1 })).total).toBe(2);
    expect((await listDeals(db, { limit: 1, offset: 1 })).rows.map((row) => row.deal_id)).toEqual([
      'd1',
    ]);
    const ids = async (filter: { price?: string; amount?: string }) =>
      (await listDeals(db, { ...page, ...filter })).rows.map((row) => row.deal_id);
    expect(await ids({ price: '95000000' })).toEqual(['d2', 'd1']);
    expect(await ids({ price: '80000000' })).toEqual([]);
    expect(await ids({ amount: '0.50000000' })).toEqual(['d2', 'd1']);
    expect(await ids({ amount: '0.60000000' })).toEqual([]);
  });

  test('a market row follows its registration and changes', async () => {
    const settings = {
      title: 'BTC/KRW',
      amountUnit: '0.00010000',
      amountMin: null,
      amountMax: '2.00000000',
      feeRate: '0.001',
      isActive: true,
      sellerForm: [{ name: 'bank', label: 'Bank', type: 'text' as const, required: true }],
    };
    const assets = {
      sourceAsset: 'BTC',
      sourceDecimalPoint: 8,
      targetAsset: 'KRW',
      targetDecimalPoint: 0,
    };
    const history: MarketEvent[] = [];
    const run = (command: MarketCommand) =>
      decideAndAppend<MarketCommand, MarketEvent, MarketState>(
        marketDecider,
        marketStream(1),
        history,
        command,
      );
    expect(await nextMarketSeq(db)).toBe(1);
    await run({ type: 'RegisterMarket', marketSeq: 1, assets, settings, now: t0 });
    await run({ type: 'ChangeMarket', settings: { ...settings, isActive: false }, now: at(1) });
    await project();
    expect(await findMarket(db, 1)).toEqual({
      market_seq: 1,
      title: 'BTC/KRW',
      ...{
        source_asset: 'BTC',
        source_decimal_point: 8,
        target_asset: 'KRW',
        target_decimal_point: 0,
      },
      amount_unit: '0.00010000',
      amount_min: null,
      amount_max: '2.00000000',
      fee_rate: '0.001',
      is_active: false,
      seller_form: settings.sellerForm,
      registered_at: t0,
      updated_at: at(1),
    });
    expect((await listMarkets(db, { activeOnly: true })).length).toBe(0);
    expect((await listMarkets(db)).map((row) => row.market_seq)).toEqual([1]);
    expect(await nextMarketSeq(db)).toBe(2);
  });

  test('an application row carries the derived status, holds, dispute and deadline', async () => {
    expect(await findApplication(db, 'a1')).toMatchObject({
      status: 'paid',
      is_final: false,
      seller_member_seq: owner,
      buyer_member_seq: applicant,
      source_amount: '0.30000000',
      target_amount: '28500000',
      fee_amount: '0.00030000',
      seller_hold: 'held',
      buyer_hold: 'held',
      dispute: 'open',
      deadline_at: null,
      filed_at: at(2),
      updated_at: at(66),
    });
    expect(await findApplication(db, 'a2')).toMatchObject({
      status: 'requested',
      deadline_at: at(17),
      deadline_reason: 'accept',
    });
  });

  test('my sales, my purchases, the parties-only detail and the administrator queues', async () => {
    const ids = (result: { rows: { application_id: string }[] }) =>
      result.rows.map((row) => row.application_id);
    expect(ids(await listApplications(db, { ...page, memberSeq: owner, role: 'seller' }))).toEqual([
      'a2',
      'a1',
    ]);
    expect(ids(await listApplications(db, { ...page, memberSeq: owner, role: 'buyer' }))).toEqual(
      [],
    );
    expect(
      ids(await listApplications(db, { ...page, memberSeq: applicant, role: 'buyer' })),
    ).toEqual(['a2', 'a1']);
    expect(ids(await listApplications(db, { ...page, dealId: 'd1', status: 'paid' }))).toEqual([
      'a1',
    ]);
    expect(ids(await listApplications(db, { ...page, disputed: true }))).toEqual(['a1']);
    expect(ids(await listApplications(db, { ...page, overdueAt: new Date(at(20)) }))).toEqual([
      'a2',
    ]);
    expect(ids(await listApplications(db, { ...page, overdueAt: new Date(at(10)) }))).toEqual([]);
    expect(await findApplication(db, 'a1', { memberSeq: applicant })).toBeDefined();
    expect(await findApplication(db, 'a1', { memberSeq: other })).toBeUndefined();
  });

  test('an application ended and a deal closed show their outcome', async () => {
    await application('a2', { type: 'ExpireApplication', now: at(17) });
    await application('a2', { type: 'RecordDealStage', stage: 'freed', now: at(18) });
    await deal('d1', { type: 'FreeDealAmount', applicationId: 'a2', now: at(18) } as DealCommand);
    await application('a2', { type: 'RecordEnded', now: at(18) });
    await deal('d2', {
      type: 'CloseDeal',
      closedBy: 'owner',
      actorSeq: owner,
      now: at(19),
    } as DealCommand);
    await project();
    expect(await findApplication(db, 'a2')).toMatchObject({
      status: 'expired',
      is_final: true,
      ending_by: 'schedule',
      ending_reason: 'accept',
      deadline_at: null,
    });
    expect(await findDeal(db, 'd1')).toMatchObject({
      potential_amount: '0.00000000',
      available_amount: '0.70000000',
    });
    expect(await findDeal(db, 'd2')).toMatchObject({
      status: 'closed',
      closed_by: 'owner',
      closed_at: at(19),
    });
  });

  test('an immediate deal opens once its escrow is placed, and shows the escrow standing', async () => {
    await deal('d3', publish('d3', 'immediate', 'sell', at(20)));
    await project();
    expect(await findDeal(db, 'd3')).toMatchObject({ status: 'opening', escrow: 'pending' });
    await deal('d3', {
      type: 'RecordDealEscrow',
      ledgerCommandId: 'c2c-deal:d3:escrow',
      outcome: { kind: 'placed' },
      now: at(21),
    } as DealCommand);
    await project();
    expect(await findDeal(db, 'd3')).toMatchObject({
      status: 'open',
      escrow: 'placed',
      updated_at: at(21),
    });
    expect((await listDeals(db, { ...page, safetyType: 'immediate', status: 'open' })).total).toBe(
      1,
    );
  });

  test('an event out of order stops the projection, never skipped', async () => {
    await store.append(
      applicationStream('ghost'),
      [
        {
          id: randomUUID(),
          type: 'ApplicationAccepted',
          data: { applicationId: 'ghost', acceptedAt: at(30) },
          metadata: { commandId: randomUUID(), actor: 'system:tamper' },
        },
      ],
      { expected: { kind: 'any' } },
    );
    await expect(project()).rejects.toThrow(/ApplicationAccepted/);
    expect(await findApplication(db, 'ghost')).toBeUndefined();
  });
});

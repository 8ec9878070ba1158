import {
  type ApplicationEvent,
  type ApplicationState,
  applicationStreamPrefix,
  availableOf,
  type DealEvent,
  dealStreamPrefix,
  evolveApplication,
  evolveDeal,
  evolveMarket,
  finalStatuses,
  liveReservations,
  type MarketEvent,
  type MarketState,
  marketStreamPrefix,
  type OpenApplication,
  type OpenDeal,
} from '@ledger/c2c';
import type { RecordedEvent } from '@ledger/event-store';
import { formatAmount } from '@ledger/ledger';
import type { Projection, ProjectionContext } from '@ledger/projection-runner';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import { type DealStateJson, dealStateFromJson, dealStateToJson } from './c2c-state-json.ts';

/**
 * The `c2c` projection: one row per deal and per application, for the C2C lists (the deal list,
 * my deals, my sales and purchases, an application's detail, the administrator's queues). Each
 * event is folded with the domain's own evolve (`evolveDeal`, `evolveApplication`) from the state
 * kept in the row, so the derived status, amounts and deadline are exactly the deciders'; the
 * columns beside it are what the queries filter and sort on. An event the fold refuses (unknown,
 * out of order) stops the projection: it is never skipped.
 */

export const c2cProjectionName = 'c2c';
export const c2cTables = {
  markets: 'c2c_markets',
  deals: 'c2c_deals',
  applications: 'c2c_applications',
} as const;

// biome-ignore lint/suspicious/noExplicitAny: raw SQL on its own tables.
type Trx = Transaction<any>;
type TableOf = (logicalName: string) => RawBuilder<unknown>;

export class C2cProjectionError extends Error {
  constructor(event: RecordedEvent, message: string) {
    super(`${message}: ${event.type} ${event.id} in ${event.streamName}`);
    this.name = 'C2cProjectionError';
  }
}

async function createTables(trx: Trx, context: Pick<ProjectionContext, 'table'>): Promise<void> {
  const table = (logical: string) => sql.table(context.table(logical));
  const deals = table(c2cTables.deals);
  const applications = table(c2cTables.applications);
  await sql`CREATE TABLE ${table(c2cTables.markets)} (
      market_seq integer PRIMARY KEY, title text NOT NULL,
      source_asset text COLLATE "C" NOT NULL, source_decimal_point smallint NOT NULL,
      target_asset text COLLATE "C" NOT NULL, target_decimal_point smallint NOT NULL,
      amount_unit numeric NOT NULL, amount_min numeric, amount_max numeric,
      fee_rate numeric NOT NULL, is_active boolean NOT NULL, seller_form jsonb NOT NULL,
      registered_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
      state jsonb NOT NULL, last_position text COLLATE "C" NOT NULL)`.execute(trx);
  await sql`CREATE TABLE ${deals} (
      deal_id text COLLATE "C" PRIMARY KEY, market_seq integer NOT NULL,
      owner_member_seq bigint NOT NULL, side text NOT NULL, safety_type text NOT NULL,
      status text NOT NULL, source_asset text COLLATE "C" NOT NULL,
      source_decimal_point smallint NOT NULL, target_asset text COLLATE "C" NOT NULL,
      target_decimal_point smallint NOT NULL, total_amount numeric NOT NULL,
      available_amount numeric NOT NULL, potential_amount numeric NOT NULL,
      holding_amount numeric NOT NULL, confirmed_amount numeric NOT NULL,
      application_min numeric, application_max numeric, price_min numeric NOT NULL,
      price_max numeric NOT NULL, fee_rate numeric NOT NULL, fee_amount numeric NOT NULL,
      escrow text NOT NULL, live_applications integer NOT NULL, close_at timestamptz,
      closed_by text, closed_at timestamptz, published_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL, state jsonb NOT NULL,
      last_position text COLLATE "C" NOT NULL)`.execute(trx);
  await sql`CREATE INDEX ON ${deals} (status, published_at)`.execute(trx);
  await sql`CREATE INDEX ON ${deals} (owner_member_seq, published_at)`.execute(trx);
  await sql`CREATE INDEX ON ${deals} (market_seq, side, status, published_at)`.execute(trx);
  await sql`CREATE TABLE ${applications} (
      application_id text COLLATE "C" PRIMARY KEY, deal_id text COLLATE "C" NOT NULL,
      market_seq integer NOT NULL, safety_type text NOT NULL, deal_side text NOT NULL,
      owner_member_seq bigint NOT NULL, applicant_member_seq bigint NOT NULL,
      seller_member_seq bigint NOT NULL, buyer_member_seq bigint NOT NULL,
      source_asset text COLLATE "C" NOT NULL, source_decimal_point smallint NOT NULL,
      target_asset text COLLATE "C" NOT NULL, target_decimal_point smallint NOT NULL,
      source_amount numeric NOT NULL, price numeric NOT NULL, target_amount numeric NOT NULL,
      fee_amount numeric NOT NULL, status text NOT NULL, is_final boolean NOT NULL,
      seller_hold text NOT NULL, buyer_hold text NOT NULL, dispute text NOT NULL,
      deadline_at timestamptz, deadline_reason text, ending_by text, ending_reason text,
      refusal jsonb, filed_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
      state jsonb NOT NULL, last_position text COLLATE "C" NOT NULL)`.execute(trx);
  await sql`CREATE INDEX ON ${applications} (seller_member_seq, filed_at)`.execute(trx);
  await sql`CREATE INDEX ON ${applications} (buyer_member_seq, filed_at)`.execute(trx);
  await sql`CREATE INDEX ON ${applications} (deal_id, filed_at)`.execute(trx);
  await sql`CREATE INDEX ON ${applications} (status, filed_at)`.execute(trx);
  await sql`CREATE INDEX ON ${applications} (deadline_at) WHERE NOT is_final`.execute(trx);
}

// biome-ignore lint/suspicious/noExplicitAny: raw SQL on its own tables; runs on any projector's db.
export const c2cProjection: Projection<any> = {
  name: c2cProjectionName,
  version: 2,
  filter: { streamPrefixes: [marketStreamPrefix, dealStreamPrefix, applicationStreamPrefix] },
  tables: Object.values(c2cTables),
  setup: (trx, context) => createTables(trx, context),
  apply: async (trx, events, context) => {
    const table: TableOf = (logical) => sql.table(context.table(logical));
    for (const event of events) {
      if (event.streamName.startsWith(marketStreamPrefix))
        await applyMarketEvent(trx, table, event);
      else if (event.streamName.startsWith(dealStreamPrefix))
        await applyDealEvent(trx, table, event);
      else await applyApplicationEvent(trx, table, event);
    }
  },
};

/** A market row holds its folded state and the columns the catalog lists. */
async function applyMarketEvent(trx: Trx, table: TableOf, event: RecordedEvent): Promise<void> {
  const markets = table(c2cTables.markets);
  const marketSeq = (event.data as { marketSeq?: unknown } | null)?.marketSeq;
  if (typeof marketSeq !== 'number')
    throw new C2cProjectionError(event, 'an event without its marketSeq');
  const { rows } = await sql<{ state: MarketState }>`SELECT state FROM ${markets}
    WHERE market_seq = ${marketSeq}`.execute(trx);
  const before: MarketState = rows[0]?.state ?? { status: 'none' };
  const m = folded(event, () => evolveMarket(before, event as unknown as MarketEvent));
  const position = event.position ?? '';
  await sql`INSERT INTO ${markets} (market_seq, title, source_asset, source_decimal_point,
      target_asset, target_decimal_point, amount_unit, amount_min, amount_max, fee_rate, is_active,
      seller_form, registered_at, updated_at, state, last_position)
    VALUES (${marketSeq}, ${m.title}, ${m.sourceAsset}, ${m.sourceDecimalPoint}, ${m.targetAsset},
      ${m.targetDecimalPoint}, ${m.amountUnit}, ${m.amountMin}, ${m.amountMax}, ${m.feeRate},
      ${m.isActive}, ${JSON.stringify(m.sellerForm)}::jsonb, ${m.registeredAt}, ${m.updatedAt},
      ${JSON.stringify(m)}::jsonb, ${position})
    ON CONFLICT (market_seq) DO UPDATE SET title = excluded.title,
      amount_unit = excluded.amount_unit, amount_min = excluded.amount_min,
      amount_max = excluded.amount_max, fee_rate = excluded.fee_rate,
      is_active = excluded.is_active, seller_form = excluded.seller_form,
      updated_at = excluded.updated_at, state = excluded.state,
      last_position = excluded.last_position`.execute(trx);
}

function idOf(event: RecordedEvent, field: 'dealId' | 'applicationId'): string {
  const id = (event.data as Record<string, unknown> | null)?.[field];
  if (typeof id !== 'string' || id.length === 0) {
    throw new C2cProjectionError(event, `an event without its ${field}`);
  }
  return id;
}

function folded<State extends { status: string }>(
  event: RecordedEvent,
  fold: () => State,
): Exclude<State, { status: 'none' }> {
  let state: State;
  try {
    state = fold();
  } catch (error) {
    throw new C2cProjectionError(event, `the fold refused it (${(error as Error).message})`);
  }
  if (state === undefined || state.status === 'none') {
    throw new C2cProjectionError(event, 'an event the fold does not know');
  }
  return state as Exclude<State, { status: 'none' }>;
}

/** The time a deal event records (its `…At` field; the store's time for none). */
function decidedAtOf(event: RecordedEvent): string {
  const data = (event.data ?? {}) as Record<string, unknown>;
  const key = Object.keys(data).find((name) => name.endsWith('At') && name !== 'closeAt');
  const value = key === undefined ? undefined : data[key];
  return typeof value === 'string' ? value : event.recordedAt.toISOString();
}

async function applyDealEvent(trx: Trx, table: TableOf, event: RecordedEvent): Promise<void> {
  const dealId = idOf(event, 'dealId');
  const deals = table(c2cTables.deals);
  const { rows } = await sql<{ state: DealStateJson }>`SELECT state FROM ${deals}
    WHERE deal_id = ${dealId}`.execute(trx);
  const before = dealStateFromJson(rows[0]?.state ?? null);
  const deal = folded(event, () => evolveDeal(before, event as unknown as DealEvent)) as OpenDeal;
  const { terms } = deal;
  const dp = terms.sourceDecimalPoint;
  const amount = (value: bigint) => formatAmount(value, dp);
  const at = decidedAtOf(event);
  const position = event.position ?? '';
  const state = JSON.stringify(dealStateToJson(deal));
  if (before.status === 'none') {
    await sql`INSERT INTO ${deals} (deal_id, market_seq, owner_member_seq, side, safety_type,
        status, source_asset, source_decimal_point, target_asset, target_decimal_point,
        total_amount, available_amount, potential_amount, holding_amount, confirmed_amount,
        application_min, application_max, price_min, price_max, fee_rate, fee_amount, escrow,
        live_applications, close_at, published_at, updated_at, state, last_position)
      VALUES (${dealId}, ${terms.marketSeq}, ${terms.ownerMemberSeq}, ${terms.side},
        ${terms.safetyType}, ${deal.status}, ${terms.sourceAsset}, ${dp}, ${terms.targetAsset},
        ${terms.targetDecimalPoint}, ${terms.totalAmount}, ${amount(availableOf(deal))},
        ${amount(deal.potential)}, ${amount(deal.holding)}, ${amount(deal.confirmed)},
        ${terms.applicationMin}, ${terms.applicationMax}, ${terms.priceMin}, ${terms.priceMax},
        ${terms.feeRate}, ${terms.feeAmount}, ${deal.escrow}, ${liveReservations(deal)},
        ${terms.closeAt}, ${terms.publishedAt}, ${terms.publishedAt}, ${state}::jsonb,
        ${position})`.execute(trx);
    return;
  }
  const closedBy =
    event.type === 'DealClosed' ? (event.data as { closedBy: string }).closedBy : null;
  await sql`UPDATE ${deals} SET status = ${deal.status},
      available_amount = ${amount(availableOf(deal))}, potential_amount = ${amount(deal.potential)},
      holding_amount = ${amount(deal.holding)}, confirmed_amount = ${amount(deal.confirmed)},
      escrow = ${deal.escrow}, live_applications = ${liveReservations(deal)},
      closed_by = COALESCE(${closedBy}, closed_by), closed_at = ${deal.closedAt},
      updated_at = ${at}::timestamptz, state = ${state}::jsonb, last_position = ${position}
    WHERE deal_id = ${dealId}`.execute(trx);
}

function sideHold(app: OpenApplication, side: 'seller' | 'buyer'): string {
  return app.sides[side].status;
}

async function applyApplicationEvent(trx: Trx, table: TableOf, event: RecordedEvent) {
  const applicationId = idOf(event, 'applicationId');
  const applications = table(c2cTables.applications);
  const { rows } = await sql<{ state: OpenApplication }>`SELECT state FROM ${applications}
    WHERE application_id = ${applicationId}`.execute(trx);
  const before: ApplicationState = rows[0]?.state ?? { status: 'none' };
  const typed = event as unknown as ApplicationEvent;
  const app = folded(event, () => evolveApplication(before, typed)) as OpenApplication;
  const position = event.position ?? '';
  const state = JSON.stringify(app);
  const isFinal = finalStatuses.has(app.status);
  if (before.status === 'none') {
    const { terms } = app;
    await sql`INSERT INTO ${applications} (application_id, deal_id, market_seq, safety_type,
        deal_side, owner_member_seq, applicant_member_seq, seller_member_seq, buyer_member_seq,
        source_asset, source_decimal_point, target_asset, target_decimal_point, source_amount,
        price, target_amount, fee_amount, status, is_final, seller_hold, buyer_hold, dispute,
        deadline_at, deadline_reason, filed_at, updated_at, state, last_position)
      VALUES (${applicationId}, ${terms.dealId}, ${terms.marketSeq}, ${terms.safetyType},
        ${terms.dealSide}, ${terms.ownerMemberSeq}, ${terms.applicantMemberSeq},
        ${terms.sellerMemberSeq}, ${terms.buyerMemberSeq}, ${terms.sourceAsset},
        ${terms.sourceDecimalPoint}, ${terms.targetAsset}, ${terms.targetDecimalPoint},
        ${terms.sourceAmount}, ${terms.price}, ${terms.targetAmount}, ${terms.feeAmount},
        ${app.status}, ${isFinal}, ${sideHold(app, 'seller')}, ${sideHold(app, 'buyer')},
        ${app.dispute}, ${app.deadline?.at ?? null}, ${app.deadline?.reason ?? null},
        ${terms.filedAt}, ${app.updatedAt}, ${state}::jsonb, ${position})`.execute(trx);
    return;
  }
  const endingBy = typed.type === 'ApplicationEnding' ? typed.data.by : null;
  const refusal = typed.type === 'ApplicationRefused' ? JSON.stringify(typed.data.rejection) : null;
  await sql`UPDATE ${applications} SET status = ${app.status}, is_final = ${isFinal},
      seller_hold = ${sideHold(app, 'seller')}, buyer_hold = ${sideHold(app, 'buyer')},
      dispute = ${app.dispute}, deadline_at = ${app.deadline?.at ?? null},
      deadline_reason = ${app.deadline?.reason ?? null},
      ending_by = COALESCE(${endingBy}, ending_by),
      ending_reason = ${app.ending?.reason ?? null},
      refusal = COALESCE(${refusal}::jsonb, refusal), updated_at = ${app.updatedAt}::timestamptz,
      state = ${state}::jsonb, last_position = ${position}
    WHERE application_id = ${applicationId}`.execute(trx);
}

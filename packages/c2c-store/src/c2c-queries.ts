import { type ApplicationStatus, finalStatuses } from '@ledger/c2c';
import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * The C2C reads (SPEC C2C screens and the administrator's C2C lists, guides/trading.md §5): the
 * deal list with its filters, a member's deals, a member's sales and purchases, an application's
 * detail (its parties' only, unless an administrator asks), and the administrator's queues
 * (disputed, past their deadline and not final). Pages newest first with their total. Amounts are
 * decimal text at their asset's decimal_point.
 */

// biome-ignore lint/suspicious/noExplicitAny: raw SQL on the c2c views; any schema.
type AnyDb = Kysely<any>;

export type Page = {
  limit: number;
  offset: number;
  /** Published (deals) or filed (applications) in [from, to). */
  from?: Date | undefined;
  to?: Date | undefined;
};

function rangeConditions(column: RawBuilder<unknown>, page: Page): RawBuilder<unknown>[] {
  return [
    ...(page.from === undefined ? [] : [sql`${column} >= ${page.from}`]),
    ...(page.to === undefined ? [] : [sql`${column} < ${page.to}`]),
  ];
}

export type DealRow = {
  deal_id: string;
  market_seq: number;
  owner_member_seq: number;
  side: 'sell' | 'buy';
  safety_type: string;
  status: 'opening' | 'open' | 'closed';
  source_asset: string;
  target_asset: string;
  total_amount: string;
  available_amount: string;
  potential_amount: string;
  holding_amount: string;
  confirmed_amount: string;
  application_min: string | null;
  application_max: string | null;
  price_min: string;
  price_max: string;
  fee_rate: string;
  fee_amount: string;
  escrow: string;
  live_applications: number;
  close_at: string | null;
  closed_by: string | null;
  closed_at: string | null;
  published_at: string;
  updated_at: string;
};

export type DealFilter = Page & {
  marketSeq?: number | undefined;
  side?: 'sell' | 'buy' | undefined;
  safetyType?: string | undefined;
  status?: 'opening' | 'open' | 'closed' | undefined;
  ownerMemberSeq?: number | undefined;
  /** Either side's asset. */
  asset?: string | undefined;
  /** Deals whose price range takes this price. */
  price?: string | undefined;
  /** Deals that can take an application of this source amount (available and per-application bounds). */
  amount?: string | undefined;
};

export type ApplicationRow = {
  application_id: string;
  deal_id: string;
  market_seq: number;
  safety_type: string;
  deal_side: 'sell' | 'buy';
  owner_member_seq: number;
  applicant_member_seq: number;
  seller_member_seq: number;
  buyer_member_seq: number;
  source_asset: string;
  target_asset: string;
  source_amount: string;
  price: string;
  target_amount: string;
  fee_amount: string;
  status: ApplicationStatus;
  seller_hold: string;
  buyer_hold: string;
  dispute: 'none' | 'open';
  deadline_at: string | null;
  deadline_reason: string | null;
  ending_by: string | null;
  ending_reason: string | null;
  refusal: unknown;
  filed_at: string;
  updated_at: string;
};

export type ApplicationFilter = Page & {
  /** With `role`: the member's applications as seller (my sales), buyer (my purchases) or either. */
  memberSeq?: number | undefined;
  role?: 'seller' | 'buyer' | 'party' | undefined;
  dealId?: string | undefined;
  marketSeq?: number | undefined;
  status?: ApplicationStatus | undefined;
  safetyType?: string | undefined;
  asset?: string | undefined;
  disputed?: boolean | undefined;
  /** Waiting past its deadline at this instant and not final: the administrator's overdue queue. */
  overdueAt?: Date | undefined;
};

const dealColumns = sql`deal_id, market_seq, owner_member_seq::int AS owner_member_seq, side,
  safety_type, status, source_asset, target_asset, total_amount::text, available_amount::text,
  potential_amount::text, holding_amount::text, confirmed_amount::text, application_min::text,
  application_max::text, price_min::text, price_max::text, fee_rate::text, fee_amount::text,
  escrow, live_applications, close_at, closed_by, closed_at, published_at, updated_at`;

const applicationColumns = sql`application_id, deal_id, market_seq, safety_type, deal_side,
  owner_member_seq::int AS owner_member_seq, applicant_member_seq::int AS applicant_member_seq,
  seller_member_seq::int AS seller_member_seq, buyer_member_seq::int AS buyer_member_seq,
  source_asset, target_asset, source_amount::text, price::text, target_amount::text,
  fee_amount::text, status, seller_hold, buyer_hold, dispute, deadline_at, deadline_reason,
  ending_by, ending_reason, refusal, filed_at, updated_at`;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string));

function dealOf(row: Record<string, unknown>): DealRow {
  return {
    ...(row as DealRow),
    close_at: row.close_at === null ? null : iso(row.close_at),
    closed_at: row.closed_at === null ? null : iso(row.closed_at),
    published_at: iso(row.published_at),
    updated_at: iso(row.updated_at),
  };
}

function applicationOf(row: Record<string, unknown>): ApplicationRow {
  return {
    ...(row as ApplicationRow),
    deadline_at: row.deadline_at === null ? null : iso(row.deadline_at),
    filed_at: iso(row.filed_at),
    updated_at: iso(row.updated_at),
  };
}

function whereOf(conditions: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return conditions.length === 0 ? sql`TRUE` : sql.join(conditions, sql` AND `);
}

function dealConditions(filter: DealFilter): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = rangeConditions(sql`published_at`, filter);
  if (filter.marketSeq !== undefined) conditions.push(sql`market_seq = ${filter.marketSeq}`);
  if (filter.side !== undefined) conditions.push(sql`side = ${filter.side}`);
  if (filter.safetyType !== undefined) conditions.push(sql`safety_type = ${filter.safetyType}`);
  if (filter.status !== undefined) conditions.push(sql`status = ${filter.status}`);
  if (filter.ownerMemberSeq !== undefined)
    conditions.push(sql`owner_member_seq = ${filter.ownerMemberSeq}`);
  if (filter.asset !== undefined)
    conditions.push(sql`(source_asset = ${filter.asset} OR target_asset = ${filter.asset})`);
  if (filter.price !== undefined)
    conditions.push(
      sql`price_min <= ${filter.price}::numeric AND price_max >= ${filter.price}::numeric`,
    );
  if (filter.amount !== undefined) {
    const amount = sql`${filter.amount}::numeric`;
    conditions.push(sql`available_amount >= ${amount}
      AND (application_min IS NULL OR application_min <= ${amount})
      AND (application_max IS NULL OR application_max >= ${amount})`);
  }
  return conditions;
}

/** A page of deals newest first, with the total the filter matches. */
export async function listDeals(
  db: AnyDb,
  filter: DealFilter,
): Promise<{ rows: DealRow[]; total: number }> {
  const where = whereOf(dealConditions(filter));
  const { rows } = await sql<Record<string, unknown>>`SELECT ${dealColumns} FROM c2c_deals
    WHERE ${where} ORDER BY published_at DESC, deal_id DESC
    LIMIT ${filter.limit} OFFSET ${filter.offset}`.execute(db);
  const counted = await sql<{ total: number }>`SELECT count(*)::int AS total FROM c2c_deals
    WHERE ${where}`.execute(db);
  return { rows: rows.map(dealOf), total: counted.rows[0]?.total ?? 0 };
}

/** One deal, or undefined. */
export async function findDeal(db: AnyDb, dealId: string): Promise<DealRow | undefined> {
  const { rows } = await sql<Record<string, unknown>>`SELECT ${dealColumns} FROM c2c_deals
    WHERE deal_id = ${dealId}`.execute(db);
  return rows[0] === undefined ? undefined : dealOf(rows[0]);
}

function memberCondition(memberSeq: number, role: ApplicationFilter['role']): RawBuilder<unknown> {
  switch (role ?? 'party') {
    case 'seller':
      return sql`seller_member_seq = ${memberSeq}`;
    case 'buyer':
      return sql`buyer_member_seq = ${memberSeq}`;
    case 'party':
      return sql`(seller_member_seq = ${memberSeq} OR buyer_member_seq = ${memberSeq})`;
  }
}

function applicationConditions(filter: ApplicationFilter): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = rangeConditions(sql`filed_at`, filter);
  if (filter.marketSeq !== undefined) conditions.push(sql`market_seq = ${filter.marketSeq}`);
  if (filter.memberSeq !== undefined)
    conditions.push(memberCondition(filter.memberSeq, filter.role));
  if (filter.dealId !== undefined) conditions.push(sql`deal_id = ${filter.dealId}`);
  if (filter.status !== undefined) conditions.push(sql`status = ${filter.status}`);
  if (filter.safetyType !== undefined) conditions.push(sql`safety_type = ${filter.safetyType}`);
  if (filter.asset !== undefined)
    conditions.push(sql`(source_asset = ${filter.asset} OR target_asset = ${filter.asset})`);
  if (filter.disputed !== undefined)
    conditions.push(filter.disputed ? sql`dispute = 'open'` : sql`dispute = 'none'`);
  if (filter.overdueAt !== undefined)
    conditions.push(sql`NOT is_final AND deadline_at <= ${filter.overdueAt}`);
  return conditions;
}

/** A page of applications newest first, with the total the filter matches. */
export async function listApplications(
  db: AnyDb,
  filter: ApplicationFilter,
): Promise<{ rows: ApplicationRow[]; total: number }> {
  const where = whereOf(applicationConditions(filter));
  const { rows } = await sql<Record<string, unknown>>`SELECT ${applicationColumns}
    FROM c2c_applications WHERE ${where} ORDER BY filed_at DESC, application_id DESC
    LIMIT ${filter.limit} OFFSET ${filter.offset}`.execute(db);
  const counted = await sql<{ total: number }>`SELECT count(*)::int AS total
    FROM c2c_applications WHERE ${where}`.execute(db);
  return { rows: rows.map(applicationOf), total: counted.rows[0]?.total ?? 0 };
}

/**
 * One application's detail; with `memberSeq`, only for its owner, seller or buyer (another
 * member's answers undefined, as if it did not exist).
 */
export async function findApplication(
  db: AnyDb,
  applicationId: string,
  scope: { memberSeq?: number } = {},
): Promise<(ApplicationRow & { is_final: boolean }) | undefined> {
  const party =
    scope.memberSeq === undefined
      ? sql`TRUE`
      : sql`${scope.memberSeq} IN (owner_member_seq, seller_member_seq, buyer_member_seq)`;
  const { rows } = await sql<Record<string, unknown>>`SELECT ${applicationColumns}
    FROM c2c_applications WHERE application_id = ${applicationId} AND ${party}`.execute(db);
  const row = rows[0];
  if (row === undefined) return undefined;
  const application = applicationOf(row);
  return { ...application, is_final: finalStatuses.has(application.status) };
}

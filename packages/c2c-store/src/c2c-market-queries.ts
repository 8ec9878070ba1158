import type { SellerFormField } from '@ledger/c2c';
import { type Kysely, sql } from 'kysely';

/** The C2C market catalog's reads (admin market/catalog, C2C tab; the member's market filter). */

// biome-ignore lint/suspicious/noExplicitAny: raw SQL on the c2c views; any schema.
type AnyDb = Kysely<any>;

export type MarketRow = {
  market_seq: number;
  title: string;
  source_asset: string;
  source_decimal_point: number;
  target_asset: string;
  target_decimal_point: number;
  amount_unit: string;
  amount_min: string | null;
  amount_max: string | null;
  fee_rate: string;
  is_active: boolean;
  seller_form: SellerFormField[];
  registered_at: string;
  updated_at: string;
};

const marketColumns = sql`market_seq, title, source_asset, source_decimal_point, target_asset,
  target_decimal_point, amount_unit::text, amount_min::text, amount_max::text, fee_rate::text,
  is_active, seller_form, registered_at, updated_at`;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string));

function marketOf(row: Record<string, unknown>): MarketRow {
  return {
    ...(row as MarketRow),
    registered_at: iso(row.registered_at),
    updated_at: iso(row.updated_at),
  };
}

/** Every market in seq order; `activeOnly` for the member screens. */
export async function listMarkets(
  db: AnyDb,
  filter: { activeOnly?: boolean } = {},
): Promise<MarketRow[]> {
  const where = filter.activeOnly === true ? sql`is_active` : sql`TRUE`;
  const { rows } = await sql<Record<string, unknown>>`SELECT ${marketColumns} FROM c2c_markets
    WHERE ${where} ORDER BY market_seq`.execute(db);
  return rows.map(marketOf);
}

/** One market, or undefined. */
export async function findMarket(db: AnyDb, marketSeq: number): Promise<MarketRow | undefined> {
  const { rows } = await sql<Record<string, unknown>>`SELECT ${marketColumns} FROM c2c_markets
    WHERE market_seq = ${marketSeq}`.execute(db);
  return rows[0] === undefined ? undefined : marketOf(rows[0]);
}

/** The seq a new market is offered: one past the highest the catalog shows. */
export async function nextMarketSeq(db: AnyDb): Promise<number> {
  const { rows } = await sql<{ next: number }>`SELECT (COALESCE(max(market_seq), 0) + 1)::int
    AS next FROM c2c_markets`.execute(db);
  return rows[0]?.next ?? 1;
}

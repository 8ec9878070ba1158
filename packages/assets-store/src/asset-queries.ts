import type { ExtraField, WithdrawFee } from '@ledger/assets';
import { type Kysely, sql } from 'kysely';

/**
 * Reads of the asset catalog and asset plug-ins, over the live views of the `assets` projection.
 * Other features (withdrawals, wallet) use `getAsset` and `listAssets`: allow withdraw, the
 * withdrawal fees, and the freeze flag live here.
 */

// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
export type AnyDb = Kysely<any>;

export type Asset = {
  code: string;
  title: string;
  decimalPoint: number;
  allowDeposit: boolean;
  allowWithdraw: boolean;
  isActive: boolean;
  outputOrder: number;
  withdrawFees: WithdrawFee[];
  depositExtraForm: ExtraField[];
  withdrawExtraForm: ExtraField[];
  minimumDeposit: string;
  memoRequired: boolean;
  confirmationsRequired: number;
  /** Deposits and withdrawals stop while frozen (an administrator, or a deep reorg). */
  isFrozen: boolean;
  frozenReason: string | null;
  frozenAt: string | null;
  registeredAt: string;
  changedAt: string | null;
  /** The plug-in that follows this asset's chain; null for a manually confirmed asset. */
  pluginId: string | null;
};

type AssetRow = {
  code: string;
  title: string;
  decimal_point: number;
  allow_deposit: boolean;
  allow_withdraw: boolean;
  is_active: boolean;
  output_order: number;
  withdraw_fees: WithdrawFee[];
  deposit_extra_form: ExtraField[];
  withdraw_extra_form: ExtraField[];
  minimum_deposit: string;
  memo_required: boolean;
  confirmations_required: number;
  is_frozen: boolean;
  frozen_reason: string | null;
  frozen_at: Date | null;
  registered_at: Date;
  changed_at: Date | null;
  plugin_id: string | null;
};

const assetSelect = sql`SELECT a.code, a.title, a.decimal_point, a.allow_deposit,
  a.allow_withdraw, a.is_active, a.output_order, a.withdraw_fees, a.deposit_extra_form,
  a.withdraw_extra_form, a.minimum_deposit::text AS minimum_deposit, a.memo_required,
  a.confirmations_required, a.is_frozen, a.frozen_reason, a.frozen_at, a.registered_at,
  a.changed_at,
  (SELECT p.plugin_id FROM asset_plugins p WHERE p.asset = a.code ORDER BY p.plugin_id LIMIT 1)
    AS plugin_id
  FROM asset_catalog a`;

function assetOf(row: AssetRow): Asset {
  return {
    code: row.code,
    title: row.title,
    decimalPoint: row.decimal_point,
    allowDeposit: row.allow_deposit,
    allowWithdraw: row.allow_withdraw,
    isActive: row.is_active,
    outputOrder: row.output_order,
    withdrawFees: row.withdraw_fees,
    depositExtraForm: row.deposit_extra_form,
    withdrawExtraForm: row.withdraw_extra_form,
    minimumDeposit: row.minimum_deposit,
    memoRequired: row.memo_required,
    confirmationsRequired: row.confirmations_required,
    isFrozen: row.is_frozen,
    frozenReason: row.frozen_reason,
    frozenAt: row.frozen_at?.toISOString() ?? null,
    registeredAt: row.registered_at.toISOString(),
    changedAt: row.changed_at?.toISOString() ?? null,
    pluginId: row.plugin_id,
  };
}

/** One asset of the catalog, or undefined. */
export async function getAsset(db: AnyDb, code: string): Promise<Asset | undefined> {
  const { rows } = await sql<AssetRow>`${assetSelect} WHERE a.code = ${code}`.execute(db);
  const row = rows[0];
  return row === undefined ? undefined : assetOf(row);
}

export type AssetListQuery = {
  /** Only active assets (what members see). */
  activeOnly?: boolean | undefined;
  search?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
};

/** The catalog in output order (then code); members see only active assets. */
export async function listAssets(
  db: AnyDb,
  query: AssetListQuery = {},
): Promise<{ assets: Asset[]; total: number }> {
  const conditions = [sql`true`];
  if (query.activeOnly === true) conditions.push(sql`a.is_active`);
  if (query.search !== undefined) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(a.code ILIKE ${like} OR a.title ILIKE ${like})`);
  }
  const where = sql.join(conditions, sql` AND `);
  const { rows } = await sql<AssetRow>`${assetSelect} WHERE ${where}
    ORDER BY a.output_order, a.code
    LIMIT ${query.limit ?? 1_000} OFFSET ${query.offset ?? 0}`.execute(db);
  const count = await sql<{ total: string }>`SELECT count(*)::text AS total FROM asset_catalog a
    WHERE ${where}`.execute(db);
  return { assets: rows.map(assetOf), total: Number(count.rows[0]?.total ?? 0) };
}

export type AssetPlugin = {
  pluginId: string;
  asset: string;
  plugin: string;
  title: string;
  startBlock: number;
  allowScan: boolean;
  registeredAt: string;
  changedAt: string | null;
};

type PluginRow = {
  plugin_id: string;
  asset: string;
  plugin: string;
  title: string;
  start_block: string;
  allow_scan: boolean;
  registered_at: Date;
  changed_at: Date | null;
};

function pluginOf(row: PluginRow): AssetPlugin {
  return {
    pluginId: row.plugin_id,
    asset: row.asset,
    plugin: row.plugin,
    title: row.title,
    startBlock: Number(row.start_block),
    allowScan: row.allow_scan,
    registeredAt: row.registered_at.toISOString(),
    changedAt: row.changed_at?.toISOString() ?? null,
  };
}

const pluginSelect = sql`SELECT plugin_id, asset, plugin, title, start_block::text AS start_block,
  allow_scan, registered_at, changed_at FROM asset_plugins`;

export async function listAssetPlugins(
  db: AnyDb,
  query: { allowScanOnly?: boolean } = {},
): Promise<AssetPlugin[]> {
  const where = query.allowScanOnly === true ? sql`WHERE allow_scan` : sql``;
  const { rows } = await sql<PluginRow>`${pluginSelect} ${where} ORDER BY plugin_id`.execute(db);
  return rows.map(pluginOf);
}

export async function getAssetPlugin(
  db: AnyDb,
  pluginId: string,
): Promise<AssetPlugin | undefined> {
  const { rows } = await sql<PluginRow>`${pluginSelect} WHERE plugin_id = ${pluginId}`.execute(db);
  const row = rows[0];
  return row === undefined ? undefined : pluginOf(row);
}

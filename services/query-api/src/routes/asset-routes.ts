import { type Asset, getAsset, listAssetPlugins, listAssets } from '@ledger/assets-store';
import {
  AfterQuerySchema,
  AssetCodeParameterSchema,
  AssetListQuerySchema,
} from '@ledger/contracts';
import { ProblemError, validate } from '@ledger/http';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { pageWindow, pagingOf } from '../list-queries.ts';

/**
 * The asset catalog as members and administrators read it: GET /asset (members: the active
 * assets, in output order), GET /admin/asset (the whole catalog), GET /admin/asset/{code}, and
 * GET /admin/asset-plugin (each plug-in with the scanner's progress and its chain's tip).
 */

// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
type AnyDb = Kysely<any>;

export type AssetReadContext = { db: AnyDb; waitForAssets: MiddlewareHandler };

export function assetView(asset: Asset) {
  return {
    code: asset.code,
    title: asset.title,
    decimal_point: asset.decimalPoint,
    allow_deposit: asset.allowDeposit,
    allow_withdraw: asset.allowWithdraw,
    is_active: asset.isActive,
    output_order: asset.outputOrder,
    withdraw_fees: asset.withdrawFees.map((fee) => ({
      order: fee.order,
      fee: fee.fee,
      fee_asset: fee.feeAsset,
    })),
    deposit_extra_form: asset.depositExtraForm,
    withdraw_extra_form: asset.withdrawExtraForm,
    minimum_deposit: asset.minimumDeposit,
    memo_required: asset.memoRequired,
    confirmations_required: asset.confirmationsRequired,
    is_frozen: asset.isFrozen,
    frozen_reason: asset.frozenReason,
    frozen_at: asset.frozenAt,
    registered_at: asset.registeredAt,
    changed_at: asset.changedAt,
    plugin_id: asset.pluginId,
  };
}

async function assetList(
  db: AnyDb,
  c: Context,
  query: z.infer<typeof AssetListQuerySchema>,
  activeOnly: boolean,
) {
  const { assets, total } = await listAssets(db, {
    activeOnly,
    search: query.search,
    ...pageWindow(query),
  });
  return c.json({ data: assets.map(assetView), paging: pagingOf(query, total) });
}

/** The scanner's cursor and the simulated chain's tip per plug-in (tables of migration 0008). */
async function scanProgress(
  db: AnyDb,
): Promise<Map<string, { scanned: number | null; tip: number | null }>> {
  const { rows } = await sql<{ plugin_id: string; scanned: string | null; tip: string | null }>`
    SELECT p.plugin_id,
      (SELECT c.height::text FROM chain_scan_cursors c WHERE c.plugin_id = p.plugin_id) AS scanned,
      (SELECT max(b.height)::text FROM simulated_chain_blocks b WHERE b.chain = p.plugin_id) AS tip
    FROM asset_plugins p`.execute(db);
  return new Map(
    rows.map((row) => [
      row.plugin_id,
      {
        scanned: row.scanned === null ? null : Number(row.scanned),
        tip: row.tip === null ? null : Number(row.tip),
      },
    ]),
  );
}

export function assetReadRoutes(context: AssetReadContext) {
  const { db, waitForAssets } = context;
  return new Hono()
    .get('/asset', waitForAssets, validate('query', AssetListQuerySchema), (c) =>
      assetList(db, c, c.req.valid('query'), true),
    )
    .get('/admin/asset', waitForAssets, validate('query', AssetListQuerySchema), (c) =>
      assetList(db, c, c.req.valid('query'), false),
    )
    .get(
      '/admin/asset/:code',
      waitForAssets,
      validate('param', AssetCodeParameterSchema),
      validate('query', AfterQuerySchema),
      async (c) => {
        const asset = await getAsset(db, c.req.valid('param').code);
        if (asset === undefined) {
          throw new ProblemError({ status: 404, code: 'asset_not_found' });
        }
        return c.json({ data: assetView(asset) });
      },
    )
    .get('/admin/asset-plugin', waitForAssets, validate('query', AfterQuerySchema), async (c) => {
      const [plugins, progress] = await Promise.all([listAssetPlugins(db), scanProgress(db)]);
      return c.json({
        data: plugins.map((plugin) => ({
          plugin_id: plugin.pluginId,
          asset: plugin.asset,
          plugin: plugin.plugin,
          title: plugin.title,
          start_block: plugin.startBlock,
          allow_scan: plugin.allowScan,
          registered_at: plugin.registeredAt,
          changed_at: plugin.changedAt,
          scanned_height: progress.get(plugin.pluginId)?.scanned ?? null,
          tip_height: progress.get(plugin.pluginId)?.tip ?? null,
        })),
      });
    });
}

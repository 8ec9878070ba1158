import { randomUUID } from 'node:crypto';
import { assetsProjection, decideAndAppend } from '@ledger/assets-store';
import type { Db } from '@ledger/db';
import type { EventStore } from '@ledger/event-store';
import { projectBatch, registerProjection } from '@ledger/projection-runner';

/**
 * Integration-test helpers (not shipped): the asset catalog as the write API's catalog routes
 * leave it — an asset registered, a `simulated` chain plug-in for it — appended to the catalog
 * streams and projected into the assets read model the withdrawal chains and the reconciliation's
 * holdings read.
 */

const registeredAt = '2026-11-22T00:00:00.000Z';

/** Appends `events` to a catalog stream, as the write API's catalog routes do (each its own command). */
export async function appendCatalog(
  store: EventStore,
  stream: string,
  events: { type: string; data: unknown }[],
): Promise<void> {
  const outcome = await decideAndAppend(
    store,
    stream,
    { initial: () => null, evolve: (state) => state },
    () => ({ kind: 'accepted' as const, events }),
    { commandId: `test:${stream}:${randomUUID()}`, requestId: `test:${stream}`, actor: 'admin:1' },
  );
  if (outcome.kind !== 'accepted') throw new Error(`catalog ${stream}: ${outcome.kind}`);
}

export function assetRegistered(code: string, decimalPoint: number, confirmationsRequired: number) {
  return {
    type: 'AssetRegistered',
    data: {
      code,
      decimalPoint,
      registeredAt,
      title: code,
      allowDeposit: true,
      allowWithdraw: true,
      isActive: true,
      outputOrder: 1,
      withdrawFees: [],
      depositExtraForm: [],
      withdrawExtraForm: [],
      minimumDeposit: '0',
      memoRequired: false,
      confirmationsRequired,
    },
  };
}

/** Registers `asset` with `confirmations` and, when `pluginId` is given, its simulated chain. */
export async function registerCatalogAsset(
  store: EventStore,
  asset: { code: string; decimalPoint: number; confirmations: number; pluginId?: string },
): Promise<void> {
  await appendCatalog(store, `asset-${asset.code}`, [
    assetRegistered(asset.code, asset.decimalPoint, asset.confirmations),
  ]);
  if (asset.pluginId === undefined) return;
  await appendCatalog(store, `asset-plugin-${asset.pluginId}`, [
    {
      type: 'AssetPluginRegistered',
      data: {
        pluginId: asset.pluginId,
        asset: asset.code,
        plugin: 'simulated',
        registeredAt,
        title: `${asset.code} (simulated)`,
        startBlock: 0,
        allowScan: true,
      },
    },
  ]);
}

/** Registers the assets projection (once) and applies every catalog event there is to it. */
export async function projectCatalog(db: Db, store: EventStore): Promise<void> {
  await registerProjection(db, assetsProjection);
  for (;;) {
    const outcome = await projectBatch({
      db,
      eventStore: store,
      projection: assetsProjection,
      maxCount: 500,
    });
    if (outcome.kind !== 'advanced') break;
  }
}

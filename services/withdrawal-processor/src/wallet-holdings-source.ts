import { getAsset, getAssetPlugin } from '@ledger/assets-store';
import { createSimulatedChain } from '@ledger/chain';
import type { Db } from '@ledger/db';
import {
  type AssetHoldings,
  type HoldingsSource,
  holdingsFromChainClearing,
  holdingsFromWallet,
} from '@ledger/ledger-projections';
import type { Kysely } from 'kysely';

/**
 * The continuous reconciliation's holdings (T25 (2); docs/adr/0020, addendum of the tenth pass):
 * for an asset with a `simulated` chain plug-in, what the exchange's wallet on that chain holds,
 * read after the replay, plus its withdrawals in transit (`holdingsFromWallet`); for an asset
 * without a chain (a bank asset such as KRW, whose transfers settle on its simulated bank) or
 * with a plug-in kind this build has no adapter for, the ledger's own chain clearing as before.
 */

// biome-ignore lint/suspicious/noExplicitAny: the assets read model is typed by its queries.
type AnyDb = Kysely<any>;

export function walletHoldingsSource(db: Db): HoldingsSource {
  return async ({ accounts, state }) => {
    const holdings: AssetHoldings[] = [];
    for (const entry of holdingsFromChainClearing(accounts)) {
      const asset = await getAsset(db as AnyDb, entry.asset);
      const plugin =
        asset?.pluginId === null || asset?.pluginId === undefined
          ? undefined
          : await getAssetPlugin(db as AnyDb, asset.pluginId);
      if (plugin?.plugin !== 'simulated') {
        holdings.push(entry);
        continue;
      }
      const activity = await createSimulatedChain(db as AnyDb, plugin.pluginId).walletActivity();
      holdings.push(
        holdingsFromWallet(state, {
          asset: entry.asset,
          decimalPoint: entry.decimalPoint,
          ...activity,
        }),
      );
    }
    return holdings;
  };
}

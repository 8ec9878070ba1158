import { getAsset, getAssetPlugin } from '@ledger/assets-store';
import { createSimulatedChain } from '@ledger/chain';
import type { Db } from '@ledger/db';
import { type EventStore, StreamNotFoundError } from '@ledger/event-store';
import {
  type AssetHoldings,
  type HoldingsSource,
  holdingsFromChainClearing,
  holdingsFromWallet,
  transfersToConfirm,
} from '@ledger/ledger-projections';
import { withdrawalStream } from '@ledger/withdrawals';
import type { Kysely } from 'kysely';

/**
 * The continuous reconciliation's holdings (T25 (2); docs/adr/0020):
 * for an asset with a `simulated` chain plug-in, what the exchange's wallet on that chain holds,
 * read after the replay, plus its withdrawals in transit (`holdingsFromWallet`: a send whose
 * hold the replay has never seen counts only if its withdrawal's stream, read after the wallet,
 * records the hold placed and that transfer); for an asset
 * without a chain (a bank asset such as KRW, whose transfers settle on its simulated bank) or
 * with a plug-in kind this build has no adapter for, the ledger's own chain clearing as before.
 */

// biome-ignore lint/suspicious/noExplicitAny: the assets read model is typed by its queries.
type AnyDb = Kysely<any>;

export function walletHoldingsSource(db: Db, store: EventStore): HoldingsSource {
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
      const recordedTransfers = new Set<string>();
      for (const { withdrawalId, transferId } of transfersToConfirm(state, activity.sends)) {
        if (await recordsTransfer(store, withdrawalId, transferId))
          recordedTransfers.add(transferId);
      }
      holdings.push(
        holdingsFromWallet(state, {
          asset: entry.asset,
          decimalPoint: entry.decimalPoint,
          ...activity,
          recordedTransfers,
        }),
      );
    }
    return holdings;
  };
}

/**
 * Whether the withdrawal's stream records its hold placed and this transfer created: what a send
 * of ours made after the replay's position has behind it (the process records both before the
 * broadcast). No stream, or neither: not a withdrawal's send.
 */
async function recordsTransfer(
  store: EventStore,
  withdrawalId: string,
  transferId: string,
): Promise<boolean> {
  let holdPlaced = false;
  let transferCreated = false;
  try {
    for await (const event of store.readStream(withdrawalStream(withdrawalId))) {
      if (event.type === 'WithdrawalHoldPlaced') holdPlaced = true;
      else if (
        event.type === 'WithdrawTransferCreated' &&
        (event.data as { transferId?: unknown }).transferId === transferId
      )
        transferCreated = true;
    }
  } catch (error) {
    if (error instanceof StreamNotFoundError) return false;
    throw error;
  }
  return holdPlaced && transferCreated;
}

import { getAsset, getAssetPlugin } from '@ledger/assets-store';
import { type ChainAdapter, confirmationsOf, createSimulatedChain } from '@ledger/chain';
import type { Db } from '@ledger/db';
import type { Kysely } from 'kysely';
import { BroadcastDeferred, type WithdrawalChain } from './chain-port.ts';

/**
 * Withdrawals on the chains of @ledger/chain (docs/adr/0014, addendum): the same Postgres-backed
 * simulated chain the deposit scanner reads, so a broadcast outlives any crash of this process.
 * `broadcast` is the chain's broadcast keyed by the withdrawal's transfer id: after a crash the
 * same transfer gets the same transaction (whatever its txid has become), never a second output.
 * `confirmedOutputs` is the chain's `findOutputs(address, memo, amount)` with the confirmations
 * counted from the same chain's tip; a txid the chain no longer has simply matches nothing.
 */

// biome-ignore lint/suspicious/noExplicitAny: the assets read model is typed by its queries.
type AnyDb = Kysely<any>;

/** Where an asset's withdrawals are sent, and how many confirmations settle them. */
export type WithdrawalRoute = {
  chain: ChainAdapter;
  /** Confirmations an output needs before the withdrawal is completed (≥ 1). */
  confirmations: number;
  /** Settles a broadcast transaction at once (the simulated bank of an asset without a chain). */
  settle?: ((txid: string) => Promise<void>) | undefined;
  /** Why nothing is sent or confirmed now (the asset is frozen), if so. */
  frozen?: string | undefined;
};

export type WithdrawalRouter = (asset: string) => Promise<WithdrawalRoute>;

/** The simulated chain an asset without a chain plug-in (a bank asset such as KRW) is sent on. */
export const simulatedBankChainOf = (asset: string) => `sim-bank-${asset.toLowerCase()}`;

/** A read model that does not exist yet (its projection never registered) answers as empty. */
async function unlessMissing<T>(read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return fallback;
    throw error;
  }
}

/**
 * The routes of the asset catalog: an asset with a `simulated` plug-in is sent on that plug-in's
 * chain (the one its deposits are scanned on) and needs the asset's confirmations; an asset
 * without a plug-in is sent on its simulated bank chain, where a transfer settles at once (one
 * confirmation). Another plug-in kind has no sender in this build: its broadcast fails. A frozen
 * asset (ADR 0012: deposits and withdrawals) sends and confirms nothing until it is unfrozen.
 */
export function catalogRouter(db: Db): WithdrawalRouter {
  return async (code) => {
    const asset = await unlessMissing(() => getAsset(db as AnyDb, code), undefined);
    const frozen = asset?.isFrozen === true ? `${code} is frozen` : undefined;
    const plugin =
      asset?.pluginId === null || asset?.pluginId === undefined
        ? undefined
        : await getAssetPlugin(db as AnyDb, asset.pluginId);
    if (asset === undefined || plugin === undefined) {
      const bank = createSimulatedChain(db as AnyDb, simulatedBankChainOf(code));
      return {
        chain: bank,
        confirmations: 1,
        frozen,
        async settle(txid) {
          if ((await bank.transaction(txid))?.blockHeight === null) await bank.mine(1);
        },
      };
    }
    if (plugin.plugin !== 'simulated') {
      throw new Error(`no withdrawal sender for plug-in kind ${plugin.plugin}`);
    }
    return {
      chain: createSimulatedChain(db as AnyDb, plugin.pluginId),
      confirmations: Math.max(1, asset.confirmationsRequired),
      frozen,
    };
  };
}

export function createChainWithdrawals(
  db: Db,
  options: { routeOf?: WithdrawalRouter } = {},
): WithdrawalChain {
  const routeOf = options.routeOf ?? catalogRouter(db);
  return {
    async broadcast(transfer) {
      const route = await routeOf(transfer.asset);
      if (route.frozen !== undefined) throw new BroadcastDeferred(route.frozen);
      const { txid } = await route.chain.broadcast({
        transferId: transfer.transferId,
        outputs: [{ address: transfer.to, memo: transfer.memo, amount: transfer.amount }],
      });
      await route.settle?.(txid);
      return { txid, from: `${route.chain.chain}:hot-wallet`, feeAmount: '0' };
    },
    async confirmedOutputs(query) {
      const route = await routeOf(query.asset);
      if (route.frozen !== undefined) return [];
      const tip = await route.chain.tip();
      if (tip === undefined) return [];
      const found = await route.chain.findOutputs({
        address: query.address,
        memo: query.memo,
        amount: query.amount,
        fromHeight: 0,
      });
      return found
        .map((output) => ({
          txid: output.txid,
          index: output.index,
          confirmations: confirmationsOf(output.blockHeight, tip.height),
        }))
        .filter((output) => output.confirmations >= route.confirmations);
    },
  };
}

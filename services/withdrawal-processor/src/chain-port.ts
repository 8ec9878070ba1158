import { createHash } from 'node:crypto';

/**
 * The chain port of withdrawals: broadcast a transfer (keyed by its transfer id, so a repeated
 * broadcast after a crash is the same transaction) and read what the chain confirmed to an address.
 * Reconciliation matches on outputs (address, amount), never on a txid alone (T22).
 */
export type ChainOutput = { txid: string; address: string; amount: string; confirmations: number };

export type WithdrawalChain = {
  broadcast(transfer: {
    transferId: string;
    asset: string;
    to: string;
    amount: string;
    memo: string | null;
  }): Promise<{ txid: string; from: string; feeAmount: string }>;
  /** Confirmed outputs paying `address` in `asset`. */
  outputsTo(asset: string, address: string): Promise<ChainOutput[]>;
};

export type SimulatedWithdrawalChain = WithdrawalChain & {
  /** Transfers broadcast, by transfer id (a repeated broadcast of one id is one entry). */
  readonly broadcasts: Map<string, { txid: string; asset: string; to: string; amount: string }>;
  /** Replaces a transaction by one with a new txid and the same outputs (malleability, T22). */
  malleate(txid: string): string;
  /** Outputs not confirmed until this is called (by default everything confirms at once). */
  holdConfirmations(hold: boolean): void;
  /** Drops a transaction from the chain (never confirmed). */
  drop(txid: string): void;
};

/**
 * A simulated chain for the embedded default and tests, until the asset plug-ins' chain
 * (packages/chain) offers a sender: broadcasts confirm at once, from a hot wallet address.
 */
export function createSimulatedWithdrawalChain(
  options: { feeAmount?: (asset: string) => string } = {},
): SimulatedWithdrawalChain {
  const broadcasts = new Map<string, { txid: string; asset: string; to: string; amount: string }>();
  const confirmed = new Map<string, { asset: string; to: string; amount: string }>();
  const pending = new Map<string, { asset: string; to: string; amount: string }>();
  let holding = false;
  return {
    broadcasts,
    async broadcast(transfer) {
      const existing = broadcasts.get(transfer.transferId);
      const txid =
        existing?.txid ??
        createHash('sha256').update(`sim-withdrawal\u0000${transfer.transferId}`).digest('hex');
      if (existing === undefined) {
        const entry = { txid, asset: transfer.asset, to: transfer.to, amount: transfer.amount };
        broadcasts.set(transfer.transferId, entry);
        (holding ? pending : confirmed).set(txid, entry);
      }
      return {
        txid,
        from: `sim-hot-wallet-${transfer.asset.toLowerCase()}`,
        feeAmount: options.feeAmount?.(transfer.asset) ?? '0',
      };
    },
    async outputsTo(asset, address) {
      return [...confirmed.entries()]
        .filter(([, output]) => output.asset === asset && output.to === address)
        .map(([txid, output]) => ({
          txid,
          address: output.to,
          amount: output.amount,
          confirmations: 1,
        }));
    },
    malleate(txid) {
      const replaced = `${createHash('sha256').update(`malleated\u0000${txid}`).digest('hex')}`;
      for (const map of [confirmed, pending]) {
        const output = map.get(txid);
        if (output !== undefined) {
          map.delete(txid);
          map.set(replaced, output);
        }
      }
      return replaced;
    },
    holdConfirmations(hold) {
      holding = hold;
      if (!hold) {
        for (const [txid, output] of pending) confirmed.set(txid, output);
        pending.clear();
      }
    },
    drop(txid) {
      confirmed.delete(txid);
      pending.delete(txid);
    },
  };
}

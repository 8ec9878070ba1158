/**
 * The chain port of withdrawals: broadcast a transfer (keyed by its transfer id, so a repeated
 * broadcast after a crash is the same transaction and creates no second output) and find the
 * confirmed outputs paying an address. Reconciliation matches on outputs (address, memo, amount),
 * never on a txid alone (T22). The adapter over @ledger/chain is `chain-withdrawals.ts`.
 */
export type ConfirmedOutput = {
  txid: string;
  /** The output's index in its transaction. */
  index: number;
  confirmations: number;
};

export type WithdrawalChain = {
  broadcast(transfer: {
    transferId: string;
    asset: string;
    to: string;
    amount: string;
    memo: string | null;
  }): Promise<{ txid: string; from: string; feeAmount: string }>;
  /**
   * Outputs paying exactly `amount` to `address` (and `memo`) in `asset`, with at least the
   * confirmations the asset needs, whatever their txid.
   */
  confirmedOutputs(query: {
    asset: string;
    address: string;
    memo: string | null;
    amount: string;
  }): Promise<ConfirmedOutput[]>;
};

/**
 * The chain will not take a transfer now (its asset is frozen: an administrator's hold, or a deep
 * reorg's alert). Not a failed broadcast: the step stays to be taken, and the worker retries it.
 */
export class BroadcastDeferred extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'BroadcastDeferred';
  }
}

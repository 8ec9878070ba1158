/**
 * The chain-scanner port (docs/adr/0012): what the scanner and the withdrawal
 * reconciler need from a blockchain, whatever the chain. Heights are block numbers from 0
 * (genesis); a block names its parent, so a reorg shows as a different hash at a height already
 * seen. Amounts are decimal strings at the asset's scale, never JS numbers.
 */

/** One output of a transaction as the chain settled it. */
export type ChainOutput = {
  index: number;
  address: string;
  /** A memo / destination tag, when the chain has them. */
  memo: string | null;
  /**
   * What actually arrived at the address: the verified balance delta or the exact contract's
   * transfer event, `delivered_amount` on XRP. The only amount a deposit may credit (T21 c, d).
   */
  amount: string;
  /** What the transaction claimed (an XRP `Amount`, a token call's argument); never credited. */
  declaredAmount: string;
};

export type ChainTransaction = {
  txid: string;
  /** `failed`: reverted, or a token whose transfer returned false: nothing is credited. */
  status: 'success' | 'failed';
  outputs: ChainOutput[];
};

export type ChainBlock = {
  height: number;
  hash: string;
  parentHash: string;
  transactions: ChainTransaction[];
};

export type ChainTip = { height: number; hash: string };

/** A transaction as the chain knows it now: in a block, in the mempool, or not at all. */
export type ChainTransactionStatus = {
  txid: string;
  blockHeight: number | null;
  status: 'success' | 'failed';
  outputs: ChainOutput[];
};

/** An output found by (address, amount): how a withdrawal is reconciled, never by txid (T22). */
export type OutputMatch = { txid: string; blockHeight: number; index: number };

export type ChainAdapter = {
  /** The plug-in id: names the chain in deposit ids. */
  readonly chain: string;
  /** The best block, or undefined before the chain has any. */
  tip(): Promise<ChainTip | undefined>;
  blockAt(height: number): Promise<ChainBlock | undefined>;
  blockHashAt(height: number): Promise<string | undefined>;
  transaction(txid: string): Promise<ChainTransactionStatus | undefined>;
  /** Outputs paying exactly `amount` to `address` (and memo), in blocks at or above `fromHeight`. */
  findOutputs(query: {
    address: string;
    memo?: string | null;
    amount: string;
    fromHeight: number;
  }): Promise<OutputMatch[]>;
  /**
   * Sends a transaction (a withdrawal) carrying `transferId`: broadcasting the same transfer again
   * (after a crash) is the same transaction. Its txid may still change before it confirms (T22):
   * reconcile with `findOutputs`, never by the txid alone.
   */
  broadcast(transfer: {
    transferId: string;
    outputs: { address: string; memo: string | null; amount: string }[];
  }): Promise<{ txid: string }>;
  /** The deposit address of a wallet account (deterministic per chain and account). */
  depositAddressOf(accountSeq: number): string;
  /** The one address of a memo chain; members tell their deposits apart by memo ID. */
  sharedDepositAddress(): string;
  /**
   * `depositAddressOf(accountSeq)`, made one of the exchange's wallet addresses (its receipts
   * count in `walletActivity`). Issuing it again changes nothing.
   */
  issueDepositAddress(accountSeq: number): Promise<string>;
  /** `sharedDepositAddress()`, made one of the wallet's addresses. */
  issueSharedDepositAddress(): Promise<string>;
  /**
   * The exchange's own address on the chain that is no member's deposit address (the scanner
   * credits nothing paid to it): where money the exchange holds for itself, or has put on chain
   * to back balances it created (the demo seed), sits. One of the wallet's addresses.
   */
  treasuryAddress(): Promise<string>;
  /** What the exchange's wallet has received and sent, as the chain sees it now (T25). */
  walletActivity(): Promise<WalletActivity>;
};

/**
 * The exchange's wallet on one chain (reliability test T25; docs/adr/0020): its holdings are
 * `received − Σ sends`. Amounts are decimal strings at the asset's scale.
 */
export type WalletActivity = {
  /** Successful outputs paying the wallet's addresses, in blocks (mempool not counted). */
  received: string;
  /**
   * Every successful transaction the wallet has sent (`broadcast`), mempool included: what it has
   * already paid, per transfer id, with all its outputs.
   */
  sends: { transferId: string; amount: string }[];
};

/** Confirmations of a block at `height` when the tip is `tipHeight`: the block itself counts. */
export function confirmationsOf(height: number, tipHeight: number): number {
  return tipHeight < height ? 0 : tipHeight - height + 1;
}

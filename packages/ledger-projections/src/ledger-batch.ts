import type { RecordedEvent } from '@ledger/event-store';

/**
 * One projector batch of ledger events, worked out in memory: the rows it touches are loaded
 * once, every event is applied to them in order (checking the invariants after each), and the
 * result is written with one statement per table (guides/event-store.md §12.3: balances upserted
 * once per account per batch, one log row per leg).
 */

export type AccountRow = {
  account: string;
  seq: number | null;
  accountNumber: string | null;
  kind: 'member' | 'system' | 'limit';
  memberId: string | null;
  memberSeq: number | null;
  systemRole: string | null;
  asset: string;
  decimalPoint: number;
  status: 'normal' | 'fraud';
  balance: bigint;
  held: bigint;
  dailyLimit: bigint | null;
  isNegativeAllowed: boolean;
  openedAt: string;
  lastRevision: bigint;
  lastPosition: string;
  /**
   * The balance log's rows on this account, both sides: the total of its log pages without a date
   * filter, read in one row instead of counted over its whole history.
   */
  logRows: number;
  /**
   * The time of the newest row in the account's log (the latest `occurredAt` seen; null before the
   * first row), and whether every row so far came no earlier than the rows before it. While that
   * holds, the rows before an instant are a prefix of the log, so a date range's total is the
   * difference of two rows' ordinals (balance-log-queries.ts); a row earlier than one before it
   * (a writer's clock stepping back across a failover) clears it for good, and totals count rows.
   */
  logLastAt: string | null;
  logTimesOrdered: boolean;
};

/**
 * A hold: `amount` is what it holds now while open (less after a capture that kept the rest or a
 * move out, more after a move in), and what it held when it was resolved; `amountCaptured` adds
 * up every capture from it. `moved`: its whole amount went into another hold.
 */
export type HoldRow = {
  holdId: string;
  account: string;
  asset: string;
  decimalPoint: number;
  amount: bigint;
  reason: string;
  status: 'open' | 'captured' | 'released' | 'expired' | 'moved';
  amountCaptured: bigint | null;
  amountReleased: bigint | null;
  placedAt: string;
  expiresAt: string | null;
  resolvedAt: string | null;
  limitAccount: string | null;
  limitDay: string | null;
  placedRevision: bigint;
  lastRevision: bigint;
};

export type AssetTotalRow = {
  asset: string;
  decimalPoint: number;
  balanceTotal: bigint;
  memberBalanceTotal: bigint;
  memberHeldTotal: bigint;
  systemBalanceTotal: bigint;
  memberAccounts: number;
  systemAccounts: number;
  /**
   * The asset's balance-log rows of account transfers (account-transfer-queries.ts): the
   * administrator's list's total without a date range, read in one row instead of counted.
   */
  accountTransferRows: number;
  lastRevision: bigint;
};

/**
 * One side of a log row: the account, its balances after the row, and the row's ordinal in that
 * account's log (1 for its first row, counting the rows where it is on either side).
 */
export type LogSide = {
  account: string;
  balanceAfter: bigint;
  heldAfter: bigint;
  ordinal: number;
};

/** One row of the balance-change log: one leg (both sides' balances after it), or one hold change. */
export type LogRow = {
  entry: bigint;
  revision: bigint;
  position: string;
  occurredAt: string;
  eventType: string;
  cause: string;
  transferId: string | null;
  holdId: string | null;
  asset: string;
  decimalPoint: number;
  amount: bigint;
  debit: LogSide | null;
  credit: LogSide | null;
  actor: string;
  commandId: string;
};

export type LedgerBatch = {
  accounts: Map<string, AccountRow>;
  /** The revision each loaded account row had before this batch: its update expects it. */
  accountRevisions: Map<string, bigint>;
  /** Accounts taken from the cache of the batch before (AccountCache), not read from the table. */
  accountsCached: Set<string>;
  /** Accounts that did not exist before this batch (inserted, not updated). */
  accountsOpened: Set<string>;
  accountsChanged: Set<string>;
  holds: Map<string, HoldRow>;
  holdsPlaced: Set<string>;
  holdsChanged: Set<string>;
  assets: Map<string, AssetTotalRow>;
  /** The revision each asset totals row had before this batch (loaded or cached): its update expects it. */
  assetRevisions: Map<string, bigint>;
  /** Asset totals taken from the cache of the batch before (AccountCache), not read from the table. */
  assetsCached: Set<string>;
  assetsChanged: Set<string>;
  log: LogRow[];
};

export function emptyBatch(): LedgerBatch {
  return {
    accounts: new Map(),
    accountRevisions: new Map(),
    accountsCached: new Set(),
    accountsOpened: new Set(),
    accountsChanged: new Set(),
    holds: new Map(),
    holdsPlaced: new Set(),
    holdsChanged: new Set(),
    assets: new Map(),
    assetRevisions: new Map(),
    assetsCached: new Set(),
    assetsChanged: new Set(),
    log: [],
  };
}

type Keys = { accounts: Set<string>; holds: Set<string>; assets: Set<string> };

function addLegs(keys: Keys, legs: unknown): void {
  if (!Array.isArray(legs)) return;
  for (const leg of legs as { debit?: unknown; credit?: unknown; asset?: unknown }[]) {
    if (typeof leg.debit === 'string') keys.accounts.add(leg.debit);
    if (typeof leg.credit === 'string') keys.accounts.add(leg.credit);
    if (typeof leg.asset === 'string') keys.assets.add(leg.asset);
  }
}

/** Every account, hold and asset the events name, so the batch loads each row once. */
export function keysOf(events: readonly RecordedEvent[]): Keys {
  const keys: Keys = { accounts: new Set(), holds: new Set(), assets: new Set() };
  for (const event of events) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    if (typeof data.account === 'string') keys.accounts.add(data.account);
    if (typeof data.asset === 'string') keys.assets.add(data.asset);
    if (typeof data.holdId === 'string') keys.holds.add(data.holdId);
    if (typeof data.fromHoldId === 'string') keys.holds.add(data.fromHoldId);
    if (typeof data.toHoldId === 'string') keys.holds.add(data.toHoldId);
    addLegs(keys, data.legs);
  }
  return keys;
}

import { assert } from '@ledger/decider';
import type {
  AccountId,
  AccountStatus,
  AssetCode,
  Day,
  HoldId,
  HoldResolution,
  MemberId,
  SystemRole,
  Timestamp,
} from './ledger-types.ts';

/**
 * The ledger's in-memory state over all accounts. `evolve` mutates it in place for throughput
 * (docs/adr/0005-money-representation.md): the caller owns it, and `decide` only reads it.
 * Amounts are bigint minor units of the account's asset.
 */
export type MoneyAccountState = {
  id: AccountId;
  kind: 'member' | 'system';
  memberId: MemberId | null;
  systemRole: SystemRole | null;
  asset: AssetCode;
  decimalPoint: number;
  status: AccountStatus;
  /** What the account owns. */
  balance: bigint;
  /** The part of the balance reserved by open holds; available = balance - held. */
  held: bigint;
  /** True only for chain clearing and adjustment equity. */
  isNegativeAllowed: boolean;
};

/** A member's daily allowance for one asset: not money, outside the per-asset zero-sum. */
export type LimitAccountState = {
  id: AccountId;
  kind: 'limit';
  memberId: MemberId;
  asset: AssetCode;
  decimalPoint: number;
  status: AccountStatus;
  /** The allowance of every day; zero until a SetDailyLimit says otherwise. */
  amountPerDay: bigint;
  /** Allowance used per day; a day whose usage returns to zero is removed. */
  usedByDay: Map<Day, bigint>;
};

export type AccountState = MoneyAccountState | LimitAccountState;

export type HoldState = {
  id: HoldId;
  account: AccountId;
  asset: AssetCode;
  amount: bigint;
  expiresAt: Timestamp | null;
  limitAccount: AccountId | null;
  limitDay: Day | null;
};

export type AssetState = {
  asset: AssetCode;
  /** Frozen by the first account opened in the asset. */
  decimalPoint: number;
  /** The sum of every money account's balance in the asset: zero after every event. */
  balanceTotal: bigint;
};

export type LedgerState = {
  accounts: Map<AccountId, AccountState>;
  assets: Map<AssetCode, AssetState>;
  holdsOpen: Map<HoldId, HoldState>;
  /** Every resolved hold, kept so a second resolution is told it came too late. */
  holdsResolved: Map<HoldId, HoldResolution>;
};

/** An empty ledger: no asset, no account, no hold. */
export function initialState(): LedgerState {
  return { accounts: new Map(), assets: new Map(), holdsOpen: new Map(), holdsResolved: new Map() };
}

/** The available balance: what a new debit or hold may take. */
export function balanceAvailable(account: MoneyAccountState): bigint {
  return account.balance - account.held;
}

/** Looks up an account that an event names; its absence is a programmer error. */
export function existingMoneyAccount(state: LedgerState, accountId: AccountId): MoneyAccountState {
  const account = state.accounts.get(accountId);
  assert(account !== undefined, 'an event names an account that was never opened');
  assert(account.kind !== 'limit', 'an event moves money on a limit account');
  return account;
}

/** Looks up a limit account that an event names; its absence is a programmer error. */
export function existingLimitAccount(state: LedgerState, accountId: AccountId): LimitAccountState {
  const account = state.accounts.get(accountId);
  assert(account !== undefined, 'an event names a limit account that was never opened');
  assert(account.kind === 'limit', 'an event draws on an account that is not a limit account');
  return account;
}

/** Looks up an asset that an account uses; its absence is a programmer error. */
export function existingAsset(state: LedgerState, asset: AssetCode): AssetState {
  const assetState = state.assets.get(asset);
  assert(assetState !== undefined, 'an account uses an asset the ledger does not know');
  return assetState;
}

/** The allowance a limit account has used on `day`. */
export function limitUsed(account: LimitAccountState, day: Day): bigint {
  return account.usedByDay.get(day) ?? 0n;
}

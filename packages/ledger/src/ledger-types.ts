/**
 * The vocabulary shared by the ledger's commands, events and state. Identifiers are plain strings
 * generated outside the ledger (the writer or the process that issues the command); amounts are
 * decimal strings with exactly the asset's decimal_point fraction digits.
 */

export type AccountId = string;
export type HoldId = string;
export type TransferId = string;
export type MemberId = string;
export type AssetCode = string;
/** A decimal string with exactly the asset's decimal_point fraction digits, e.g. "1.50000000". */
export type AmountText = string;
/** A UTC instant in the canonical ISO 8601 form of Date.prototype.toISOString: 2025-01-31T15:00:00.000Z. */
export type Timestamp = string;
/** A calendar day, YYYY-MM-DD, in the service time zone, computed by the caller. */
export type Day = string;

/** The system accounts each asset has (DESIGN.md §3). */
export const systemRoles = [
  'chainClearing',
  'suspense',
  'providerLiquidity',
  'feeRevenue',
  'adjustmentEquity',
  'settlement',
  'payables',
] as const;
export type SystemRole = (typeof systemRoles)[number];

/**
 * The system accounts that hold what the exchange owes to someone other than its members
 * (settlements and payables to brokerages, affiliates and merchants): liabilities beside the
 * members' balances, when they are compared with the holdings (reliability test T25).
 */
export const systemRolesOwedToOthers: ReadonlySet<SystemRole> = new Set<SystemRole>([
  'settlement',
  'payables',
]);

/**
 * The causes of a transfer between wallet accounts a member asked for: between the member's own
 * accounts, or to another member's (SPEC account-transfer/list lists their legs).
 */
export const accountTransferCauses = ['internalTransfer', 'memberTransfer'] as const;
export type AccountTransferCause = (typeof accountTransferCauses)[number];

/** The only accounts whose balance may go below zero: the outside world and the equity of corrections. */
export const systemRolesNegativeAllowed: ReadonlySet<SystemRole> = new Set<SystemRole>([
  'chainClearing',
  'adjustmentEquity',
]);

export type AccountKind = 'member' | 'system' | 'limit';
export type AccountStatus = 'normal' | 'fraud';

/**
 * Who an account belongs to. A limit account is a member's daily withdrawal allowance for one
 * asset: it holds no money and is left out of the per-asset zero-sum.
 */
export type AccountOwner =
  | { kind: 'member'; memberId: MemberId }
  | { kind: 'system'; systemRole: SystemRole }
  | { kind: 'limit'; memberId: MemberId };

/** One movement: `amount` leaves `debit` and arrives at `credit`, both accounts of `asset`. */
export type Leg = {
  debit: AccountId;
  credit: AccountId;
  asset: AssetCode;
  amount: AmountText;
};

/** The limit account and day a hold draws on. */
export type LimitDraw = { account: AccountId; day: Day };

/**
 * How an open hold ended; a hold resolves at most once. `moved`: its whole amount went into
 * another hold of the same account (MoveHeld).
 */
export type HoldResolution = 'captured' | 'released' | 'expired' | 'moved';

/**
 * The conventional id of a system account, so every service derives the same id for the fee
 * revenue account of an asset without a lookup.
 * @example systemAccountId('feeRevenue', 'BTC') === 'system:feeRevenue:BTC'
 */
export function systemAccountId(systemRole: SystemRole, asset: AssetCode): AccountId {
  return `system:${systemRole}:${asset}`;
}

import { assert } from '@ledger/decider';
import { assertLedgerInvariants } from './ledger-invariants.ts';
import {
  type AccountState,
  existingAsset,
  existingMoneyAccount,
  type HoldState,
  initialState,
  type LedgerState,
} from './ledger-state.ts';
import {
  type AccountStatus,
  type HoldResolution,
  type SystemRole,
  systemRoles,
  systemRolesNegativeAllowed,
} from './ledger-types.ts';
import { type AmountSigns, formatAmount, isDecimalPoint, tryParseAmount } from './money.ts';

/**
 * Snapshots of the ledger state. The serialized form is canonical: plain JSON values, object keys
 * in sorted order, lists sorted by id, amounts as decimal strings; so two equal states serialize to
 * the same JSON text and the writer can hash it (outside this package) to check a snapshot.
 */

export type SerializedAccount =
  | {
      account: string;
      asset: string;
      balance: string;
      held: string;
      kind: 'member';
      memberId: string;
      status: AccountStatus;
    }
  | {
      account: string;
      asset: string;
      balance: string;
      held: string;
      kind: 'system';
      status: AccountStatus;
      systemRole: SystemRole;
    }
  | {
      account: string;
      amountPerDay: string;
      asset: string;
      kind: 'limit';
      memberId: string;
      status: AccountStatus;
      usedByDay: { day: string; used: string }[];
    };

export type SerializedHold = {
  account: string;
  amount: string;
  asset: string;
  expiresAt?: string;
  holdId: string;
  limit?: { account: string; day: string };
};

export type SerializedLedgerState = {
  accounts: SerializedAccount[];
  assets: { asset: string; decimalPoint: number }[];
  formatVersion: 1;
  holdsOpen: SerializedHold[];
  holdsResolved: { holdId: string; resolution: HoldResolution }[];
};

function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

function serializeAccount(account: AccountState): SerializedAccount {
  const { id, asset, decimalPoint, status } = account;
  if (account.kind === 'limit') {
    const usedByDay = [...account.usedByDay]
      .sort(([left], [right]) => compareText(left, right))
      .map(([day, used]) => ({ day, used: formatAmount(used, decimalPoint) }));
    const amountPerDay = formatAmount(account.amountPerDay, decimalPoint);
    const memberId = account.memberId;
    return { account: id, amountPerDay, asset, kind: 'limit', memberId, status, usedByDay };
  }
  const balance = formatAmount(account.balance, decimalPoint);
  const held = formatAmount(account.held, decimalPoint);
  if (account.kind === 'member') {
    assert(account.memberId !== null, 'a member account has a member');
    const memberId = account.memberId;
    return { account: id, asset, balance, held, kind: 'member', memberId, status };
  }
  assert(account.systemRole !== null, 'a system account has a role');
  const systemRole = account.systemRole;
  return { account: id, asset, balance, held, kind: 'system', status, systemRole };
}

function serializeHold(state: LedgerState, hold: HoldState): SerializedHold {
  const decimalPoint = existingAsset(state, hold.asset).decimalPoint;
  return {
    account: hold.account,
    amount: formatAmount(hold.amount, decimalPoint),
    asset: hold.asset,
    ...(hold.expiresAt === null ? {} : { expiresAt: hold.expiresAt }),
    holdId: hold.id,
    ...(hold.limitAccount === null || hold.limitDay === null
      ? {}
      : { limit: { account: hold.limitAccount, day: hold.limitDay } }),
  };
}

/** The canonical JSON value of the state, for snapshots and their hash. */
export function serializeState(state: LedgerState): SerializedLedgerState {
  const accounts = [...state.accounts.values()]
    .sort((left, right) => compareText(left.id, right.id))
    .map(serializeAccount);
  const assets = [...state.assets.values()]
    .sort((left, right) => compareText(left.asset, right.asset))
    .map(({ asset, decimalPoint }) => ({ asset, decimalPoint }));
  const holdsOpen = [...state.holdsOpen.values()]
    .sort((left, right) => compareText(left.id, right.id))
    .map((hold) => serializeHold(state, hold));
  const holdsResolved = [...state.holdsResolved]
    .sort(([left], [right]) => compareText(left, right))
    .map(([holdId, resolution]) => ({ holdId, resolution }));
  return { accounts, assets, formatVersion: 1, holdsOpen, holdsResolved };
}

type JsonRecord = Record<string, unknown>;

function recordOf(value: unknown, what: string): JsonRecord {
  assert(
    typeof value === 'object' && value !== null && !Array.isArray(value),
    `${what} is an object`,
  );
  return value as JsonRecord;
}

function listOf(record: JsonRecord, key: string): unknown[] {
  const value = record[key];
  assert(Array.isArray(value), `snapshot field ${key} is a list`);
  return value;
}

function textOf(record: JsonRecord, key: string): string {
  const value = record[key];
  assert(typeof value === 'string' && value.length > 0, `snapshot field ${key} is a string`);
  return value;
}

function amountOf(
  record: JsonRecord,
  key: string,
  decimalPoint: number,
  signs: AmountSigns,
): bigint {
  const amount = tryParseAmount(textOf(record, key), decimalPoint, signs);
  assert(amount !== undefined, `snapshot field ${key} is an amount`);
  return amount;
}

function statusOf(record: JsonRecord): AccountStatus {
  const status = textOf(record, 'status');
  assert(status === 'normal' || status === 'fraud', 'snapshot status is normal or fraud');
  return status;
}

function deserializeLimitAccount(record: JsonRecord, common: AccountCommon): AccountState {
  const usedByDay = new Map<string, bigint>();
  for (const entry of listOf(record, 'usedByDay')) {
    const day = recordOf(entry, 'a limit day');
    usedByDay.set(textOf(day, 'day'), amountOf(day, 'used', common.decimalPoint, 'positive'));
  }
  const amountPerDay = amountOf(record, 'amountPerDay', common.decimalPoint, 'nonNegative');
  const memberId = textOf(record, 'memberId');
  return { ...common, kind: 'limit', memberId, amountPerDay, usedByDay };
}

type AccountCommon = { id: string; asset: string; decimalPoint: number; status: AccountStatus };

function deserializeAccount(state: LedgerState, value: unknown): AccountState {
  const record = recordOf(value, 'a snapshot account');
  const asset = textOf(record, 'asset');
  const decimalPoint = existingAsset(state, asset).decimalPoint;
  const common = { id: textOf(record, 'account'), asset, decimalPoint, status: statusOf(record) };
  const kind = record.kind;
  if (kind === 'limit') {
    return deserializeLimitAccount(record, common);
  }
  const balance = amountOf(record, 'balance', decimalPoint, 'any');
  const held = amountOf(record, 'held', decimalPoint, 'nonNegative');
  if (kind === 'member') {
    const memberId = textOf(record, 'memberId');
    const owner = { kind, memberId, systemRole: null, isNegativeAllowed: false } as const;
    return { ...common, ...owner, balance, held };
  }
  assert(kind === 'system', 'a snapshot account is member, system or limit');
  const systemRole = textOf(record, 'systemRole') as SystemRole;
  assert(systemRoles.includes(systemRole), 'a snapshot system account has a known role');
  const isNegativeAllowed = systemRolesNegativeAllowed.has(systemRole);
  return { ...common, kind, memberId: null, systemRole, isNegativeAllowed, balance, held };
}

function deserializeHold(state: LedgerState, value: unknown): HoldState {
  const record = recordOf(value, 'a snapshot hold');
  const account = existingMoneyAccount(state, textOf(record, 'account'));
  const limit = record.limit === undefined ? undefined : recordOf(record.limit, 'a hold limit');
  return {
    id: textOf(record, 'holdId'),
    account: account.id,
    asset: textOf(record, 'asset'),
    amount: amountOf(record, 'amount', account.decimalPoint, 'positive'),
    expiresAt: record.expiresAt === undefined ? null : textOf(record, 'expiresAt'),
    limitAccount: limit === undefined ? null : textOf(limit, 'account'),
    limitDay: limit === undefined ? null : textOf(limit, 'day'),
  };
}

function deserializeAssets(state: LedgerState, record: JsonRecord): void {
  for (const value of listOf(record, 'assets')) {
    const entry = recordOf(value, 'a snapshot asset');
    const asset = textOf(entry, 'asset');
    const decimalPoint = entry.decimalPoint;
    assert(isDecimalPoint(decimalPoint), 'a snapshot asset has a valid decimal point');
    assert(!state.assets.has(asset), 'a snapshot lists each asset once');
    state.assets.set(asset, { asset, decimalPoint, balanceTotal: 0n });
  }
}

function deserializeAccounts(state: LedgerState, record: JsonRecord): void {
  for (const value of listOf(record, 'accounts')) {
    const account = deserializeAccount(state, value);
    assert(!state.accounts.has(account.id), 'a snapshot lists each account once');
    state.accounts.set(account.id, account);
    if (account.kind !== 'limit') {
      existingAsset(state, account.asset).balanceTotal += account.balance;
    }
  }
}

function deserializeHolds(state: LedgerState, record: JsonRecord): void {
  for (const value of listOf(record, 'holdsOpen')) {
    const hold = deserializeHold(state, value);
    assert(!state.holdsOpen.has(hold.id), 'a snapshot lists each open hold once');
    state.holdsOpen.set(hold.id, hold);
  }
  for (const value of listOf(record, 'holdsResolved')) {
    const entry = recordOf(value, 'a resolved hold');
    const resolution = textOf(entry, 'resolution');
    assert(
      resolution === 'captured' ||
        resolution === 'released' ||
        resolution === 'expired' ||
        resolution === 'moved',
      'a resolved hold was captured, released, expired or moved',
    );
    state.holdsResolved.set(textOf(entry, 'holdId'), resolution);
  }
}

/**
 * Rebuilds a state from `serializeState`'s value (parsed JSON). Checks everything it reads, then
 * every ledger invariant: a corrupt snapshot throws AssertionError rather than start a writer.
 */
export function deserializeState(value: unknown): LedgerState {
  const record = recordOf(value, 'a ledger snapshot');
  assert(record.formatVersion === 1, 'a ledger snapshot has format version 1');
  const state = initialState();
  deserializeAssets(state, record);
  deserializeAccounts(state, record);
  deserializeHolds(state, record);
  assertLedgerInvariants(state);
  return state;
}

import type { LedgerCommand } from '../ledger-commands.ts';
import type {
  AccountOpened,
  AccountStatusChanged,
  DailyLimitSet,
  HeldMoved,
  HoldCaptured,
  HoldExpired,
  HoldPartlyCaptured,
  HoldPlaced,
  HoldReleased,
  TransferPosted,
} from '../ledger-events.ts';
import {
  type AccountId,
  type AssetCode,
  type Leg,
  type SystemRole,
  systemAccountId,
  systemRoles,
  type Timestamp,
} from '../ledger-types.ts';

/**
 * Fixed, readable builders for ledger tests (here and in the writer's tests): one call per fact,
 * defaults for what a test does not care about. No randomness: a test that needs variety seeds it.
 */

/** The business time every builder uses unless told otherwise. */
export const testNow: Timestamp = '2025-01-15T03:00:00.000Z';
export const testDay = '2025-01-15';

type CommandOf<Type extends LedgerCommand['type']> = Extract<LedgerCommand, { type: Type }>;

/** A command with `metadata.now`. */
export function command<Type extends LedgerCommand['type']>(
  type: Type,
  data: CommandOf<Type>['data'],
  now: Timestamp = testNow,
): CommandOf<Type> {
  return { type, data, metadata: { now } } as CommandOf<Type>;
}

export function leg(debit: AccountId, credit: AccountId, amount: string, asset: AssetCode): Leg {
  return { debit, credit, asset, amount };
}

export function memberAccountOpened(
  account: AccountId,
  memberId: string,
  asset: AssetCode,
  decimalPoint: number,
  openedAt: Timestamp = testNow,
): AccountOpened {
  const data = { account, asset, decimalPoint, openedAt, kind: 'member', memberId } as const;
  return { type: 'AccountOpened', data };
}

export function systemAccountOpened(
  systemRole: SystemRole,
  asset: AssetCode,
  decimalPoint: number,
  openedAt: Timestamp = testNow,
): AccountOpened {
  const account = systemAccountId(systemRole, asset);
  const data = { account, asset, decimalPoint, openedAt, kind: 'system', systemRole } as const;
  return { type: 'AccountOpened', data };
}

/** Every system account of an asset, in the order of `systemRoles`. */
export function systemAccountsOpened(asset: AssetCode, decimalPoint: number): AccountOpened[] {
  return systemRoles.map((systemRole) => systemAccountOpened(systemRole, asset, decimalPoint));
}

export function limitAccountOpened(
  account: AccountId,
  memberId: string,
  asset: AssetCode,
  decimalPoint: number,
  openedAt: Timestamp = testNow,
): AccountOpened {
  const data = { account, asset, decimalPoint, openedAt, kind: 'limit', memberId } as const;
  return { type: 'AccountOpened', data };
}

export function transferPosted(
  transferId: string,
  legs: Leg[],
  cause: string,
  postedAt: Timestamp = testNow,
): TransferPosted {
  return { type: 'TransferPosted', data: { transferId, legs, cause, postedAt } };
}

/** A deposit: chain clearing of the asset pays `amount` to `account`. */
export function deposited(
  transferId: string,
  account: AccountId,
  amount: string,
  asset: AssetCode,
): TransferPosted {
  const clearing = systemAccountId('chainClearing', asset);
  return transferPosted(transferId, [leg(clearing, account, amount, asset)], 'deposit');
}

export function holdPlaced(
  data: Omit<HoldPlaced['data'], 'placedAt' | 'reason'> & { reason?: string },
  placedAt: Timestamp = testNow,
): HoldPlaced {
  const { reason = 'withdrawal', ...rest } = data;
  return { type: 'HoldPlaced', data: { ...rest, reason, placedAt } };
}

export function dailyLimitSet(
  account: AccountId,
  amount: string,
  amountPrevious: string,
  setAt: Timestamp = testNow,
): DailyLimitSet {
  return { type: 'DailyLimitSet', data: { account, amount, amountPrevious, setAt } };
}

export function holdCaptured(
  data: Omit<HoldCaptured['data'], 'capturedAt'>,
  capturedAt: Timestamp = testNow,
): HoldCaptured {
  return { type: 'HoldCaptured', data: { ...data, capturedAt } };
}

export function holdPartlyCaptured(
  data: Omit<HoldPartlyCaptured['data'], 'capturedAt'>,
  capturedAt: Timestamp = testNow,
): HoldPartlyCaptured {
  return { type: 'HoldPartlyCaptured', data: { ...data, capturedAt } };
}

export function heldMoved(
  data: Omit<HeldMoved['data'], 'movedAt'>,
  movedAt: Timestamp = testNow,
): HeldMoved {
  return { type: 'HeldMoved', data: { ...data, movedAt } };
}

export function holdReleased(
  data: Omit<HoldReleased['data'], 'releasedAt'>,
  releasedAt: Timestamp = testNow,
): HoldReleased {
  return { type: 'HoldReleased', data: { ...data, releasedAt } };
}

export function holdExpired(
  data: Omit<HoldExpired['data'], 'expiredAt'>,
  expiredAt: Timestamp = testNow,
): HoldExpired {
  return { type: 'HoldExpired', data: { ...data, expiredAt } };
}

export function accountStatusChanged(
  account: AccountId,
  status: 'normal' | 'fraud',
  changedAt: Timestamp = testNow,
): AccountStatusChanged {
  const statusPrevious = status === 'fraud' ? 'normal' : 'fraud';
  return { type: 'AccountStatusChanged', data: { account, status, statusPrevious, changedAt } };
}

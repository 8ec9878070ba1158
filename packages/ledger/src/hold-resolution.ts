import { assert } from '@ledger/decider';
import type { LedgerRejection } from './ledger-rejections.ts';
import {
  existingLimitAccount,
  existingMoneyAccount,
  type HoldState,
  type LedgerState,
  limitUsed,
  type MoneyAccountState,
} from './ledger-state.ts';
import type { AccountId, AssetCode, HoldId, HoldResolution } from './ledger-types.ts';
import { eventAmount } from './leg-application.ts';

/**
 * What capture, release and expiry share: finding an open hold, and closing it exactly once. A
 * resolved hold moves from `holdsOpen` to `holdsResolved`, so a second resolution is refused with
 * HoldAlreadyResolved whichever of capture, release or expiry comes second.
 */

/** The open hold `holdId`, or why it cannot be resolved. */
export function openHoldFor(state: LedgerState, holdId: HoldId): HoldState | LedgerRejection {
  const hold = state.holdsOpen.get(holdId);
  if (hold !== undefined) {
    return hold;
  }
  const resolution = state.holdsResolved.get(holdId);
  if (resolution !== undefined) {
    return { type: 'HoldAlreadyResolved', holdId, resolution };
  }
  return { type: 'HoldNotFound', holdId: String(holdId) };
}

/** What a resolution event says about its hold; evolve checks it against the state. */
type HoldReference = { holdId: HoldId; account: AccountId; asset: AssetCode };

/** The open hold an event resolves; anything else is a programmer error. */
export function existingOpenHold(state: LedgerState, reference: HoldReference): HoldState {
  const hold = state.holdsOpen.get(reference.holdId);
  assert(hold !== undefined, 'an event resolves a hold that is not open');
  assert(hold.account === reference.account, 'an event resolves a hold on another account');
  assert(hold.asset === reference.asset, 'an event resolves a hold in another asset');
  return hold;
}

/**
 * Closes an open hold: its whole amount leaves the account's held part, and the part not captured
 * goes back to the limit day it was drawn from. Returns the account, for the caller's checks.
 */
export function closeHold(
  state: LedgerState,
  hold: HoldState,
  amountReleased: bigint,
  resolution: HoldResolution,
): MoneyAccountState {
  assert(amountReleased >= 0n, 'a hold releases a non-negative amount');
  assert(amountReleased <= hold.amount, 'a hold releases at most what it held');
  const account = existingMoneyAccount(state, hold.account);
  account.held -= hold.amount;
  if (hold.limitAccount !== null && hold.limitDay !== null && amountReleased > 0n) {
    const limitAccount = existingLimitAccount(state, hold.limitAccount);
    const used = limitUsed(limitAccount, hold.limitDay) - amountReleased;
    assert(used >= 0n, 'a limit day never gives back more than was drawn on it');
    if (used === 0n) {
      limitAccount.usedByDay.delete(hold.limitDay);
    } else {
      limitAccount.usedByDay.set(hold.limitDay, used);
    }
  }
  state.holdsOpen.delete(hold.id);
  state.holdsResolved.set(hold.id, resolution);
  return account;
}

/** The amount of a whole-hold resolution event, asserted equal to what the hold held. */
export function assertWholeAmount(hold: HoldState, amountText: string, decimalPoint: number): void {
  assert(
    eventAmount(amountText, decimalPoint) === hold.amount,
    'a whole resolution frees the hold',
  );
}

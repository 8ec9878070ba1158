import { assert } from '@ledger/decider';
import {
  existingAsset,
  existingMoneyAccount,
  type LedgerState,
  type MoneyAccountState,
} from './ledger-state.ts';
import type { AccountId, Leg } from './ledger-types.ts';
import { tryParseAmount } from './money.ts';

/**
 * The evolve side of money movement: applies legs to the state in place and asserts the ledger's
 * invariants on everything an event touched. Events come from accepted decisions or from the log,
 * so any inconsistency here is a programmer error (or a corrupt log) and stops the writer.
 */

/** Parses an amount an event carries, which must already be valid for its asset. */
export function eventAmount(text: string, decimalPoint: number): bigint {
  const amount = tryParseAmount(text, decimalPoint, 'nonNegative');
  assert(amount !== undefined, 'an event carries an amount that is not valid for its asset');
  return amount;
}

/**
 * Moves one leg's amount, updating each side's asset total through the account's own asset, so
 * a leg whose two accounts hold different assets breaks the zero-sum and is caught.
 */
export function applyLeg(state: LedgerState, leg: Leg, touched: MoneyAccountState[]): bigint {
  const debit = existingMoneyAccount(state, leg.debit);
  const credit = existingMoneyAccount(state, leg.credit);
  assert(debit !== credit, 'a leg must move money between two accounts');
  assert(debit.asset === leg.asset, 'a leg debits an account of another asset');
  assert(credit.asset === leg.asset, 'a leg credits an account of another asset');
  const amount = eventAmount(leg.amount, debit.decimalPoint);
  assert(amount > 0n, 'a leg moves a positive amount');
  debit.balance -= amount;
  credit.balance += amount;
  existingAsset(state, debit.asset).balanceTotal -= amount;
  existingAsset(state, credit.asset).balanceTotal += amount;
  touched.push(debit, credit);
  return amount;
}

/** Applies every leg of an event; returns their total. */
export function applyLegs(
  state: LedgerState,
  legs: readonly Leg[],
  touched: MoneyAccountState[],
): bigint {
  assert(legs.length > 0, 'an event moves money along at least one leg');
  let total = 0n;
  for (const leg of legs) {
    total += applyLeg(state, leg, touched);
  }
  return total;
}

/**
 * Asserts the invariants of every touched account after an event: held never below zero, no
 * forbidden negative available balance, and the per-asset zero-sum of each touched asset.
 */
export function assertAccountsSound(
  state: LedgerState,
  touched: readonly MoneyAccountState[],
): void {
  for (const account of touched) {
    assert(account.held >= 0n, 'held must never go below zero');
    if (!account.isNegativeAllowed) {
      assert(account.balance >= account.held, 'available must never go below zero');
    }
    assert(
      existingAsset(state, account.asset).balanceTotal === 0n,
      'the balances of an asset must sum to zero',
    );
  }
}

/** Asserts that `accountId` is the account a leg of a capture debits. */
export function assertCaptureLeg(leg: Leg, accountId: AccountId): void {
  assert(leg.debit === accountId, 'a capture leg debits the account the hold is on');
}

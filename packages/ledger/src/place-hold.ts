import { assert } from './assert.ts';
import type { PlaceHold } from './ledger-commands.ts';
import { accepted, type LedgerDecision, rejected } from './ledger-decision.ts';
import type { HoldPlaced } from './ledger-events.ts';
import type { LedgerRejection } from './ledger-rejections.ts';
import {
  balanceAvailable,
  existingLimitAccount,
  existingMoneyAccount,
  type LedgerState,
  limitUsed,
  type MoneyAccountState,
} from './ledger-state.ts';
import type { LimitDraw, Timestamp } from './ledger-types.ts';
import { assertDay, isIdentifier, isLabel, isTimestamp } from './ledger-validation.ts';
import { assertAccountsSound, eventAmount } from './leg-application.ts';
import { isRejection, moneyAccountFor } from './leg-effects.ts';
import { formatAmount, tryParseAmount } from './money.ts';

function checkHoldFields(command: PlaceHold, now: Timestamp): LedgerRejection | undefined {
  const { holdId, reason, expiresAt } = command.data;
  if (!isIdentifier(holdId)) {
    return { type: 'InvalidField', field: 'holdId', value: String(holdId) };
  }
  if (!isLabel(reason)) {
    return { type: 'InvalidField', field: 'reason', value: String(reason) };
  }
  // Canonical timestamps compare as strings in the order of their instants.
  if (expiresAt !== undefined && (!isTimestamp(expiresAt) || expiresAt <= now)) {
    return { type: 'InvalidExpiry', expiresAt: String(expiresAt), now };
  }
  return undefined;
}

/** A hold id is used once, ever: reusing a resolved hold's id would let it resolve twice. */
export function checkHoldIdUnused(state: LedgerState, holdId: string): LedgerRejection | undefined {
  if (state.holdsOpen.has(holdId) || state.holdsResolved.has(holdId)) {
    return { type: 'HoldAlreadyExists', holdId };
  }
  return undefined;
}

function checkLimitDraw(
  state: LedgerState,
  account: MoneyAccountState,
  limit: LimitDraw,
  amount: bigint,
): LedgerRejection | undefined {
  assertDay(limit.day);
  const limitAccount = state.accounts.get(limit.account);
  if (limitAccount === undefined) {
    return { type: 'AccountNotFound', account: limit.account };
  }
  if (limitAccount.kind !== 'limit') {
    const kind = limitAccount.kind;
    return { type: 'AccountKindNotAllowed', account: limit.account, kind, kindsAllowed: ['limit'] };
  }
  if (limitAccount.memberId !== account.memberId || limitAccount.asset !== account.asset) {
    return { type: 'LimitNotForAccount', limitAccount: limit.account, account: account.id };
  }
  const used = limitUsed(limitAccount, limit.day);
  if (used + amount > limitAccount.amountPerDay) {
    return {
      type: 'LimitExceeded',
      account: limit.account,
      day: limit.day,
      limit: formatAmount(limitAccount.amountPerDay, limitAccount.decimalPoint),
      used: formatAmount(used, limitAccount.decimalPoint),
      requested: formatAmount(amount, limitAccount.decimalPoint),
    };
  }
  return undefined;
}

function checkAccountFunds(
  account: MoneyAccountState,
  amount: bigint,
): LedgerRejection | undefined {
  if (account.status === 'fraud') {
    return { type: 'AccountFrozen', account: account.id };
  }
  const available = balanceAvailable(account);
  if (!account.isNegativeAllowed && available < amount) {
    return {
      type: 'InsufficientFunds',
      account: account.id,
      available: formatAmount(available, account.decimalPoint),
      requested: formatAmount(amount, account.decimalPoint),
    };
  }
  return undefined;
}

function holdPlacedOf(command: PlaceHold, account: MoneyAccountState): HoldPlaced {
  const { holdId, amount, reason, expiresAt, limit } = command.data;
  return {
    type: 'HoldPlaced',
    data: {
      holdId,
      account: account.id,
      asset: account.asset,
      amount,
      reason,
      placedAt: command.metadata.now,
      ...(expiresAt === undefined ? {} : { expiresAt }),
      ...(limit === undefined ? {} : { limit: { account: limit.account, day: limit.day } }),
    },
  };
}

/**
 * Decides PlaceHold: reserves part of an account's available balance and, for a withdrawal, draws
 * the same amount on the member's daily limit for the given day, in the same decision.
 */
export function placeHold(command: PlaceHold, state: LedgerState): LedgerDecision {
  const fieldsRejection =
    checkHoldFields(command, command.metadata.now) ?? checkHoldIdUnused(state, command.data.holdId);
  if (fieldsRejection !== undefined) {
    return rejected(fieldsRejection);
  }
  const account = moneyAccountFor(state, command.data.account);
  if (isRejection(account)) {
    return rejected(account);
  }
  const amount = tryParseAmount(command.data.amount, account.decimalPoint, 'positive');
  if (amount === undefined) {
    const { asset, decimalPoint } = account;
    return rejected({
      type: 'InvalidAmount',
      asset,
      amount: String(command.data.amount),
      decimalPoint,
    });
  }
  const limit = command.data.limit;
  const rejection =
    checkAccountFunds(account, amount) ??
    (limit === undefined ? undefined : checkLimitDraw(state, account, limit, amount));
  if (rejection !== undefined) {
    return rejected(rejection);
  }
  return accepted([holdPlacedOf(command, account)]);
}

/** Evolves HoldPlaced: the account's held part grows, and the limit day's usage with it. */
export function evolveHoldPlaced(state: LedgerState, event: HoldPlaced): void {
  const { holdId, asset, expiresAt, limit } = event.data;
  assert(!state.holdsOpen.has(holdId), 'a hold id is placed once');
  assert(!state.holdsResolved.has(holdId), 'a resolved hold id is never placed again');
  assert(expiresAt === undefined || isTimestamp(expiresAt), 'a hold expiry is a canonical instant');
  const account = existingMoneyAccount(state, event.data.account);
  assert(account.asset === asset, 'a hold is in its account asset');
  const amount = eventAmount(event.data.amount, account.decimalPoint);
  assert(amount > 0n, 'a hold reserves a positive amount');
  account.held += amount;
  if (limit !== undefined) {
    assertDay(limit.day);
    const limitAccount = existingLimitAccount(state, limit.account);
    const used = limitUsed(limitAccount, limit.day) + amount;
    assert(used <= limitAccount.amountPerDay, 'a hold never draws past its daily limit');
    limitAccount.usedByDay.set(limit.day, used);
  }
  state.holdsOpen.set(holdId, {
    id: holdId,
    account: account.id,
    asset,
    amount,
    expiresAt: expiresAt ?? null,
    limitAccount: limit?.account ?? null,
    limitDay: limit?.day ?? null,
  });
  assertAccountsSound(state, [account]);
}

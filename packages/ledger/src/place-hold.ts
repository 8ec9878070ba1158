import { assert } from '@ledger/decider';
import type { HoldAlongside, PlaceHold } from './ledger-commands.ts';
import { accepted, type LedgerDecision, rejected } from './ledger-decision.ts';
import type { HoldPlaced } from './ledger-events.ts';
import { holdsAlongsideMax } from './ledger-limits.ts';
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

function checkOneTimeMax(
  account: MoneyAccountState,
  amount: bigint,
  oneTimeMax: string,
): LedgerRejection | undefined {
  const { asset, decimalPoint } = account;
  const limit = tryParseAmount(oneTimeMax, decimalPoint, 'nonNegative');
  if (limit === undefined) {
    return { type: 'InvalidAmount', asset, amount: String(oneTimeMax), decimalPoint };
  }
  if (amount > limit) {
    return {
      type: 'OneTimeLimitExceeded',
      account: account.id,
      limit: formatAmount(limit, decimalPoint),
      requested: formatAmount(amount, decimalPoint),
    };
  }
  return undefined;
}

/** One hold of the command, checked: the account it reserves on and how much. */
type HoldPlan = { hold: HoldAlongside; account: MoneyAccountState; amount: bigint };

function planHold(state: LedgerState, hold: HoldAlongside): HoldPlan | LedgerRejection {
  if (!isIdentifier(hold.holdId)) {
    return { type: 'InvalidField', field: 'holdId', value: String(hold.holdId) };
  }
  if (!isLabel(hold.reason)) {
    return { type: 'InvalidField', field: 'reason', value: String(hold.reason) };
  }
  const account = moneyAccountFor(state, hold.account);
  if (isRejection(account)) {
    return account;
  }
  const amount = tryParseAmount(hold.amount, account.decimalPoint, 'positive');
  if (amount === undefined) {
    const { asset, decimalPoint } = account;
    return { type: 'InvalidAmount', asset, amount: String(hold.amount), decimalPoint };
  }
  return { hold, account, amount };
}

/** The holds placed alongside the main one, each checked; ids unique in the command and ever. */
function planAlongside(state: LedgerState, command: PlaceHold): HoldPlan[] | LedgerRejection {
  const alongside: unknown = command.data.alongside ?? [];
  if (!Array.isArray(alongside) || alongside.length > holdsAlongsideMax) {
    const count = Array.isArray(alongside) ? String(alongside.length) : typeof alongside;
    return { type: 'InvalidField', field: 'alongside', value: count };
  }
  const plans: HoldPlan[] = [];
  const ids = new Set([command.data.holdId]);
  for (const hold of alongside as HoldAlongside[]) {
    if (typeof hold !== 'object' || hold === null) {
      return { type: 'InvalidField', field: 'alongside', value: String(hold) };
    }
    if (ids.has(hold.holdId)) {
      return { type: 'HoldAlreadyExists', holdId: hold.holdId };
    }
    ids.add(hold.holdId);
    const plan = checkHoldIdUnused(state, hold.holdId) ?? planHold(state, hold);
    if (isRejection(plan)) {
      return plan;
    }
    plans.push(plan);
  }
  return plans;
}

/** Every account's holds together must fit its available balance (one account may hold twice). */
function checkFundsTogether(plans: readonly HoldPlan[]): LedgerRejection | undefined {
  const totals = new Map<string, { account: MoneyAccountState; amount: bigint }>();
  for (const { account, amount } of plans) {
    const total = totals.get(account.id);
    totals.set(account.id, { account, amount: (total?.amount ?? 0n) + amount });
  }
  for (const { account, amount } of totals.values()) {
    const rejection = checkAccountFunds(account, amount);
    if (rejection !== undefined) {
      return rejection;
    }
  }
  return undefined;
}

function holdPlacedOf(
  command: PlaceHold,
  plan: HoldPlan,
  limit: LimitDraw | undefined,
): HoldPlaced {
  const { expiresAt } = command.data;
  const { hold, account } = plan;
  return {
    type: 'HoldPlaced',
    data: {
      account: account.id,
      amount: hold.amount,
      asset: account.asset,
      ...(expiresAt === undefined ? {} : { expiresAt }),
      holdId: hold.holdId,
      ...(limit === undefined ? {} : { limit: { account: limit.account, day: limit.day } }),
      placedAt: command.metadata.now,
      reason: hold.reason,
    },
  };
}

/**
 * Decides PlaceHold: reserves part of an account's available balance and, for a withdrawal, draws
 * the same amount on the member's daily limit for the given day and checks it against the
 * one-time limit, in the same decision; holds placed alongside (a fee) go with it, or nothing does.
 */
export function placeHold(command: PlaceHold, state: LedgerState): LedgerDecision {
  const fieldsRejection =
    checkHoldFields(command, command.metadata.now) ?? checkHoldIdUnused(state, command.data.holdId);
  if (fieldsRejection !== undefined) {
    return rejected(fieldsRejection);
  }
  const { holdId, account: accountId, amount: amountText, reason } = command.data;
  const main = planHold(state, { holdId, account: accountId, amount: amountText, reason });
  if (isRejection(main)) {
    return rejected(main);
  }
  const alongside = planAlongside(state, command);
  if (isRejection(alongside)) {
    return rejected(alongside);
  }
  const { limit, oneTimeMax } = command.data;
  const rejection =
    checkFundsTogether([main, ...alongside]) ??
    (oneTimeMax === undefined
      ? undefined
      : checkOneTimeMax(main.account, main.amount, oneTimeMax)) ??
    (limit === undefined ? undefined : checkLimitDraw(state, main.account, limit, main.amount));
  if (rejection !== undefined) {
    return rejected(rejection);
  }
  return accepted([
    holdPlacedOf(command, main, limit),
    ...alongside.map((plan) => holdPlacedOf(command, plan, undefined)),
  ]);
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

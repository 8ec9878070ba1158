import type { LedgerRejection } from './ledger-rejections.ts';
import { balanceAvailable, type LedgerState, type MoneyAccountState } from './ledger-state.ts';
import type { AccountId, Leg } from './ledger-types.ts';
import { formatAmount, tryParseAmount } from './money.ts';

/**
 * The decide side of money movement: resolves legs against the state and sums what a command would
 * do to each account, so the funds and fraud checks see the whole command at once (legs commit
 * together, so only their net effect matters). Nothing here writes to the state.
 */

export type ResolvedLeg = { debit: MoneyAccountState; credit: MoneyAccountState; amount: bigint };

type AccountEffect = {
  account: MoneyAccountState;
  balanceDelta: bigint;
  heldDelta: bigint;
  /** Debited outside a capture: a fraud account refuses it. */
  isDebited: boolean;
};

/** What one command would do to every account it touches, in first-touched order. */
export type Effects = AccountEffect[];

/** Tells a rejection from a resolved value: only rejections carry a `type`. */
export function isRejection(value: object): value is LedgerRejection {
  return 'type' in value;
}

/** Finds a money account a command names, or the rejection that says why it cannot be used. */
export function moneyAccountFor(
  state: LedgerState,
  accountId: AccountId,
): MoneyAccountState | LedgerRejection {
  const account = state.accounts.get(accountId);
  if (account === undefined) {
    return { type: 'AccountNotFound', account: accountId };
  }
  if (account.kind === 'limit') {
    return {
      type: 'AccountKindNotAllowed',
      account: accountId,
      kind: account.kind,
      kindsAllowed: ['member', 'system'],
    };
  }
  return account;
}

function accountForLeg(
  state: LedgerState,
  accountId: AccountId,
  leg: Leg,
): MoneyAccountState | LedgerRejection {
  const account = moneyAccountFor(state, accountId);
  if (isRejection(account) || account.asset === leg.asset) {
    return account;
  }
  return {
    type: 'AssetMismatch',
    account: accountId,
    asset: account.asset,
    assetRequested: leg.asset,
  };
}

/** Checks one leg against the state: both accounts exist, hold money of the leg's asset, amount valid. */
export function resolveLeg(state: LedgerState, leg: Leg): ResolvedLeg | LedgerRejection {
  if (leg.debit === leg.credit) {
    return { type: 'LegAccountsIdentical', account: leg.debit };
  }
  const debit = accountForLeg(state, leg.debit, leg);
  if (isRejection(debit)) {
    return debit;
  }
  const credit = accountForLeg(state, leg.credit, leg);
  if (isRejection(credit)) {
    return credit;
  }
  const amount = tryParseAmount(leg.amount, debit.decimalPoint, 'positive');
  if (amount === undefined) {
    return {
      type: 'InvalidAmount',
      asset: leg.asset,
      amount: String(leg.amount),
      decimalPoint: debit.decimalPoint,
    };
  }
  return { debit, credit, amount };
}

/** The effect entry of `account`, created on first touch; commands touch few accounts. */
export function effectOf(effects: Effects, account: MoneyAccountState): AccountEffect {
  for (const effect of effects) {
    if (effect.account === account) {
      return effect;
    }
  }
  const effect: AccountEffect = { account, balanceDelta: 0n, heldDelta: 0n, isDebited: false };
  effects.push(effect);
  return effect;
}

/** Adds a resolved leg; a capture's own debit is not a new debit, so fraud does not stop it. */
export function addLegEffect(effects: Effects, leg: ResolvedLeg, isCapture: boolean): void {
  const debit = effectOf(effects, leg.debit);
  debit.balanceDelta -= leg.amount;
  debit.isDebited ||= !isCapture;
  effectOf(effects, leg.credit).balanceDelta += leg.amount;
}

/**
 * Resolves every leg and adds it to `effects`; returns the first rejection, or the legs' total
 * (meaningful when all legs share one asset, as a capture's do).
 */
export function addLegsEffects(
  state: LedgerState,
  legs: readonly Leg[],
  effects: Effects,
  isCapture: boolean,
): bigint | LedgerRejection {
  let total = 0n;
  for (const leg of legs) {
    const resolved = resolveLeg(state, leg);
    if (isRejection(resolved)) {
      return resolved;
    }
    addLegEffect(effects, resolved, isCapture);
    total += resolved.amount;
  }
  return total;
}

/**
 * The fraud and funds checks over a command's whole effect: a fraud account takes no new debit,
 * and no account except chain clearing and adjustment equity ends below zero available.
 */
export function checkEffects(effects: Effects): LedgerRejection | undefined {
  for (const effect of effects) {
    if (effect.isDebited && effect.account.status === 'fraud') {
      return { type: 'AccountFrozen', account: effect.account.id };
    }
  }
  for (const effect of effects) {
    const availableDelta = effect.balanceDelta - effect.heldDelta;
    if (availableDelta >= 0n || effect.account.isNegativeAllowed) {
      continue;
    }
    const available = balanceAvailable(effect.account);
    if (available + availableDelta < 0n) {
      const decimalPoint = effect.account.decimalPoint;
      return {
        type: 'InsufficientFunds',
        account: effect.account.id,
        available: formatAmount(available, decimalPoint),
        requested: formatAmount(-availableDelta, decimalPoint),
      };
    }
  }
  return undefined;
}

/** Copies legs into an event, dropping any field a leg should not carry. */
export function copyLegs(legs: readonly Leg[]): Leg[] {
  // Members in code-unit order, as in every event this package builds: the event store's
  // canonical JSON of such a value is a plain JSON.stringify (docs/adr/0017, fourth pass).
  return legs.map((leg) => ({
    amount: leg.amount,
    asset: leg.asset,
    credit: leg.credit,
    debit: leg.debit,
  }));
}

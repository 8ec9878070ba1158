import { assert } from '@ledger/decider';
import { existingOpenHold, openHoldFor } from './hold-resolution.ts';
import type { MoveHeld } from './ledger-commands.ts';
import { accepted, type LedgerDecision, rejected } from './ledger-decision.ts';
import type { HeldMoved } from './ledger-events.ts';
import type { LedgerRejection } from './ledger-rejections.ts';
import {
  existingMoneyAccount,
  type HoldState,
  type LedgerState,
  type MoneyAccountState,
} from './ledger-state.ts';
import { isIdentifier, isLabel } from './ledger-validation.ts';
import { assertAccountsSound, eventAmount } from './leg-application.ts';
import { isRejection } from './leg-effects.ts';
import { formatAmount, tryParseAmount } from './money.ts';

/** A move checked against the state: the from hold, its account, the amount, the open to hold. */
type MovePlan = {
  from: HoldState;
  account: MoneyAccountState;
  amount: bigint;
  to: HoldState | undefined;
};

function checkMoveFields(command: MoveHeld): LedgerRejection | undefined {
  const { fromHoldId, toHoldId, reason } = command.data;
  if (!isIdentifier(fromHoldId)) {
    return { type: 'InvalidField', field: 'fromHoldId', value: String(fromHoldId) };
  }
  if (!isIdentifier(toHoldId) || toHoldId === fromHoldId) {
    return { type: 'InvalidField', field: 'toHoldId', value: String(toHoldId) };
  }
  if (!isLabel(reason)) {
    return { type: 'InvalidField', field: 'reason', value: String(reason) };
  }
  return undefined;
}

function checkAmount(
  command: MoveHeld,
  from: HoldState,
  account: MoneyAccountState,
): bigint | LedgerRejection {
  const { asset, decimalPoint } = account;
  const amount = tryParseAmount(command.data.amount, decimalPoint, 'positive');
  if (amount === undefined) {
    return { type: 'InvalidAmount', asset, amount: String(command.data.amount), decimalPoint };
  }
  if (amount > from.amount) {
    const held = formatAmount(from.amount, decimalPoint);
    const requested = formatAmount(amount, decimalPoint);
    return { type: 'MoveExceedsHold', holdId: from.id, held, requested };
  }
  return amount;
}

/** The open hold the amount moves into, undefined for a new one, or why it cannot take it. */
function checkToHold(
  state: LedgerState,
  toHoldId: string,
  from: HoldState,
): HoldState | undefined | LedgerRejection {
  const to = state.holdsOpen.get(toHoldId);
  if (to === undefined) {
    const resolution = state.holdsResolved.get(toHoldId);
    return resolution === undefined
      ? undefined
      : { type: 'HoldAlreadyResolved', holdId: toHoldId, resolution };
  }
  if (to.asset !== from.asset) {
    return {
      type: 'AssetMismatch',
      account: to.account,
      asset: to.asset,
      assetRequested: from.asset,
    };
  }
  if (to.account !== from.account) {
    return {
      type: 'HoldAccountMismatch',
      holdId: to.id,
      account: to.account,
      accountExpected: from.account,
    };
  }
  if (to.limitAccount !== null) {
    return { type: 'HoldDrawsOnLimit', holdId: to.id };
  }
  return to;
}

function planMove(command: MoveHeld, state: LedgerState): MovePlan | LedgerRejection {
  const from = openHoldFor(state, command.data.fromHoldId);
  if (isRejection(from)) {
    return from;
  }
  if (from.limitAccount !== null) {
    return { type: 'HoldDrawsOnLimit', holdId: from.id };
  }
  const account = existingMoneyAccount(state, from.account);
  const amount = checkAmount(command, from, account);
  if (typeof amount !== 'bigint') {
    return amount;
  }
  const to = checkToHold(state, command.data.toHoldId, from);
  if (to !== undefined && isRejection(to)) {
    return to;
  }
  return { from, account, amount, to };
}

/**
 * Decides MoveHeld: part or all of an open hold goes into another hold of the same account, in
 * one event, so the amount is held at every instant. It neither debits nor reserves anything new,
 * so a fraud account's holds may move as they may be released.
 */
export function moveHeld(command: MoveHeld, state: LedgerState): LedgerDecision {
  const fieldsRejection = checkMoveFields(command);
  if (fieldsRejection !== undefined) {
    return rejected(fieldsRejection);
  }
  const plan = planMove(command, state);
  if (isRejection(plan)) {
    return rejected(plan);
  }
  const { from, account, amount, to } = plan;
  const { decimalPoint } = account;
  const event: HeldMoved = {
    type: 'HeldMoved',
    data: {
      account: account.id,
      amount: formatAmount(amount, decimalPoint),
      amountLeft: formatAmount(from.amount - amount, decimalPoint),
      asset: account.asset,
      fromHoldId: from.id,
      movedAt: command.metadata.now,
      reason: command.data.reason,
      toHoldAmount: formatAmount((to?.amount ?? 0n) + amount, decimalPoint),
      toHoldId: command.data.toHoldId,
      toHoldPlaced: to === undefined,
    },
  };
  return accepted([event]);
}

/** The hold an event moves into: the open one it names, or a new one in its place. */
function holdMovedInto(state: LedgerState, event: HeldMoved, from: HoldState): HoldState {
  const { toHoldId, toHoldPlaced } = event.data;
  const open = state.holdsOpen.get(toHoldId);
  if (!toHoldPlaced) {
    assert(open !== undefined, 'a move names an open to hold that is not open');
    assert(open.account === from.account, 'a move joins holds of two accounts');
    assert(open.limitAccount === null, 'a move joins a hold that draws on a limit');
    return open;
  }
  assert(open === undefined, 'a move places a hold that is open already');
  assert(!state.holdsResolved.has(toHoldId), 'a move places a hold id already resolved');
  const placed: HoldState = {
    id: toHoldId,
    account: from.account,
    asset: from.asset,
    amount: 0n,
    expiresAt: null,
    limitAccount: null,
    limitDay: null,
  };
  state.holdsOpen.set(toHoldId, placed);
  return placed;
}

/** Evolves HeldMoved: the from hold shrinks (resolved as moved when empty), the to hold grows. */
export function evolveHeldMoved(state: LedgerState, event: HeldMoved): void {
  const { fromHoldId, account: accountId, asset } = event.data;
  const from = existingOpenHold(state, { holdId: fromHoldId, account: accountId, asset });
  assert(from.limitAccount === null, 'a move takes from a hold that draws on a limit');
  const account = existingMoneyAccount(state, from.account);
  const amount = eventAmount(event.data.amount, account.decimalPoint);
  assert(amount > 0n && amount <= from.amount, 'a move takes a positive part of its hold');
  const left = from.amount - amount;
  assert(left === eventAmount(event.data.amountLeft, account.decimalPoint), 'left = held - moved');
  const to = holdMovedInto(state, event, from);
  from.amount = left;
  if (left === 0n) {
    state.holdsOpen.delete(from.id);
    state.holdsResolved.set(from.id, 'moved');
  }
  to.amount += amount;
  assert(
    to.amount === eventAmount(event.data.toHoldAmount, account.decimalPoint),
    'the to hold holds what the event says',
  );
  assertAccountsSound(state, [account]);
}

import { assert } from '@ledger/decider';
import { closeHold, existingOpenHold, openHoldFor } from './hold-resolution.ts';
import type { CaptureHolds, HoldCapture } from './ledger-commands.ts';
import { accepted, type LedgerDecision, rejected } from './ledger-decision.ts';
import type {
  HoldCaptured,
  HoldPartlyCaptured,
  LedgerEvent,
  TransferPosted,
} from './ledger-events.ts';
import { capturesPerCommandMax } from './ledger-limits.ts';
import type { LedgerRejection } from './ledger-rejections.ts';
import {
  existingMoneyAccount,
  type HoldState,
  type LedgerState,
  type MoneyAccountState,
} from './ledger-state.ts';
import {
  applyLegs,
  assertAccountsSound,
  assertCaptureLeg,
  eventAmount,
} from './leg-application.ts';
import {
  addLegsEffects,
  checkEffects,
  copyLegs,
  type Effects,
  effectOf,
  isRejection,
} from './leg-effects.ts';
import { formatAmount } from './money.ts';
import { checkLegCount, checkTransferIdAndCause } from './post-transfer.ts';

/**
 * A capture checked against the state, with the amount its legs take from the hold; `keeps`: the
 * rest stays held and the hold open (a capture with `rest: 'keep'` of less than the hold).
 */
type CapturePlan = {
  hold: HoldState;
  account: MoneyAccountState;
  amount: bigint;
  capture: HoldCapture;
  keeps: boolean;
};

function checkCaptureCount(captures: unknown): LedgerRejection | undefined {
  const count = Array.isArray(captures) ? captures.length : 0;
  if (count < 1 || count > capturesPerCommandMax) {
    return { type: 'CaptureCountInvalid', count, countMin: 1, countMax: capturesPerCommandMax };
  }
  return undefined;
}

function checkCaptureLegs(capture: HoldCapture, hold: HoldState): LedgerRejection | undefined {
  const { rest } = capture;
  if (rest !== undefined && rest !== 'release' && rest !== 'keep') {
    return { type: 'InvalidField', field: 'rest', value: String(rest) };
  }
  const countRejection = checkLegCount(capture.legs);
  if (countRejection !== undefined) {
    return countRejection;
  }
  for (const leg of capture.legs) {
    if (leg.debit !== hold.account) {
      return {
        type: 'CaptureLegNotFromHoldAccount',
        holdId: hold.id,
        account: hold.account,
        debit: leg.debit,
      };
    }
  }
  return undefined;
}

/**
 * Checks one capture and adds its effect: the legs leave the account, and the whole hold is freed,
 * or only the captured part when the rest is kept.
 */
function planCapture(
  state: LedgerState,
  capture: HoldCapture,
  effects: Effects,
): CapturePlan | LedgerRejection {
  const hold = openHoldFor(state, capture.holdId);
  if (isRejection(hold)) {
    return hold;
  }
  const legsRejection = checkCaptureLegs(capture, hold);
  if (legsRejection !== undefined) {
    return legsRejection;
  }
  const amount = addLegsEffects(state, capture.legs, effects, true);
  if (typeof amount !== 'bigint') {
    return amount;
  }
  const account = state.accounts.get(hold.account);
  assert(account !== undefined && account.kind !== 'limit', 'a hold is on a money account');
  if (amount > hold.amount) {
    const held = formatAmount(hold.amount, account.decimalPoint);
    const requested = formatAmount(amount, account.decimalPoint);
    return { type: 'CaptureExceedsHold', holdId: hold.id, held, requested };
  }
  const keeps = capture.rest === 'keep' && amount < hold.amount;
  effectOf(effects, account).heldDelta -= keeps ? amount : hold.amount;
  return { hold, account, amount, capture, keeps };
}

function planCaptures(
  state: LedgerState,
  captures: readonly HoldCapture[],
  effects: Effects,
): CapturePlan[] | LedgerRejection {
  const plans: CapturePlan[] = [];
  for (const capture of captures) {
    if (plans.some((plan) => plan.hold.id === capture.holdId)) {
      return { type: 'CaptureDuplicatesHold', holdId: capture.holdId };
    }
    const plan = planCapture(state, capture, effects);
    if (isRejection(plan)) {
      return plan;
    }
    plans.push(plan);
  }
  return plans;
}

function captureEventOf(
  command: CaptureHolds,
  plan: CapturePlan,
): HoldCaptured | HoldPartlyCaptured {
  const { transferId, cause } = command.data;
  const { hold, account, amount, capture, keeps } = plan;
  const captured = formatAmount(amount, account.decimalPoint);
  const rest = formatAmount(hold.amount - amount, account.decimalPoint);
  const capturedAt = command.metadata.now;
  const legs = copyLegs(capture.legs);
  // Members in code-unit order, as in every event this package builds.
  if (keeps) {
    return {
      type: 'HoldPartlyCaptured',
      data: {
        account: hold.account,
        amount: captured,
        amountLeft: rest,
        asset: hold.asset,
        capturedAt,
        cause,
        holdId: hold.id,
        legs,
        transferId,
      },
    };
  }
  return {
    type: 'HoldCaptured',
    data: {
      account: hold.account,
      amount: captured,
      amountReleased: rest,
      asset: hold.asset,
      capturedAt,
      cause,
      holdId: hold.id,
      legs,
      transferId,
    },
  };
}

function eventsOf(command: CaptureHolds, plans: readonly CapturePlan[]): LedgerEvent[] {
  const { transferId, cause, legs } = command.data;
  const now = command.metadata.now;
  const events: LedgerEvent[] = plans.map((plan) => captureEventOf(command, plan));
  if (legs !== undefined) {
    const transfer: TransferPosted = {
      type: 'TransferPosted',
      data: { cause, legs: copyLegs(legs), postedAt: now, transferId },
    };
    events.push(transfer);
  }
  return events;
}

/**
 * Decides CaptureHolds: takes each hold's captured part along its legs and releases the rest (or
 * keeps it held, the hold still open, when the capture says `rest: 'keep'`),
 * then posts the extra legs, all in one decision, so a fill's two assets move together or not at
 * all. A fraud account's earlier hold can still be captured; a new debit of it cannot.
 */
export function captureHolds(command: CaptureHolds, state: LedgerState): LedgerDecision {
  const { transferId, cause, captures, legs } = command.data;
  const shapeRejection =
    checkTransferIdAndCause(transferId, cause) ??
    checkCaptureCount(captures) ??
    (legs === undefined ? undefined : checkLegCount(legs));
  if (shapeRejection !== undefined) {
    return rejected(shapeRejection);
  }
  const effects: Effects = [];
  const plans = planCaptures(state, captures, effects);
  if (isRejection(plans)) {
    return rejected(plans);
  }
  const legsTotal = legs === undefined ? 0n : addLegsEffects(state, legs, effects, false);
  if (typeof legsTotal !== 'bigint') {
    return rejected(legsTotal);
  }
  const effectsRejection = checkEffects(effects);
  if (effectsRejection !== undefined) {
    return rejected(effectsRejection);
  }
  const events = eventsOf(command, plans);
  assert(events.length === plans.length + (legs === undefined ? 0 : 1), 'one event per capture');
  return accepted(events);
}

/** Evolves HoldCaptured: moves the captured legs, frees the whole hold, gives back the rest. */
export function evolveHoldCaptured(state: LedgerState, event: HoldCaptured): void {
  const hold = existingOpenHold(state, event.data);
  for (const leg of event.data.legs) {
    assertCaptureLeg(leg, hold.account);
  }
  const touched: MoneyAccountState[] = [];
  const amount = applyLegs(state, event.data.legs, touched);
  const account = closeHold(state, hold, hold.amount - amount, 'captured');
  assert(amount === eventAmount(event.data.amount, account.decimalPoint), 'captured = legs total');
  assert(
    hold.amount - amount === eventAmount(event.data.amountReleased, account.decimalPoint),
    'released = held - captured',
  );
  assertAccountsSound(state, touched);
}

/** Evolves HoldPartlyCaptured: moves the captured legs; the hold stays open with the rest. */
export function evolveHoldPartlyCaptured(state: LedgerState, event: HoldPartlyCaptured): void {
  const hold = existingOpenHold(state, event.data);
  for (const leg of event.data.legs) {
    assertCaptureLeg(leg, hold.account);
  }
  const touched: MoneyAccountState[] = [];
  const amount = applyLegs(state, event.data.legs, touched);
  const account = existingMoneyAccount(state, hold.account);
  assert(amount === eventAmount(event.data.amount, account.decimalPoint), 'captured = legs total');
  assert(amount < hold.amount, 'a partial capture leaves part of the hold');
  assert(
    hold.amount - amount === eventAmount(event.data.amountLeft, account.decimalPoint),
    'left = held - captured',
  );
  hold.amount -= amount;
  account.held -= amount;
  assertAccountsSound(state, touched);
}

import { assert } from '@ledger/decider';
import type { PostTransfer } from './ledger-commands.ts';
import { accepted, type LedgerDecision, rejected } from './ledger-decision.ts';
import type { TransferPosted } from './ledger-events.ts';
import { legsPerTransferMax } from './ledger-limits.ts';
import type { LedgerRejection } from './ledger-rejections.ts';
import type { LedgerState, MoneyAccountState } from './ledger-state.ts';
import { isIdentifier, isLabel } from './ledger-validation.ts';
import { applyLegs, assertAccountsSound } from './leg-application.ts';
import { addLegsEffects, checkEffects, copyLegs, type Effects } from './leg-effects.ts';

/** Checks the id and cause every money movement carries. */
export function checkTransferIdAndCause(
  transferId: unknown,
  cause: unknown,
): LedgerRejection | undefined {
  if (!isIdentifier(transferId)) {
    return { type: 'InvalidField', field: 'transferId', value: String(transferId) };
  }
  if (!isLabel(cause)) {
    return { type: 'InvalidField', field: 'cause', value: String(cause) };
  }
  return undefined;
}

/** Checks that `legs` is a list of 1..legsPerTransferMax legs. */
export function checkLegCount(legs: unknown): LedgerRejection | undefined {
  const count = Array.isArray(legs) ? legs.length : 0;
  if (count < 1 || count > legsPerTransferMax) {
    return { type: 'LegCountInvalid', count, countMin: 1, countMax: legsPerTransferMax };
  }
  return undefined;
}

/**
 * Decides PostTransfer: every leg moves money between two accounts of its asset, all legs or
 * none, and no account ends below what it may (judged on the transfer's net effect).
 */
export function postTransfer(command: PostTransfer, state: LedgerState): LedgerDecision {
  const { transferId, legs, cause } = command.data;
  const shapeRejection = checkTransferIdAndCause(transferId, cause) ?? checkLegCount(legs);
  if (shapeRejection !== undefined) {
    return rejected(shapeRejection);
  }
  const effects: Effects = [];
  const total = addLegsEffects(state, legs, effects, false);
  if (typeof total !== 'bigint') {
    return rejected(total);
  }
  const effectsRejection = checkEffects(effects);
  if (effectsRejection !== undefined) {
    return rejected(effectsRejection);
  }
  assert(total > 0n, 'an accepted transfer moves money');
  const event: TransferPosted = {
    type: 'TransferPosted',
    data: { cause, legs: copyLegs(legs), postedAt: command.metadata.now, transferId },
  };
  return accepted([event]);
}

/** Evolves TransferPosted: applies every leg, then asserts the touched accounts and assets. */
export function evolveTransferPosted(state: LedgerState, event: TransferPosted): void {
  const touched: MoneyAccountState[] = [];
  applyLegs(state, event.data.legs, touched);
  assertAccountsSound(state, touched);
}

import { AssertionError } from '@ledger/decider';
import { captureHolds, evolveHoldCaptured, evolveHoldPartlyCaptured } from './capture-holds.ts';
import { changeAccountStatus, evolveAccountStatusChanged } from './change-account-status.ts';
import { evolveHoldExpired, expireHold } from './expire-hold.ts';
import type { LedgerCommand } from './ledger-commands.ts';
import type { LedgerDecision } from './ledger-decision.ts';
import type { LedgerStreamEvent } from './ledger-events.ts';
import { initialState, type LedgerState } from './ledger-state.ts';
import { assertNow } from './ledger-validation.ts';
import { evolveHeldMoved, moveHeld } from './move-held.ts';
import { evolveAccountOpened, openAccount } from './open-account.ts';
import { evolveHoldPlaced, placeHold } from './place-hold.ts';
import { evolveTransferPosted, postTransfer } from './post-transfer.ts';
import { evolveHoldReleased, releaseHold } from './release-hold.ts';
import { evolveDailyLimitSet, setDailyLimit } from './set-daily-limit.ts';

/**
 * Decides one command against the whole ledger: the events to append, or a named rejection.
 * Pure: it reads `state` and never changes it, reads no clock (time is `metadata.now`) and makes
 * no id, so deciding the same command on the same state always gives the same answer.
 * @example
 * const decision = decide(command, state);
 * if (decision.kind === 'accepted') for (const event of decision.events) evolve(state, event);
 */
export function decide(command: LedgerCommand, state: LedgerState): LedgerDecision {
  assertNow(command.metadata.now);
  switch (command.type) {
    case 'OpenAccount':
      return openAccount(command, state);
    case 'ChangeAccountStatus':
      return changeAccountStatus(command, state);
    case 'PostTransfer':
      return postTransfer(command, state);
    case 'PlaceHold':
      return placeHold(command, state);
    case 'CaptureHolds':
      return captureHolds(command, state);
    case 'MoveHeld':
      return moveHeld(command, state);
    case 'ReleaseHold':
      return releaseHold(command, state);
    case 'ExpireHold':
      return expireHold(command, state);
    case 'SetDailyLimit':
      return setDailyLimit(command, state);
    default: {
      const unknownCommand: never = command;
      throw new AssertionError(`unknown ledger command ${JSON.stringify(unknownCommand)}`);
    }
  }
}

/**
 * Folds one event into the state IN PLACE and returns the same object: the caller owns the state
 * (docs/adr/0005-money-representation.md). Asserts the per-asset zero-sum and the absence of any
 * forbidden negative on everything the event touched; a violation throws AssertionError.
 */
export function evolve(state: LedgerState, event: LedgerStreamEvent): LedgerState {
  switch (event.type) {
    case 'AccountOpened':
      evolveAccountOpened(state, event);
      break;
    case 'AccountStatusChanged':
      evolveAccountStatusChanged(state, event);
      break;
    case 'TransferPosted':
      evolveTransferPosted(state, event);
      break;
    case 'HoldPlaced':
      evolveHoldPlaced(state, event);
      break;
    case 'HoldCaptured':
      evolveHoldCaptured(state, event);
      break;
    case 'HoldPartlyCaptured':
      evolveHoldPartlyCaptured(state, event);
      break;
    case 'HeldMoved':
      evolveHeldMoved(state, event);
      break;
    case 'HoldReleased':
      evolveHoldReleased(state, event);
      break;
    case 'HoldExpired':
      evolveHoldExpired(state, event);
      break;
    case 'DailyLimitSet':
      evolveDailyLimitSet(state, event);
      break;
    case 'CommandRejected':
      // A rejection changed nothing; the writer keeps its outcome for idempotent answers.
      break;
    default: {
      const unknownEvent: never = event;
      throw new AssertionError(`unknown ledger event ${JSON.stringify(unknownEvent)}`);
    }
  }
  return state;
}

/** The ledger decider in the Emmett shape, for harnesses that take one object. */
export const ledgerDecider = { decide, evolve, initialState } as const;

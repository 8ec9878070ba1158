import { expect } from 'vitest';
import { AssertionError } from '../assert.ts';
import type { LedgerCommand } from '../ledger-commands.ts';
import { decide, evolve } from '../ledger-decider.ts';
import type { LedgerDecision } from '../ledger-decision.ts';
import type { LedgerEvent, LedgerStreamEvent } from '../ledger-events.ts';
import { assertLedgerInvariants } from '../ledger-invariants.ts';
import type { LedgerRejectionOf, LedgerRejectionType } from '../ledger-rejections.ts';
import { initialState, type LedgerState } from '../ledger-state.ts';
import { serializeState } from '../state-serialization.ts';

/**
 * The given/when/then harness for the ledger decider (Emmett's DeciderSpecification, owned here):
 * fold the given events from `initialState()`, decide the command, compare the outcome. It also
 * checks what every test should: `decide` leaves the state untouched, and the ledger invariants
 * hold before the command and after its events.
 * @example
 * given([btcClearingOpened, aliceBtcOpened])
 *   .when(command('PostTransfer', { transferId: 't1', legs: [...], cause: 'deposit' }))
 *   .then([transferPosted('t1', [...], 'deposit')]);
 */

export type LedgerThen = {
  /** The command is accepted with exactly these events, which then evolve soundly. */
  then(expected: LedgerEvent[]): void;
  /** The command is rejected with this rejection type; `fields` must match if given. */
  thenRejects<Type extends LedgerRejectionType>(
    type: Type,
    fields?: Omit<Partial<LedgerRejectionOf<Type>>, 'type'>,
  ): void;
  /** Deciding the command is a programmer error: it throws an AssertionError. */
  thenAsserts(): void;
};

export type LedgerWhen = { when(command: LedgerCommand): LedgerThen };

function stateAfter(events: readonly LedgerStreamEvent[]): LedgerState {
  const state = initialState();
  for (const event of events) {
    evolve(state, event);
  }
  assertLedgerInvariants(state);
  return state;
}

function decideWithoutMutation(command: LedgerCommand, state: LedgerState): LedgerDecision {
  const before = JSON.stringify(serializeState(state));
  const decision = decide(command, state);
  expect(JSON.stringify(serializeState(state)), 'decide must not change the state').toBe(before);
  return decision;
}

/** Starts a specification from the events already in the ledger. */
export function given(events: readonly LedgerStreamEvent[]): LedgerWhen {
  return {
    when(command) {
      return {
        // biome-ignore lint/suspicious/noThenProperty: given/when/then is the harness's vocabulary; never await a specification.
        then(expected) {
          const state = stateAfter(events);
          const decision = decideWithoutMutation(command, state);
          expect(decision).toStrictEqual({ kind: 'accepted', events: expected });
          for (const event of expected) {
            evolve(state, event);
          }
          assertLedgerInvariants(state);
          // Events are appended as JSON: they must survive it unchanged.
          expect(JSON.parse(JSON.stringify(expected))).toStrictEqual(expected);
        },
        thenRejects(type, fields) {
          const state = stateAfter(events);
          const decision = decideWithoutMutation(command, state);
          expect(decision.kind === 'rejected' ? decision.rejection.type : decision).toBe(type);
          if (decision.kind === 'rejected' && fields !== undefined) {
            expect(decision.rejection).toMatchObject(fields);
          }
        },
        thenAsserts() {
          const state = stateAfter(events);
          expect(() => decide(command, state)).toThrow(AssertionError);
        },
      };
    },
  };
}

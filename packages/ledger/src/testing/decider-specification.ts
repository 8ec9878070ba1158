import { deciderSpecification } from '@ledger/decider/testing';
import type { LedgerCommand } from '../ledger-commands.ts';
import { ledgerDecider } from '../ledger-decider.ts';
import type { LedgerEvent, LedgerStreamEvent } from '../ledger-events.ts';
import { assertLedgerInvariants } from '../ledger-invariants.ts';
import type {
  LedgerRejection,
  LedgerRejectionOf,
  LedgerRejectionType,
} from '../ledger-rejections.ts';
import type { LedgerState } from '../ledger-state.ts';
import { serializeState } from '../state-serialization.ts';

/**
 * The given/when/then harness for the ledger decider: the kernel's deciderSpecification over
 * `ledgerDecider`. It folds the given events from `initialState()`, decides the command and
 * compares the outcome; it also checks that `decide` leaves the state untouched (compared as its
 * serialized snapshot), that the ledger invariants hold before the command and after its events,
 * and that accepted events survive JSON.
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

const specification = deciderSpecification<
  LedgerCommand,
  LedgerStreamEvent,
  LedgerState,
  LedgerRejection
>(ledgerDecider, {
  snapshot: (state) => JSON.stringify(serializeState(state)),
  invariants: assertLedgerInvariants,
});

/** Starts a specification from the events already in the ledger. */
export function given(events: readonly LedgerStreamEvent[]): LedgerWhen {
  return specification.given(events);
}

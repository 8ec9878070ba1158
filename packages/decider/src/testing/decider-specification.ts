import { expect } from 'vitest';
import { AssertionError } from '../assert.ts';
import type { Decider } from '../decider.ts';
import type { Decision } from '../decision.ts';

/**
 * The given/when/then harness for any decider (Emmett's DeciderSpecification, owned here): fold
 * the given events from the initial state, decide the command, compare the outcome. It also checks
 * what every test should: `decide` leaves the state untouched, accepted events evolve soundly
 * (and the decider's invariants hold before and after), and events survive JSON unchanged,
 * because they are appended as JSON.
 * @example
 * const { given } = deciderSpecification(memberDecider);
 * given([registered()]).when(changePassword).then([passwordChanged()]);
 */

type RejectionTypeOf<Rejection> = Rejection extends { type: infer Type } ? Type : Rejection;
type RejectionOf<Rejection, Type> = Rejection extends { type: Type } ? Rejection : never;

export type SpecificationThen<Event, Rejection> = {
  /** The command is accepted with exactly these events, which then evolve soundly. */
  then(expected: Event[]): void;
  /** The command is rejected with this rejection type; `fields` must match if given. */
  thenRejects<Type extends RejectionTypeOf<Rejection>>(
    type: Type,
    fields?: Partial<Omit<RejectionOf<Rejection, Type>, 'type'>>,
  ): void;
  /** Deciding the command is a programmer error: it throws an AssertionError (matching `message`). */
  thenAsserts(message?: RegExp): void;
  /** The decision itself, for a test that checks it in its own way (still checked for mutation). */
  decision(): Decision<Event, Rejection>;
};

export type SpecificationWhen<Command, Event, Rejection> = {
  when(command: Command): SpecificationThen<Event, Rejection>;
};

export type DeciderSpecification<Command, Event, Rejection> = {
  given(events: readonly Event[]): SpecificationWhen<Command, Event, Rejection>;
};

export type SpecificationOptions<State> = {
  /** What `decide` must leave unchanged; by default the state as JSON (bigints, maps, sets too). */
  snapshot?: (state: State) => string;
  /** Checked on the state after the given events and after the accepted ones; throws if broken. */
  invariants?: (state: State) => void;
};

function jsonOf(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'bigint') return `${item}n`;
    if (item instanceof Map) return { map: [...item.entries()] };
    if (item instanceof Set) return { set: [...item.values()] };
    return item;
  });
}

export function deciderSpecification<Command, Event, State, Rejection>(
  decider: Decider<Command, Event, State, Rejection>,
  options: SpecificationOptions<State> = {},
): DeciderSpecification<Command, Event, Rejection> {
  const snapshot = options.snapshot ?? jsonOf;
  const invariants = options.invariants ?? (() => undefined);

  function stateAfter(events: readonly Event[]): State {
    let state = decider.initialState();
    for (const event of events) state = decider.evolve(state, event);
    invariants(state);
    return state;
  }

  function decideWithoutMutation(command: Command, state: State): Decision<Event, Rejection> {
    const before = snapshot(state);
    const decision = decider.decide(command, state);
    expect(snapshot(state), 'decide must not change the state').toBe(before);
    return decision;
  }

  function rejectionType(rejection: Rejection): unknown {
    return typeof rejection === 'object' && rejection !== null && 'type' in rejection
      ? rejection.type
      : rejection;
  }

  return {
    given(events) {
      return {
        when(command) {
          return {
            // biome-ignore lint/suspicious/noThenProperty: given/when/then is the harness's vocabulary; never await a specification.
            then(expected) {
              let state = stateAfter(events);
              const decision = decideWithoutMutation(command, state);
              expect(decision).toStrictEqual({ kind: 'accepted', events: expected });
              for (const event of expected) state = decider.evolve(state, event);
              invariants(state);
              expect(JSON.parse(JSON.stringify(expected))).toStrictEqual(expected);
            },
            thenRejects(type, fields) {
              const decision = decideWithoutMutation(command, stateAfter(events));
              expect(
                decision.kind === 'rejected' ? rejectionType(decision.rejection) : decision,
              ).toBe(type);
              if (decision.kind === 'rejected' && fields !== undefined) {
                expect(decision.rejection).toMatchObject(fields);
              }
            },
            thenAsserts(message) {
              const state = stateAfter(events);
              expect(() => decider.decide(command, state)).toThrow(AssertionError);
              if (message !== undefined)
                expect(() => decider.decide(command, state)).toThrow(message);
            },
            decision() {
              return decideWithoutMutation(command, stateAfter(events));
            },
          };
        },
      };
    },
  };
}

import type { Decision } from './decision.ts';

/**
 * A decider (DESIGN.md §3): a pure state machine over one stream. `evolve` may return a new state
 * or change the one it is given and return it; `decide` never changes the state.
 */
export type Decider<Command, Event, State, Rejection> = {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Decision<Event, Rejection>;
};

/** The state after folding `events` from the decider's initial state. */
export function stateFrom<Event, State>(
  decider: { initialState: () => State; evolve: (state: State, event: Event) => State },
  events: readonly Event[],
): State {
  let state = decider.initialState();
  for (const event of events) state = decider.evolve(state, event);
  return state;
}

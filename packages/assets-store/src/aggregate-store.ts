import type { Decision } from '@ledger/decider';
import type { EventStore, ExpectedRevision } from '@ledger/event-store';
import {
  type CommandMetadata,
  type CommandOutcome,
  handleCommand,
  readStreamState,
} from '@ledger/process-kit';

/**
 * The asset and deposit aggregates' command path, for the write API and the chain scanner alike:
 * the one command handler of @ledger/process-kit over an `{ initial, evolve }` aggregate.
 */

export type Aggregate<State, Event> = {
  initial: () => State;
  evolve: (state: State, event: Event) => State;
};

/** Who asked: the metadata every appended event carries (DESIGN.md §2). */
export type AppendContext = CommandMetadata;

export type AppendOutcome<State, Event, Rejection> = CommandOutcome<State, Event, Rejection>;

export function loadAggregate<State, Event>(
  eventStore: EventStore,
  stream: string,
  aggregate: Aggregate<State, Event>,
): Promise<{ state: State; expected: ExpectedRevision }> {
  return readStreamState(eventStore, stream, {
    initialState: aggregate.initial,
    evolve: aggregate.evolve,
  });
}

export function decideAndAppend<State, Event extends { type: string; data: unknown }, Rejection>(
  eventStore: EventStore,
  stream: string,
  aggregate: Aggregate<State, Event>,
  decide: (state: State) => Decision<Event, Rejection>,
  context: AppendContext,
): Promise<AppendOutcome<State, Event, Rejection>> {
  return handleCommand(
    eventStore,
    stream,
    { initialState: aggregate.initial, evolve: aggregate.evolve },
    decide,
    context,
  );
}

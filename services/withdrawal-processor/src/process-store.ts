import type { Decision } from '@ledger/decider';
import type { EventStore, ExpectedRevision } from '@ledger/event-store';
import {
  type CommandMetadata,
  type CommandOutcome,
  handleCommand,
  readStreamState,
} from '@ledger/process-kit';

export { derivedEventId } from '@ledger/process-kit';

/**
 * The command path of a process stream: the one command handler of @ledger/process-kit over an
 * `{ initial, evolve }` aggregate. Step command ids derive from what the step acts on, so a
 * repeated step appends the same event ids.
 */

export type Aggregate<State, Event> = {
  initial: () => State;
  evolve: (state: State, event: Event) => State;
};

export type StepContext = CommandMetadata;

export type Handled<State, Event, Rejection> = CommandOutcome<State, Event, Rejection>;

export function loadStream<State, Event>(
  eventStore: EventStore,
  stream: string,
  aggregate: Aggregate<State, Event>,
): Promise<{ state: State; expected: ExpectedRevision }> {
  return readStreamState(eventStore, stream, {
    initialState: aggregate.initial,
    evolve: aggregate.evolve,
  });
}

export function handleStreamCommand<
  State,
  Event extends { type: string; data: unknown },
  Rejection,
>(
  eventStore: EventStore,
  stream: string,
  aggregate: Aggregate<State, Event>,
  decide: (state: State) => Decision<Event, Rejection>,
  context: StepContext,
): Promise<Handled<State, Event, Rejection>> {
  return handleCommand(
    eventStore,
    stream,
    { initialState: aggregate.initial, evolve: aggregate.evolve },
    decide,
    context,
  );
}

import { type EventStore, type ExpectedRevision, StreamNotFoundError } from '@ledger/event-store';

/** The part of a decider that folds a stream. */
export type StreamFold<State, Event> = {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
};

/** Folds a stream once; a missing stream is the initial state, expected `no_stream`. */
export async function readStreamState<State, Event>(
  eventStore: EventStore,
  stream: string,
  fold: StreamFold<State, Event>,
): Promise<{ state: State; expected: ExpectedRevision }> {
  let state = fold.initialState();
  let revision: bigint | undefined;
  try {
    for await (const event of eventStore.readStream(stream)) {
      state = fold.evolve(state, { type: event.type, data: event.data } as Event);
      revision = event.revision;
    }
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  return {
    state,
    expected: revision === undefined ? { kind: 'no_stream' } : { kind: 'exact', revision },
  };
}

import {
  type EventStore,
  type ExpectedRevision,
  type GlobalPosition,
  StreamNotFoundError,
} from '@ledger/event-store';

/** The part of a decider that folds a stream. */
export type StreamFold<State, Event> = {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
};

/**
 * Folds a stream once; a missing stream is the initial state, expected `no_stream`. `position` is
 * the last event's global position where the store gives it (read-your-writes).
 */
export async function readStreamState<State, Event>(
  eventStore: EventStore,
  stream: string,
  fold: StreamFold<State, Event>,
): Promise<{ state: State; expected: ExpectedRevision; position: GlobalPosition | undefined }> {
  let state = fold.initialState();
  let revision: bigint | undefined;
  let position: GlobalPosition | undefined;
  try {
    for await (const event of eventStore.readStream(stream)) {
      state = fold.evolve(state, { type: event.type, data: event.data } as Event);
      revision = event.revision;
      position = event.position ?? position;
    }
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  return {
    state,
    position,
    expected: revision === undefined ? { kind: 'no_stream' } : { kind: 'exact', revision },
  };
}

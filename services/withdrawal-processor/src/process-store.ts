import { createHash } from 'node:crypto';
import {
  type EventStore,
  type ExpectedRevision,
  type GlobalPosition,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '@ledger/event-store';

/**
 * The command path of a process stream: read, fold, decide (pure), append at the exact revision
 * read; on a concurrent append, decide again on the new state (a bounded number of times). Event
 * ids derive from the command id, so an append retried after a crash reuses its ids.
 */

export type Aggregate<State, Event> = {
  initial: () => State;
  evolve: (state: State, event: Event) => State;
};

export type Decision<Event, Rejection> =
  | { kind: 'accepted'; events: Event[] }
  | { kind: 'rejected'; rejection: Rejection };

export type StepContext = {
  /** Derived from what the step acts on, so a repeated step appends the same event ids. */
  commandId: string;
  actor: string;
  requestId: string;
};

/** A UUID (v5 layout) derived from the command id, stream and index. */
export function derivedEventId(commandId: string, stream: string, index: number): string {
  const hash = createHash('sha256').update(`${commandId}\u0000${stream}\u0000${index}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function loadStream<State, Event>(
  eventStore: EventStore,
  stream: string,
  aggregate: Aggregate<State, Event>,
): Promise<{ state: State; expected: ExpectedRevision }> {
  let state = aggregate.initial();
  let revision: bigint | undefined;
  try {
    for await (const event of eventStore.readStream(stream)) {
      state = aggregate.evolve(state, { type: event.type, data: event.data } as Event);
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

export type Handled<State, Event, Rejection> =
  | { kind: 'accepted'; events: Event[]; state: State; position: GlobalPosition | null }
  | { kind: 'rejected'; rejection: Rejection; state: State };

const attemptsMax = 8;

export async function handleStreamCommand<
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
  for (let attempt = 1; ; attempt += 1) {
    const { state, expected } = await loadStream(eventStore, stream, aggregate);
    const decision = decide(state);
    if (decision.kind === 'rejected')
      return { kind: 'rejected', rejection: decision.rejection, state };
    const next = decision.events.reduce(aggregate.evolve, state);
    if (decision.events.length === 0)
      return { kind: 'accepted', events: [], state: next, position: null };
    try {
      const result = await eventStore.append(
        stream,
        decision.events.map((event, index) => ({
          id: derivedEventId(context.commandId, stream, index),
          type: event.type,
          data: event.data,
          metadata: {
            commandId: context.commandId,
            correlationId: context.requestId,
            causationId: context.commandId,
            actor: context.actor,
            requestId: context.requestId,
            schemaVersion: 1,
          },
        })),
        { expected },
      );
      return { kind: 'accepted', events: decision.events, state: next, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= attemptsMax) throw error;
    }
  }
}

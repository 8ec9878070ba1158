import { createHash } from 'node:crypto';
import type { Decision } from '@ledger/decider';
import {
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type GlobalPosition,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '@ledger/event-store';

/**
 * The command path of the asset and deposit aggregates, for the write API and the chain scanner
 * alike: read the stream, fold, decide (pure), append at the exact revision read; on a concurrent
 * append, decide again on the new state (a bounded number of times). Event ids derive from the
 * command id and the revision each event gets, so a retried append of the same command at the
 * same revision is the same append, and a later command with a reused id (a scanner's derived
 * ids) still gets new event ids.
 */

export type Aggregate<State, Event> = {
  initial: () => State;
  evolve: (state: State, event: Event) => State;
};

/** Who asked: the metadata every appended event carries (DESIGN.md §2). */
export type AppendContext = {
  commandId: string;
  requestId: string;
  /** `member:<seq>` | `admin:<seq>` | `system:<name>`. */
  actor: string;
};

export type AppendOutcome<State, Event, Rejection> =
  | { kind: 'accepted'; events: Event[]; state: State; position: GlobalPosition | null }
  | { kind: 'rejected'; rejection: Rejection; state: State };

export class AppendConflictError extends Error {
  constructor(stream: string) {
    super(`the stream ${stream} kept changing concurrently`);
    this.name = 'AppendConflictError';
  }
}

const attemptsMax = 5;

/** A UUID derived from the command id, so a retried append reuses its event ids. */
export function eventIdOf(commandId: string, stream: string, index: number): string {
  const hash = createHash('sha256').update(`${commandId}\u0000${stream}\u0000${index}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function loadAggregate<State, Event>(
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

export async function decideAndAppend<
  State,
  Event extends { type: string; data: unknown },
  Rejection,
>(
  eventStore: EventStore,
  stream: string,
  aggregate: Aggregate<State, Event>,
  decide: (state: State) => Decision<Event, Rejection>,
  context: AppendContext,
): Promise<AppendOutcome<State, Event, Rejection>> {
  for (let attempt = 1; ; attempt += 1) {
    const { state, expected } = await loadAggregate(eventStore, stream, aggregate);
    const decision = decide(state);
    if (decision.kind === 'rejected') {
      return { kind: 'rejected', rejection: decision.rejection, state };
    }
    const next = decision.events.reduce(aggregate.evolve, state);
    if (decision.events.length === 0) {
      return { kind: 'accepted', events: [], state: next, position: null };
    }
    const metadata: EventMetadata = {
      commandId: context.commandId,
      correlationId: context.requestId,
      causationId: context.commandId,
      actor: context.actor,
      requestId: context.requestId,
      schemaVersion: 1,
    };
    try {
      const result = await eventStore.append(
        stream,
        decision.events.map((event, index) => ({
          id: eventIdOf(
            context.commandId,
            stream,
            (expected.kind === 'exact' ? Number(expected.revision) + 1 : 0) + index,
          ),
          type: event.type,
          data: event.data,
          metadata,
        })),
        { expected },
      );
      return { kind: 'accepted', events: decision.events, state: next, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= attemptsMax) throw new AppendConflictError(stream);
    }
  }
}

import type { Decision } from '@ledger/decider';
import {
  type EventMetadata,
  type EventStore,
  type GlobalPosition,
  type NewEvent,
  WrongExpectedRevisionError,
} from '@ledger/event-store';
import { derivedEventId } from './derived-ids.ts';
import { commandLimits } from './limits.ts';
import { readStreamState, type StreamFold } from './read-stream.ts';
import { assertStorable } from './storable.ts';

/**
 * The command path of every event-sourced aggregate outside the ledger: read the stream once,
 * fold, decide (pure), append at the exact revision read, with event ids derived from the command
 * id (derivedEventId). Events no stream can store are refused before the append
 * (UnstorableEventError). A concurrent append makes the append fail; the command is then decided
 * again on the new state, at most `commandLimits.attemptsMax` times in all.
 *
 * A command that appends to more than one stream (the ledger and a profile, a process and its
 * money step) either finishes on a retry with its key or starts nothing: every event it will
 * append is checked storable before its first append (assertStorable), each append carries its
 * own command id derived from the key and the step (stepCommandId), and every decide it runs
 * finds its own earlier append already in the state and decides nothing new, so a retry does the
 * appends that are left and answers as the first attempt would have.
 */

/** Who asked: the metadata every appended event carries (DESIGN.md §2). */
export type CommandMetadata = {
  commandId: string;
  requestId: string;
  /** `member:<seq>` | `admin:<seq>` | `system:<name>`. */
  actor: string;
};

export type CommandOutcome<State, Event, Rejection> =
  | { kind: 'accepted'; events: Event[]; state: State; position: GlobalPosition | null }
  | { kind: 'rejected'; rejection: Rejection; state: State };

/** The stream kept changing under the command for every attempt it was allowed. */
export class CommandConflictError extends Error {
  readonly stream: string;
  constructor(stream: string) {
    super(`the stream ${stream} kept changing concurrently`);
    this.name = 'CommandConflictError';
    this.stream = stream;
  }
}

export async function handleCommand<
  State,
  Event extends { type: string; data: unknown },
  Rejection,
>(
  eventStore: EventStore,
  stream: string,
  fold: StreamFold<State, Event>,
  decide: (state: State) => Decision<Event, Rejection>,
  metadata: CommandMetadata,
): Promise<CommandOutcome<State, Event, Rejection>> {
  for (let attempt = 1; ; attempt += 1) {
    const { state, expected } = await readStreamState(eventStore, stream, fold);
    const decision = decide(state);
    if (decision.kind === 'rejected') {
      return { kind: 'rejected', rejection: decision.rejection, state };
    }
    const next = decision.events.reduce(fold.evolve, state);
    if (decision.events.length === 0) {
      return { kind: 'accepted', events: [], state: next, position: null };
    }
    assertStorable(decision.events);
    try {
      const result = await eventStore.append(
        stream,
        decision.events.map((event, index) => toNewEvent(event, stream, index, metadata)),
        { expected },
      );
      return { kind: 'accepted', events: decision.events, state: next, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= commandLimits.attemptsMax) throw new CommandConflictError(stream);
    }
  }
}

function toNewEvent(
  event: { type: string; data: unknown },
  stream: string,
  index: number,
  metadata: CommandMetadata,
): NewEvent {
  const eventMetadata: EventMetadata = {
    commandId: metadata.commandId,
    correlationId: metadata.requestId,
    causationId: metadata.commandId,
    actor: metadata.actor,
    requestId: metadata.requestId,
    schemaVersion: 1,
  };
  return {
    id: derivedEventId(metadata.commandId, stream, index),
    type: event.type,
    data: event.data,
    metadata: eventMetadata,
  };
}

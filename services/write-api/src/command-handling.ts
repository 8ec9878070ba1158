import { createHash } from 'node:crypto';
import type { Decision } from '@ledger/decider';
import {
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type GlobalPosition,
  type NewEvent,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '@ledger/event-store';
import { ProblemError } from '@ledger/http';
import { type IdentityDb, recordRequestMetadata } from '@ledger/identity-store';
import { limits } from './limits.ts';

/** Who asked, and from where: the metadata every appended event carries (DESIGN.md §2). */
export type CommandContext = {
  commandId: string;
  requestId: string;
  /** `member:<seq>` | `admin:<seq>` | `system:<name>`. */
  actor: string;
  /** Personal data: stored in the request-metadata table, never in the event. */
  clientAddress: string | null;
  userAgent: string | null;
  /** The member the request is about, so an erasure finds its request metadata. */
  subjectMemberSeq: number | null;
  now: Date;
};

export type Aggregate<State, Event> = {
  initial: () => State;
  evolve: (state: State, event: Event) => State;
};

export type CommandOutcome<State, Event, Rejection> =
  | { kind: 'accepted'; events: Event[]; state: State; position: GlobalPosition | null }
  | { kind: 'rejected'; rejection: Rejection; state: State };

/** A UUID derived from the command id, so a retried append reuses its event ids. */
export function derivedEventId(commandId: string, stream: string, index: number): string {
  const hash = createHash('sha256').update(`${commandId}\u0000${stream}\u0000${index}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Folds a stream; a missing stream is the initial state, expected `no_stream`. */
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

/**
 * The command path of every non-ledger aggregate: read the stream, fold, decide (pure), append at
 * the exact revision read. A concurrent append makes the append fail; the command is then decided
 * again on the new state, a bounded number of times (re-running a pure decide is safe).
 */
export async function handleCommand<
  State,
  Event extends { type: string; data: unknown },
  Rejection,
>(
  dependencies: { eventStore: EventStore; db: IdentityDb },
  stream: string,
  aggregate: Aggregate<State, Event>,
  decide: (state: State) => Decision<Event, Rejection>,
  context: CommandContext,
): Promise<CommandOutcome<State, Event, Rejection>> {
  for (let attempt = 1; ; attempt += 1) {
    const { state, expected } = await loadAggregate(dependencies.eventStore, stream, aggregate);
    const decision = decide(state);
    if (decision.kind === 'rejected')
      return { kind: 'rejected', rejection: decision.rejection, state };
    const next = decision.events.reduce(aggregate.evolve, state);
    if (decision.events.length === 0)
      return { kind: 'accepted', events: [], state: next, position: null };
    try {
      const result = await dependencies.eventStore.append(
        stream,
        decision.events.map((event, index) => toNewEvent(event, stream, index, context)),
        { expected },
      );
      await recordMetadata(dependencies.db, context);
      return { kind: 'accepted', events: decision.events, state: next, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= limits.commandAttemptsMax) {
        if (error instanceof WrongExpectedRevisionError) throw conflict();
        throw error;
      }
    }
  }
}

function toNewEvent(
  event: { type: string; data: unknown },
  stream: string,
  index: number,
  context: CommandContext,
): NewEvent {
  const metadata: EventMetadata = {
    commandId: context.commandId,
    correlationId: context.requestId,
    causationId: context.commandId,
    actor: context.actor,
    requestId: context.requestId,
    schemaVersion: 1,
  };
  return {
    id: derivedEventId(context.commandId, stream, index),
    type: event.type,
    data: event.data,
    metadata,
  };
}

export async function recordMetadata(db: IdentityDb, context: CommandContext): Promise<void> {
  await recordRequestMetadata(db, {
    requestId: context.requestId,
    memberSeq: context.subjectMemberSeq,
    ipAddress: context.clientAddress,
    userAgent: context.userAgent,
  });
}

function conflict(): ProblemError {
  return new ProblemError({
    status: 409,
    code: 'write_conflict',
    title: 'The record changed concurrently; retry',
  });
}

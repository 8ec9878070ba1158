import type { Decision } from '@ledger/decider';
import type { EventStore, ExpectedRevision } from '@ledger/event-store';
import { ProblemError } from '@ledger/http';
import { type IdentityDb, recordRequestMetadata } from '@ledger/identity-store';
import {
  assertStorable,
  CommandConflictError,
  type CommandOutcome,
  handleCommand as handleKitCommand,
  readStreamState,
  UnstorableEventError,
} from '@ledger/process-kit';

export { derivedEventId, stepCommandId } from '@ledger/process-kit';

/**
 * The write API's edge of the command handler (@ledger/process-kit): the command runs there, then
 * the request's metadata is recorded here, and a stream that kept changing is answered 409
 * write_conflict.
 */

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

/** Folds a stream; a missing stream is the initial state, expected `no_stream`. */
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
  const fold = { initialState: aggregate.initial, evolve: aggregate.evolve };
  try {
    const outcome = await handleKitCommand(dependencies.eventStore, stream, fold, decide, context);
    if (outcome.kind === 'accepted' && outcome.position !== null) {
      await recordMetadata(dependencies.db, context);
    }
    return outcome;
  } catch (error) {
    if (error instanceof CommandConflictError) throw conflict();
    if (error instanceof UnstorableEventError) throw unstorable();
    throw error;
  }
}

/**
 * The multi-stream rule at the write API's edge: a command that appends to several streams checks
 * every event it will append before its first append, so text no stream can store (a NUL, a lone
 * surrogate) is answered 400 and starts nothing.
 */
export function refuseUnstorable(events: readonly { type: string; data: unknown }[]): void {
  try {
    assertStorable(events);
  } catch (error) {
    if (error instanceof UnstorableEventError) throw unstorable();
    throw error;
  }
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
  });
}

function unstorable(): ProblemError {
  return new ProblemError({
    status: 400,
    code: 'validation_failed',
    message: 'validation_failed.text_unstorable',
  });
}

import type { EventMetadata, NewEvent, PreparedEvents } from '@ledger/event-store';
import {
  commandRejected,
  decide,
  evolve,
  type LedgerCommand,
  type LedgerState,
  type LedgerStreamEvent,
} from '@ledger/ledger';
import type {
  AnsweredEvent,
  LedgerAnswer,
  LedgerCommandInput,
  LedgerSubmission,
  SubmitResult,
} from '@ledger/ledger-client';
import { eventIdsOf, firstEventIdOf } from '@ledger/ledger-client';
import type { KeyHash } from './key-filter.ts';
import type { OutcomeRecord } from './outcome-window.ts';

/** A submission waiting for its answer. */
export type Waiting = {
  submission: LedgerSubmission;
  key: string;
  /** The key's Bloom-filter hashes, computed once when first needed. */
  keyHash: KeyHash | undefined;
  bodyHash: string;
  /** Length of the command's JSON: the base of the batch's byte estimate. */
  bodyBytes: number;
  /** `performance.now()` when it was queued: the queue's wait bound (`queueWaitMaxMs`) reads it. */
  queuedAt: number;
  resolve(result: SubmitResult): void;
};

/** A command decided into a batch: its answer is given once the batch commits. */
export type DecidedCommand = {
  waiting: Waiting;
  /** Retries of the same key and body that arrived before the batch committed (rare: lazy). */
  followers: Waiting[] | undefined;
  answer: LedgerAnswer;
  revisionFirst: number;
  eventCount: number;
  /** Holds it placed with an expiry, for the expiry index once committed. */
  holdsWithExpiry: { holdId: string; expiresAt: string }[] | undefined;
  /** Its entry in the outcome window, once the writer registered it. */
  record: OutcomeRecord | undefined;
};

/** The commands decided since the last append, and the events that one append will write. */
export type DecidedBatch = {
  commands: DecidedCommand[];
  /** Pushed to while deciding; then, once prepared by the store, a frozen array of the same events. */
  events: NewEvent[] | PreparedEvents;
  bytes: number;
  /** Revision before the batch (-1: no stream yet) and of its last event. */
  revisionBase: number;
  revisionLast: number;
  lastEventId: string;
  /** `evolve` threw on this command: the state is half-applied and must be reloaded. */
  fault: { waiting: Waiting; error: unknown } | undefined;
};

export type BatchBounds = { eventsMax: number; bytesMax: number };

export function emptyBatch(revisionBase: number): DecidedBatch {
  return {
    commands: [],
    events: [],
    bytes: 0,
    revisionBase,
    revisionLast: revisionBase,
    lastEventId: '',
    fault: undefined,
  };
}

/** The command `decide` takes: the writer's clock reading, and the limit day computed from it. */
export function toLedgerCommand(
  input: LedgerCommandInput,
  now: string,
  day: string,
  metadata: { now: string } = { now },
): LedgerCommand {
  if (input.type === 'PlaceHold' && input.data.limit !== undefined) {
    const limit = { account: input.data.limit.account, day };
    return { type: 'PlaceHold', data: { ...input.data, limit }, metadata };
  }
  // `decide` only reads a command, so every command of a batch shares one metadata object.
  return { type: input.type, data: input.data, metadata } as LedgerCommand;
}

/** What deciding a batch's commands needs; `commandMetadata` is filled in on first use. */
export type DecideContext = {
  state: LedgerState;
  now: string;
  day: string;
  bounds: BatchBounds;
  commandMetadata?: { now: string };
};

export type DecideOutcome = 'added' | 'answered' | 'full' | 'fault';

/**
 * Decides one fresh command against the state and, unless the batch is full, folds its events
 * (or its CommandRejected) into the state and the batch. `decide` only reads the state, so a
 * command that does not fit is simply decided again in the next batch.
 */
export function decideInto(
  batch: DecidedBatch,
  waiting: Waiting,
  context: DecideContext,
): DecideOutcome {
  const { submission } = waiting;
  let events: LedgerStreamEvent[];
  try {
    context.commandMetadata ??= { now: context.now };
    const decision = decide(
      toLedgerCommand(submission.command, context.now, context.day, context.commandMetadata),
      context.state,
    );
    events =
      decision.kind === 'accepted'
        ? decision.events
        : [commandRejected(submission.commandId, waiting.bodyHash, decision.rejection)];
  } catch (error) {
    // decide changes nothing, so a throw costs only this command its answer.
    waiting.resolve({ kind: 'WriterFault', message: String(error) });
    return 'answered';
  }
  const metadata = eventMetadata(submission, waiting.bodyHash);
  const bytes = estimateBytes(events.length, waiting.bodyBytes, metadata);
  const { bounds } = context;
  if (
    batch.commands.length > 0 &&
    (batch.events.length + events.length > bounds.eventsMax ||
      batch.bytes + bytes > bounds.bytesMax)
  ) {
    return 'full';
  }
  try {
    for (const event of events) evolve(context.state, event);
  } catch (error) {
    batch.fault = { waiting, error };
    return 'fault';
  }
  addToBatch(batch, waiting, events, metadata, bytes);
  return 'added';
}

function addToBatch(
  batch: DecidedBatch,
  waiting: Waiting,
  events: LedgerStreamEvent[],
  metadata: EventMetadata,
  bytes: number,
): void {
  const { actor, commandId } = waiting.submission;
  const revisionFirst = batch.revisionLast + 1;
  let holdsWithExpiry: DecidedCommand['holdsWithExpiry'];
  let answered: AnsweredEvent[];
  let lastId: string;
  if (events.length === 1) {
    // Nearly every command: one id, no id array.
    const event = events[0] as LedgerStreamEvent;
    lastId = firstEventIdOf(actor, commandId);
    (batch.events as NewEvent[]).push({ id: lastId, type: event.type, data: event.data, metadata });
    answered = [{ id: lastId, type: event.type, data: event.data }];
    if (event.type === 'HoldPlaced' && event.data.expiresAt !== undefined) {
      holdsWithExpiry = [{ holdId: event.data.holdId, expiresAt: event.data.expiresAt }];
    }
  } else {
    const ids = eventIdsOf(actor, commandId, events.length);
    answered = [];
    for (let index = 0; index < events.length; index += 1) {
      const event = events[index] as LedgerStreamEvent;
      const id = ids[index] as string;
      (batch.events as NewEvent[]).push({ id, type: event.type, data: event.data, metadata });
      answered.push({ id, type: event.type, data: event.data });
      if (event.type === 'HoldPlaced' && event.data.expiresAt !== undefined) {
        holdsWithExpiry ??= [];
        holdsWithExpiry.push({ holdId: event.data.holdId, expiresAt: event.data.expiresAt });
      }
    }
    lastId = ids[ids.length - 1] as string;
  }
  batch.revisionLast = revisionFirst + events.length - 1;
  batch.lastEventId = lastId;
  batch.bytes += bytes;
  const revision = String(batch.revisionLast);
  const first = events[0];
  const answer: LedgerAnswer =
    events.length === 1 && first?.type === 'CommandRejected'
      ? { kind: 'rejected', commandId, rejection: first.data.rejection, revision }
      : { kind: 'accepted', commandId, events: answered, revision };
  batch.commands.push({
    waiting,
    followers: undefined,
    answer,
    revisionFirst,
    eventCount: events.length,
    holdsWithExpiry,
    record: undefined,
  });
}

/**
 * What every event of the command carries besides its data (DESIGN.md §2). Members in code-unit
 * order (requestId last), so the store's canonical JSON of it is a plain JSON.stringify.
 */
function eventMetadata(submission: LedgerSubmission, bodyHash: string): EventMetadata {
  const metadata: EventMetadata = {
    actor: submission.actor,
    bodyHash,
    causationId: submission.causationId ?? submission.commandId,
    commandId: submission.commandId,
    correlationId: submission.correlationId ?? submission.requestId ?? submission.commandId,
  };
  if (submission.requestId !== undefined) metadata.requestId = submission.requestId;
  return metadata;
}

/**
 * An upper estimate of the JSON the store will write for a command's events, without writing it:
 * the events carry the command's data (each leg in one event only) plus per-event fields (ids,
 * times, amounts, the hold's account and asset: under 256 bytes) plus the metadata. The
 * EventStoreDB append limit is on the same bytes (ASCII: ids, amounts and labels are printable).
 */
function estimateBytes(eventCount: number, bodyBytes: number, metadata: EventMetadata): number {
  // 96, plus per member its name, its value and 6 characters of quotes, colon and comma (the
  // five names always written: 46 characters + 5 × 6), without walking the object.
  let metadataBytes =
    96 +
    76 +
    (metadata.commandId as string).length +
    (metadata.actor as string).length +
    (metadata.bodyHash as string).length +
    (metadata.correlationId as string).length +
    (metadata.causationId as string).length;
  const { requestId } = metadata;
  if (typeof requestId === 'string') metadataBytes += 15 + requestId.length;
  return bodyBytes + eventCount * (256 + metadataBytes);
}

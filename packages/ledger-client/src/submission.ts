import type { GlobalPosition } from '@ledger/event-store';
import type {
  LedgerCommandInput,
  LedgerRejection,
  LedgerStreamEvent,
  PlaceHoldInput,
} from '@ledger/ledger';

/**
 * What callers (the write API, processes, workers) hand to the ledger writer, and what they get
 * back. Everything here is plain JSON, so the same types travel over the local transport.
 */

/** The command inputs are the ledger's own (@ledger/ledger), named here for callers. */
export type { LedgerCommandInput, PlaceHoldInput };

export type LedgerSubmission = {
  /**
   * The command's id: the client's Idempotency-Key, or for system commands an id derived from what
   * they act on (`deposit:<chain>:<txid>:<output>`). Scoped per actor: the same id from two actors
   * is two commands.
   */
  commandId: string;
  /** `member:<seq>` | `admin:<seq>` | `system:<name>`. */
  actor: string;
  command: LedgerCommandInput;
  /**
   * The hash that decides "same body" for a retry. Defaults to SHA-256 over the canonical JSON of
   * `command`; a caller that fills generated ids into the command (a fresh transferId per request)
   * passes the hash of what its client sent instead, so a retry is recognised as the same body.
   */
  bodyHash?: string;
  correlationId?: string;
  causationId?: string;
  requestId?: string;
};

/** One event of an accepted command, as appended (the id is derived from the command id). */
export type AnsweredEvent = { id: string; type: LedgerStreamEvent['type']; data: unknown };

/**
 * The outcome of a command, identical for the first answer and every replay. `revision` is the
 * ledger-stream revision of the command's last event (decimal text).
 */
export type LedgerAnswer =
  | { kind: 'accepted'; commandId: string; events: AnsweredEvent[]; revision: string }
  | { kind: 'rejected'; commandId: string; rejection: LedgerRejection; revision: string };

export type UnavailableReason =
  /** This writer is not (or no longer) the leader: nothing was decided; retry. */
  | 'notLeader'
  /** The queue or the outcome window is full: nothing was decided; retry later. */
  | 'overloaded'
  /** The writer is stopping or stopped: nothing was decided; retry. */
  | 'stopped'
  /**
   * The command may or may not have committed (the writer died, or could not learn whether its
   * append committed, or the transport lost the answer). A retry with the same key and body gets
   * the original answer if it did, and is decided (once) if it did not.
   */
  | 'indeterminate';

export type SubmitResult =
  /**
   * Durable: the command's events (or its CommandRejected) are committed in the ledger stream.
   * `position` is a global position at or after the command's last event (read-your-writes:
   * `?after=`); a replay served from the log may give an earlier one (the command's own event).
   * `replayed` is true when this answer is a retry's (Idempotent-Replayed).
   */
  | { kind: 'answered'; answer: LedgerAnswer; position: GlobalPosition; replayed: boolean }
  /** The same key was used with another body: 409, and no event. */
  | { kind: 'IdempotencyKeyReused'; commandId: string; actor: string }
  /** The submission itself is malformed (an empty or overlong id, no command): 400, no event. */
  | { kind: 'InvalidSubmission'; field: string }
  /** 503 with Retry-After. */
  | { kind: 'Unavailable'; reason: UnavailableReason; retryAfterMs: number }
  /**
   * The ledger asserted a broken invariant while applying this command's events (a bug). Nothing
   * of it was appended; the writer reloaded its state. 500.
   */
  | { kind: 'WriterFault'; message: string };

/** How the write API reaches the writer: in process, or over the local transport. */
export type LedgerWriterClient = {
  submit(submission: LedgerSubmission, options?: { signal?: AbortSignal }): Promise<SubmitResult>;
  close(): Promise<void>;
};

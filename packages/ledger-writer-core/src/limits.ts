/**
 * Every bound of the ledger writer in one place (TigerStyle: put a limit on everything). Options
 * of `createLedgerWriter` default to these; tests shrink some of them.
 */

/** Commands decided into one batch, at most. */
export const batchCommandsMax = 4_096;
/** Events appended by one batch, at most (the store's group commit takes up to 10,000 per flush). */
export const batchEventsMax = 8_192;
/**
 * JSON bytes of one batch's events (data + metadata), at most. EventStoreDB refuses an append above
 * 1 MiB (`MaxAppendSize`); three quarters of it leave room for its per-event framing.
 */
export const batchBytesMax = 768 * 1_024;
/** Submissions waiting to be decided; beyond this the writer answers Unavailable('overloaded'). */
export const queueCommandsMax = 200_000;
/**
 * The longest the oldest queued submission may have waited before new ones are refused as
 * Unavailable('overloaded') (503 with Retry-After, at once): past the peak, or while Postgres
 * stalls, the queue grows faster than it drains, and without a bound every caller would wait
 * until its transport timeout (10 s) and get an unknown outcome while its command is still decided
 * later, work nobody waits for. Far above a normal wait (tens of ms) and the WAL-flush stalls
 * the soaks saw (up to ~0.9 s), far below the transport timeout. The breakpoint run measures it.
 */
export const queueWaitMaxMs = 2_000;
/**
 * Command outcomes kept in memory. Entries older than what the command-outcome table holds are
 * evicted first; entries it does not hold yet are never evicted (idempotency would break), so past
 * this bound the writer refuses new work until its outcome rows are written.
 */
export const outcomesInMemoryMax = 2_000_000;
/**
 * Entries the command-outcome table already holds leave once the window has more than this many
 * (the newest are kept, with their answers): the window stays small while the outcome rows are
 * written, and only grows towards `outcomesInMemoryMax` while the database refuses them.
 */
export const outcomesInMemoryKept = 65_536;
/** Of those, the most recent ones keep their whole answer; older ones are re-read from the log. */
export const answersInMemoryMax = 65_536;
/**
 * A stage of the writer's loop (the lookup and decide of a batch, an append from issue to commit)
 * longer than this is logged as a warning: the loop is the ledger's one serial path, so such a
 * stage delays every command behind it.
 */
export const slowStageMs = 100;
/** Events between two snapshots of the ledger state. */
export const snapshotEveryEvents = 100_000;
/** Snapshots kept; older ones are deleted when a new one is written. */
export const snapshotsKept = 3;
/** How long the writer keeps trying to learn whether a failed append committed before it stops. */
export const recoveryTimeoutMs = 30_000;
/** Reloads after being overtaken by another writer, per minute, before the writer gives up. */
export const reloadsPerMinuteMax = 10;
/** Ledger events read per page while folding the log. */
export const foldPageEventsMax = 1_000;
/** Command-outcome rows in one statement of the writer's outcome writer, at most. */
export const outcomeRowsPerStatementMax = 8_192;
/**
 * Command-outcome statements start at most this often (unless a statement's worth of rows waits):
 * fewer, larger statements (docs/adr/0010).
 */
export const outcomeStatementEveryMs = 50;
/** The longest wait between two attempts to write command outcomes the database refused. */
export const outcomeRetryMsMax = 2_000;
/** Requests one transport connection may have outstanding. */
export const transportInFlightMax = 65_536;
/** How often a standby writer tries to take the leader lock. */
export const leaderRetryMs = 1_000;
/** How often the leader checks that its lock session is alive. */
export const leaderHeartbeatMs = 2_000;
/** How often the expiry worker looks for holds past their expiresAt. */
export const expiryIntervalMs = 1_000;
/** ExpireHold commands one expiry tick submits, at most. */
export const expiryCommandsPerTickMax = 1_000;

// The bounds of the client's end of the local transport and of a submission's fields, kept with
// the client in @ledger/ledger-client and named here too so every bound of the writer reads in one place.
export {
  actorLengthMax,
  commandIdLengthMax,
  metadataFieldLengthMax,
  retryAfterMs,
  transportLineBytesMax,
  transportPendingAgeMaxMs,
  transportTimeoutMs,
} from '@ledger/ledger-client/limits';

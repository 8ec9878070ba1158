/**
 * @ledger/ledger-writer: the one ledger writer (DESIGN.md §3, docs/adr/0010-ledger-writer.md).
 * The write API submits money commands through a `LedgerWriterClient` (in process, or over the
 * local transport) and maps each `SubmitResult` to HTTP: answered → 201 (or the rejection's 4xx),
 * IdempotencyKeyReused → 409, Unavailable → 503 with Retry-After, WriterFault → 500.
 */
export { answerFromEvents } from './answers.ts';
export { type AppendFate, learnAppendFate } from './append-fate.ts';
export {
  type DecidedBatch,
  type DecidedCommand,
  decideInto,
  emptyBatch,
  type Waiting,
} from './batch.ts';
export { commandKey, eventIdsOf, hashCommandBody, sortedJson } from './command-identity.ts';
export {
  lookUpOutcomes,
  readProjectedRevision,
  type StoredOutcome,
} from './command-outcome-projection.ts';
export { createExpiryWorker, type ExpiryWorker } from './expiry-worker.ts';
export { type FaultHook, type FaultPoint, faultPoints, installFaultHook } from './faults.ts';
export { createInProcessClient } from './in-process-client.ts';
export { acquireLeadership, type Leadership, withoutLock } from './leadership.ts';
export { type LoadedLedger, loadLedger, readEventAt } from './ledger-loader.ts';
export { ledgerStream } from './ledger-stream.ts';
export {
  createLedgerWriter,
  type LedgerWriter,
  type LedgerWriterOptions,
  type StopReason,
  type WriterStats,
  type WriterStatus,
} from './ledger-writer.ts';
export {
  type LedgerWriterService,
  type LedgerWriterServiceOptions,
  startLedgerWriterService,
} from './ledger-writer-service.ts';
export * as writerLimits from './limits.ts';
export { type OutcomeRecord, OutcomeWindow } from './outcome-window.ts';
export { type OutcomeRow, OutcomeWriter, type OutcomeWriterStats } from './outcome-writer.ts';
export { hashStateText, type Snapshot, takeSnapshot } from './snapshots.ts';
export type {
  AnsweredEvent,
  LedgerAnswer,
  LedgerCommandInput,
  LedgerSubmission,
  LedgerWriterClient,
  PlaceHoldInput,
  SubmitResult,
  UnavailableReason,
} from './submission.ts';
export { createSocketClient, type SocketClientOptions } from './transport/socket-client.ts';
export {
  type SocketAddress,
  type SocketServer,
  startSocketServer,
} from './transport/socket-server.ts';
export { parseRequest } from './transport/wire.ts';
export type { WriterSettings } from './writer-settings.ts';

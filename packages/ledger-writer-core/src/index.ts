/**
 * @ledger/ledger-writer-core: the one ledger writer (DESIGN.md §3, docs/adr/0010-ledger-writer.md):
 * its loop, leadership, outcome window and table, snapshots, expiry worker and the server end of
 * the local transport, composed by `startLedgerWriterService`. services/ledger-writer runs it as
 * its own process; the platform and tests start it in process. Callers reach it through
 * @ledger/ledger-client.
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
export {
  lookUpOutcomes,
  readProjectedRevision,
  type StoredOutcome,
} from './command-outcome-projection.ts';
export { createExpiryWorker, type ExpiryWorker } from './expiry-worker.ts';
export { type FaultHook, type FaultPoint, faultPoints, installFaultHook } from './faults.ts';
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
export { type SocketServer, startSocketServer } from './transport/socket-server.ts';
export type { WriterSettings } from './writer-settings.ts';

export { type AppendOutcome, appendBatch } from './append-batch.ts';
export type { GroupCommitOptions } from './group-commit.ts';
export { decodePosition, encodePosition, type PostgresPosition } from './position.ts';
export {
  createPostgresEventStore,
  type PostgresEventStoreOptions,
} from './postgres-event-store.ts';
export {
  categoryOf,
  type PreparedAppend,
  prepareAppend,
  prepareEvents,
} from './prepare-append.ts';
export type { EsEventsTable, EsStreamsTable, EventStoreTables } from './schema.ts';
export { checkTransactionIdHorizon } from './startup-guard.ts';
export type { PollingOptions } from './subscription.ts';
export { type ChainFailureReason, type ChainVerdict, verifyChain } from './verify-chain.ts';

export {
  DuplicateEventIdError,
  EventStoreClosedError,
  type InvalidArgumentCode,
  InvalidArgumentError,
  LogicalRestoreDetectedError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from './errors.ts';
export { matchesFilter } from './filter.ts';
export {
  type CanonicalEvent,
  CanonicalJsonError,
  type CanonicalJsonErrorCode,
  canonicalizeEvent,
  canonicalJson,
  contentHash,
  genesisLinkHash,
  linkHash,
} from './hash-chain/index.ts';
export type {
  AppendResult,
  EventFilter,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  GlobalPosition,
  NewEvent,
  PreparedEvents,
  ReadAllOptions,
  ReadAllResult,
  ReadStreamOptions,
  RecordedEvent,
  Revision,
  SubscribeAllOptions,
  SubscriptionItem,
} from './port.ts';

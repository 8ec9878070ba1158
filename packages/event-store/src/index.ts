export {
  DuplicateEventIdError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from './errors.ts';
export type {
  AppendResult,
  EventFilter,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  GlobalPosition,
  NewEvent,
  ReadAllOptions,
  ReadAllResult,
  ReadStreamOptions,
  RecordedEvent,
  Revision,
  SubscribeAllOptions,
  SubscriptionItem,
} from './port.ts';

export type { EsdbClient, EsdbSubscription } from './client.ts';
export {
  connectEventStoreDb,
  createEventStoreDbEventStore,
  type EventStoreDbEventStore,
  type EventStoreDbOptions,
  eventStoreDbCapabilities,
  MissingPositionError,
} from './eventstoredb-event-store.ts';
export {
  type ChainStamp,
  chainMetadataKey,
  readChainStamp,
  UnchainedEventError,
} from './hash-chain.ts';
export { decodePosition, type EsdbPosition, encodePosition } from './position.ts';
export type { EsdbSubscribeAllOptions, SubscriptionSettings } from './subscribe-all.ts';
export { OutOfOrderPositionError, SubscriptionEndedError } from './subscription-session.ts';
export {
  type EsdbChainFailureReason,
  type EsdbChainVerdict,
  verifyEventStoreDbChain,
} from './verify-chain.ts';

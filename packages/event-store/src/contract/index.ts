export {
  type ContractCapabilities,
  type ContractStore,
  type MakeContractStore,
  withStore,
} from './contract-store.ts';
export { describeEventStoreContract } from './event-store-contract.ts';
export {
  collectSubscription,
  isStrictlyIncreasing,
  makeEvents,
  readAllUntil,
  readWholeStream,
  seededRandom,
  sleep,
  uniqueStream,
} from './support.ts';

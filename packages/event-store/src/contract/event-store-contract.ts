import { describe } from 'vitest';
import { describeAppendContract } from './append-contract.ts';
import type { ContractCapabilities, MakeContractStore } from './contract-store.ts';
import { describeReadContract } from './read-contract.ts';
import { describeSubscribeContract } from './subscribe-contract.ts';

const defaults: ContractCapabilities = {
  globalEventIds: true,
  streamPositions: true,
  eventIdsUniqueInStream: true,
};

/**
 * The event store contract (guide §11, the items that concern the store), for any adapter.
 * `makeStore` is called once per test; tests use fresh stream names and start from the head, so
 * a store that already holds events (a shared server) is fine.
 * @example describeEventStoreContract('postgres', async () => ({ store: createPostgresEventStore({ url }) }));
 */
export function describeEventStoreContract(
  name: string,
  makeStore: MakeContractStore,
  capabilities: Partial<ContractCapabilities> = {},
): void {
  const can = { ...defaults, ...capabilities };
  describe(`${name}: event store contract`, () => {
    describeAppendContract(makeStore, can);
    describeReadContract(makeStore, can);
    describeSubscribeContract(makeStore);
  });
}

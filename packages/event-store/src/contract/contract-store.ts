import type { EventStore } from '../port.ts';

/** What an adapter hands the contract suite for one test. */
export type ContractStore = {
  store: EventStore;
  /** Called after the test instead of `store.close()` when given. */
  dispose?: () => Promise<void>;
};

/** What an adapter can promise beyond the port; the suite skips what it cannot. */
export type ContractCapabilities = {
  /** Event ids are unique store-wide, so reusing one in another stream fails (Postgres). */
  globalEventIds: boolean;
  /** readStream events carry their global position (Postgres; EventStoreDB does not). */
  streamPositions: boolean;
  /**
   * Reusing an event's id at another position of the same stream fails (Postgres). KurrentDB
   * de-duplicates ids only per expected revision and "in quick succession" (docs/adr/0007).
   */
  eventIdsUniqueInStream: boolean;
};

export type MakeContractStore = () => Promise<ContractStore>;

/** Runs `use` with a fresh store from `make`, and disposes of it whatever happens. */
export async function withStore<T>(
  make: MakeContractStore,
  use: (store: EventStore) => Promise<T>,
): Promise<T> {
  const handle = await make();
  try {
    return await use(handle.store);
  } finally {
    await (handle.dispose ? handle.dispose() : handle.store.close());
  }
}

/** Wraps a test body so it gets a fresh store and always disposes of it. */
export type Run = (body: (store: EventStore) => Promise<void>) => () => Promise<void>;

export function runner(make: MakeContractStore): Run {
  return (body) => () => withStore(make, body);
}

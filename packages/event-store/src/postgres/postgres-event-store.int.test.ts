// Proves that the PostgreSQL adapter keeps the event store contract the EventStoreDB adapter shares.
import { useTestDatabase } from '@ledger/testing';
import { describeEventStoreContract } from '../contract/index.ts';
import { createPostgresEventStore } from './index.ts';

const database = useTestDatabase();

describeEventStoreContract('postgres', async () => ({
  store: createPostgresEventStore({ url: database().url, poolSizeMax: 4 }),
}));

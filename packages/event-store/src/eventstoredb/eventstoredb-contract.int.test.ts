// Proves that the EventStoreDB adapter keeps the shared event store contract against a real
// server; it runs only when EVENTSTORE_CONNECTION_STRING names one (none can run on build machines).
import { describe } from 'vitest';
import { describeEventStoreContract } from '../contract/index.ts';
import { connectEventStoreDb, eventStoreDbCapabilities } from './index.ts';

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;

if (connectionString === undefined) {
  console.info(
    'EventStoreDB contract skipped: set EVENTSTORE_CONNECTION_STRING (e.g. esdb://127.0.0.1:2113?tls=false) to run it',
  );
}

describe.skipIf(connectionString === undefined)(
  'EventStoreDB adapter against a real server',
  () => {
    // The suite skips what the adapter says it cannot promise (eventStoreDbCapabilities).
    describeEventStoreContract(
      'eventstoredb',
      async () => ({ store: connectEventStoreDb(connectionString ?? '') }),
      eventStoreDbCapabilities,
    );
  },
);

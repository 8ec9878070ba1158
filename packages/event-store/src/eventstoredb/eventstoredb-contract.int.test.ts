// Proves that the EventStoreDB adapter keeps the shared event store contract against a real
// server, and that its hash chain verifies there; it runs only when EVENTSTORE_CONNECTION_STRING
// names one (none can run on build machines).
import { randomUUID } from 'node:crypto';
import { EventStoreDBClient } from '@eventstore/db-client';
import { describe, expect, test } from 'vitest';
import { describeEventStoreContract } from '../contract/index.ts';
import {
  connectEventStoreDb,
  createEventStoreDbEventStore,
  eventStoreDbCapabilities,
  verifyEventStoreDbChain,
} from './index.ts';

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

describe.skipIf(connectionString === undefined)('EventStoreDB hash chain on a real server', () => {
  test('appends in every mode chain, and the verifier walks the stream', async () => {
    const client = EventStoreDBClient.connectionString(connectionString ?? '');
    const store = createEventStoreDbEventStore(client);
    try {
      const stream = `chain-${randomUUID()}`;
      const make = () => ({ id: randomUUID(), type: 'ChainChecked', data: { n: randomUUID() } });
      await store.append(stream, [make(), make()], { expected: { kind: 'no_stream' } });
      await store.append(stream, [make()], { expected: { kind: 'exact', revision: 1n } });
      await store.append(stream, [make()], { expected: { kind: 'any' } });
      await store.append(stream, [make()], { expected: { kind: 'stream_exists' } });
      expect(await verifyEventStoreDbChain(client, { stream })).toEqual({
        ok: true,
        streams: 1,
        events: 5,
      });
    } finally {
      await store.close();
    }
  });
});

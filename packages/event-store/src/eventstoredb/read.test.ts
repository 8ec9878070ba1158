// Proves the EventStoreDB adapter's reads against a stubbed client: stream reads, exclusive
// `$all` pages over an inclusive client, system events dropped, filters, and the head position.
import { StreamNotFoundError as ClientStreamNotFoundError } from '@eventstore/db-client';
import { describe, expect, test } from 'vitest';
import { InvalidArgumentError, StreamNotFoundError } from '../errors.ts';
import type { GlobalPosition } from '../port.ts';
import { createEventStoreDbEventStore } from './eventstoredb-event-store.ts';
import { encodePosition } from './position.ts';
import { allEvent, StubClient } from './stub-client.ts';

const at = (commit: bigint, prepare = commit): GlobalPosition =>
  encodePosition({ commit, prepare });

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

function logOf(...entries: ReturnType<typeof allEvent>[]): StubClient {
  const client = new StubClient();
  client.log = entries;
  return client;
}

describe('EventStoreDB adapter: readStream', () => {
  test('maps events without global positions and passes direction, start and count', async () => {
    const client = new StubClient();
    const entry = allEvent({ commit: 10n, stream: 'account-1', revision: 3n, type: 'Deposited' });
    client.streams.set('account-1', [entry]);
    const store = createEventStoreDbEventStore(client);

    const events = await collect(
      store.readStream('account-1', { from: 3n, maxCount: 5, direction: 'backwards' }),
    );
    expect(events).toEqual([
      {
        id: entry.event?.id,
        type: 'Deposited',
        data: { n: '10' },
        metadata: { commandId: 'c-1' },
        streamName: 'account-1',
        revision: 3n,
        recordedAt: new Date('2026-01-02T03:04:05.000Z'),
      },
    ]);
    expect(events[0]).not.toHaveProperty('position');
    expect(client.readStreamCalls[0]?.options).toEqual({
      fromRevision: 3n,
      maxCount: 5,
      direction: 'backwards',
    });
  });

  test('defaults to the start forwards and the end backwards', async () => {
    const client = new StubClient();
    const store = createEventStoreDbEventStore(client);
    await collect(store.readStream('s'));
    await collect(store.readStream('s', { direction: 'backwards' }));
    expect(client.readStreamCalls.map((call) => call.options)).toEqual([
      { fromRevision: 'start', direction: 'forwards' },
      { fromRevision: 'end', direction: 'backwards' },
    ]);
  });

  test('translates a missing stream into the port StreamNotFoundError', async () => {
    const client = new StubClient();
    client.readStreamError = new ClientStreamNotFoundError(undefined, 'missing');
    await expect(
      collect(createEventStoreDbEventStore(client).readStream('missing')),
    ).rejects.toBeInstanceOf(StreamNotFoundError);
  });

  test('maps binary or absent metadata to an empty object', async () => {
    const client = new StubClient();
    client.streams.set('s', [
      allEvent({ commit: 1n, metadata: new Uint8Array([1]) }),
      allEvent({ commit: 2n, metadata: undefined }),
    ]);
    const events = await collect(createEventStoreDbEventStore(client).readStream('s'));
    expect(events.map((e) => e.metadata)).toEqual([{}, { commandId: 'c-1' }]);
  });
});

describe('EventStoreDB adapter: readAll', () => {
  test('is exclusive of `after` although the client read includes it', async () => {
    const client = logOf(
      allEvent({ commit: 10n }),
      allEvent({ commit: 20n }),
      allEvent({ commit: 30n }),
    );
    const page = await createEventStoreDbEventStore(client).readAll({
      after: at(20n),
      maxCount: 10,
    });
    expect(page.events.map((e) => e.position)).toEqual([at(30n)]);
    expect(page.lastSeen).toBe(at(30n));
    expect(client.readAllCalls[0]).toEqual({
      fromPosition: { commit: 20n, prepare: 20n },
      maxCount: 11,
      direction: 'forwards',
    });
  });

  test('pages through the log with no duplicate and no gap', async () => {
    const entries = Array.from({ length: 23 }, (_, i) =>
      allEvent({ commit: BigInt(100 + i * 7), prepare: BigInt(90 + i * 7) }),
    );
    const store = createEventStoreDbEventStore(logOf(...entries));
    const seen: string[] = [];
    let after: GlobalPosition | undefined;
    for (;;) {
      const page = await store.readAll({ after, maxCount: 5 });
      if (page.lastSeen === undefined) break;
      seen.push(...page.events.map((e) => e.id));
      after = page.lastSeen;
    }
    expect(seen).toEqual(entries.map((e) => e.event?.id));
  });

  test('keeps the prepare half: events sharing a commit are told apart', async () => {
    const client = logOf(
      allEvent({ commit: 50n, prepare: 40n }),
      allEvent({ commit: 50n, prepare: 45n }),
    );
    const page = await createEventStoreDbEventStore(client).readAll({
      after: at(50n, 40n),
      maxCount: 10,
    });
    expect(page.events.map((e) => e.position)).toEqual([at(50n, 45n)]);
  });

  test('drops $-prefixed system events but counts them as examined', async () => {
    const client = logOf(
      allEvent({ commit: 1n, type: '$metadata', stream: '$$account-1' }),
      allEvent({ commit: 2n, type: 'Deposited' }),
      allEvent({ commit: 3n, type: '$>', stream: '$ce-account' }),
    );
    const page = await createEventStoreDbEventStore(client).readAll({ maxCount: 10 });
    expect(page.events.map((e) => e.type)).toEqual(['Deposited']);
    expect(page.lastSeen).toBe(at(3n));
  });

  test('applies event-type and stream prefixes together, and reports progress when nothing matches', async () => {
    const client = logOf(
      allEvent({ commit: 1n, type: 'Ledger.TransferPosted', stream: 'ledger' }),
      allEvent({ commit: 2n, type: 'Ledger.TransferPosted', stream: 'other' }),
      allEvent({ commit: 3n, type: 'Member.Joined', stream: 'ledger' }),
    );
    const store = createEventStoreDbEventStore(client);
    const both = await store.readAll({
      maxCount: 10,
      filter: { eventTypePrefixes: ['Ledger.'], streamPrefixes: ['led'] },
    });
    expect(both.events.map((e) => e.position)).toEqual([at(1n)]);

    const none = await store.readAll({
      after: at(1n),
      maxCount: 10,
      filter: { eventTypePrefixes: ['Nothing'] },
    });
    expect(none.events).toEqual([]);
    expect(none.lastSeen).toBe(at(3n));
  });

  test('examines at most maxCount events, so lastSeen never passes an unreturned match', async () => {
    const client = logOf(...[1n, 2n, 3n, 4n].map((commit) => allEvent({ commit })));
    const page = await createEventStoreDbEventStore(client).readAll({ maxCount: 2 });
    expect(page.events.map((e) => e.position)).toEqual([at(1n), at(2n)]);
    expect(page.lastSeen).toBe(at(2n));
  });

  test('returns no lastSeen at the end of the log, and rejects a bad maxCount', async () => {
    const store = createEventStoreDbEventStore(logOf(allEvent({ commit: 1n })));
    expect(await store.readAll({ after: at(1n), maxCount: 10 })).toEqual({ events: [] });
    await expect(store.readAll({ maxCount: 0 })).rejects.toBeInstanceOf(InvalidArgumentError);
  });
});

describe('EventStoreDB adapter: headPosition', () => {
  test('is the newest non-system event, paging backwards past system events', async () => {
    const client = logOf(
      allEvent({ commit: 1n, type: 'Deposited' }),
      allEvent({ commit: 2n, type: 'Withdrawn' }),
      ...[3n, 4n, 5n, 6n, 7n].map((commit) =>
        allEvent({ commit, type: '$statsCollected', stream: '$stats-1' }),
      ),
    );
    const head = await createEventStoreDbEventStore(client, { headPageSize: 2 }).headPosition();
    expect(head).toBe(at(2n));
    expect(client.readAllCalls[0]).toEqual({
      fromPosition: 'end',
      maxCount: 2,
      direction: 'backwards',
    });
  });

  test('is undefined for a store holding only system events, or nothing', async () => {
    const systemOnly = logOf(allEvent({ commit: 1n, type: '$settings' }));
    expect(
      await createEventStoreDbEventStore(systemOnly, { headPageSize: 1 }).headPosition(),
    ).toBeUndefined();
    expect(await createEventStoreDbEventStore(new StubClient()).headPosition()).toBeUndefined();
  });
});

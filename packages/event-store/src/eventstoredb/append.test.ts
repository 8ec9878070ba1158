// Proves the EventStoreDB adapter's append mapping against a stubbed client: expected revisions,
// event data, results, and the translation of the client's errors into the port's. Expected
// revisions are pinned to the event each append chains to (hash-chain.ts).
import {
  StreamNotFoundError as ClientStreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { describe, expect, test } from 'vitest';
import {
  InvalidArgumentError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '../errors.ts';
import type { ExpectedRevision, NewEvent } from '../port.ts';
import { createEventStoreDbEventStore, MissingPositionError } from './eventstoredb-event-store.ts';
import { chainMetadataKey } from './hash-chain.ts';
import { StubClient } from './stub-client.ts';

const event: NewEvent = {
  id: '0b6c6a35-5d4e-4b8a-9a53-1f1f1f1f1f1f',
  type: 'AccountOpened',
  data: { accountId: 'a-1', amount: '10.00' },
  metadata: { commandId: 'cmd-1', actor: 'system:test' },
};

/** A stub whose stream holds `count` chained events; later appends answer as the test says. */
async function seeded(stream: string, count: number): Promise<StubClient> {
  const client = new StubClient().storeAppends();
  const events = Array.from({ length: count }, (_, index) => ({
    ...event,
    id: `00000000-0000-4000-8000-${index.toString().padStart(12, '0')}`,
  }));
  await createEventStoreDbEventStore(client).append(stream, events, {
    expected: { kind: 'no_stream' },
  });
  client.onAppend = new StubClient().onAppend;
  return client;
}

describe('EventStoreDB adapter: append', () => {
  test.each<[ExpectedRevision, unknown]>([
    [{ kind: 'any' }, 41n],
    [{ kind: 'stream_exists' }, 41n],
    [{ kind: 'exact', revision: 41n }, 41n],
  ])('pins expected revision %o of a stream at 41 to %o (hash chain)', async (expected, sent) => {
    const client = await seeded('account-1', 42);
    await createEventStoreDbEventStore(client).append('account-1', [event], { expected });
    expect(client.appendCalls.at(-1)?.expectedRevision).toBe(sent);
  });

  test.each<[ExpectedRevision, unknown]>([
    [{ kind: 'any' }, 'no_stream'],
    [{ kind: 'no_stream' }, 'no_stream'],
  ])('maps expected revision %o of a new stream to %o', async (expected, sent) => {
    const client = new StubClient();
    await createEventStoreDbEventStore(client).append('account-1', [event], { expected });
    expect(client.appendCalls[0]?.expectedRevision).toBe(sent);
  });

  test('appends JSON events with the caller-chosen ids, types, data and metadata', async () => {
    const client = new StubClient();
    const second = { ...event, id: '1b6c6a35-5d4e-4b8a-9a53-1f1f1f1f1f1f', metadata: undefined };
    const { metadata: _omitted, ...withoutMetadata } = second;
    await createEventStoreDbEventStore(client).append('account-1', [event, withoutMetadata], {
      expected: { kind: 'any' },
    });
    const sent = client.appendCalls[0]?.events ?? [];
    expect(sent.map((e) => [e.id, e.type, e.contentType])).toEqual([
      [event.id, 'AccountOpened', 'application/json'],
      [second.id, 'AccountOpened', 'application/json'],
    ]);
    expect(sent[0]?.data).toEqual(event.data);
    // The caller's metadata, plus the hash-chain stamp (hash-chain.test.ts).
    const { [chainMetadataKey]: stamp, ...callers } = (sent[0]?.metadata ?? {}) as Record<
      string,
      unknown
    >;
    expect(callers).toEqual(event.metadata);
    expect(stamp).toBeDefined();
    expect(Object.keys(sent[1]?.metadata as object)).toEqual([chainMetadataKey]);
  });

  test('returns the next expected revision and both halves of the position', async () => {
    const client = await seeded('account-1', 7);
    client.onAppend = async () => ({
      nextExpectedRevision: 7n,
      position: { commit: 900n, prepare: 880n },
    });
    const result = await createEventStoreDbEventStore(client).append('account-1', [event], {
      expected: { kind: 'exact', revision: 6n },
    });
    expect(result).toEqual({
      nextExpectedRevision: 7n,
      position: '00000000000000000900:00000000000000000880',
    });
  });

  test('translates WrongExpectedVersionError with an actual revision', async () => {
    const client = await seeded('account-1', 4);
    client.onAppend = async () => {
      throw new WrongExpectedVersionError(undefined, {
        streamName: 'account-1',
        expected: 3n,
        current: 5n,
      });
    };
    const expected: ExpectedRevision = { kind: 'exact', revision: 3n };
    const error = await createEventStoreDbEventStore(client)
      .append('account-1', [event], { expected })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(error).toMatchObject({ stream: 'account-1', expected, actual: 5n });
  });

  test('translates WrongExpectedVersionError on a missing stream to actual no_stream', async () => {
    const client = new StubClient();
    client.onAppend = async () => {
      throw new WrongExpectedVersionError(undefined, {
        streamName: 'account-1',
        expected: 'stream_exists',
        current: 'no_stream',
      });
    };
    const error = await createEventStoreDbEventStore(client)
      .append('account-1', [event], { expected: { kind: 'stream_exists' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(error).toMatchObject({ actual: 'no_stream', expected: { kind: 'stream_exists' } });
  });

  test('translates the client StreamNotFoundError and passes other errors through', async () => {
    const client = new StubClient();
    client.onAppend = async () => {
      throw new ClientStreamNotFoundError(undefined, 'account-1');
    };
    const store = createEventStoreDbEventStore(client);
    await expect(
      store.append('account-1', [event], { expected: { kind: 'any' } }),
    ).rejects.toBeInstanceOf(StreamNotFoundError);
    const unavailable = new TypeError('socket closed');
    client.onAppend = async () => {
      throw unavailable;
    };
    await expect(store.append('account-1', [event], { expected: { kind: 'any' } })).rejects.toBe(
      unavailable,
    );
  });

  test('rejects an empty append without calling the server', async () => {
    const client = new StubClient();
    await expect(
      createEventStoreDbEventStore(client).append('account-1', [], { expected: { kind: 'any' } }),
    ).rejects.toBeInstanceOf(InvalidArgumentError);
    expect(client.appendCalls).toHaveLength(0);
  });

  test('refuses an acknowledgement without a position', async () => {
    const client = new StubClient();
    client.onAppend = async () => ({ nextExpectedRevision: 0n });
    await expect(
      createEventStoreDbEventStore(client).append('account-1', [event], {
        expected: { kind: 'any' },
      }),
    ).rejects.toBeInstanceOf(MissingPositionError);
  });

  test('does not send an append whose signal already aborted', async () => {
    const client = new StubClient();
    const controller = new AbortController();
    controller.abort();
    await expect(
      createEventStoreDbEventStore(client).append('account-1', [event], {
        expected: { kind: 'any' },
        signal: controller.signal,
      }),
    ).rejects.toThrow();
    expect(client.appendCalls).toHaveLength(0);
  });

  test('close disposes of the client', async () => {
    const client = new StubClient();
    await createEventStoreDbEventStore(client).close();
    expect(client.disposed).toBe(true);
  });
});

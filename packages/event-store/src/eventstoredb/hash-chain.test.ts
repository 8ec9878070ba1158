// Proves the EventStoreDB adapter's hash chain against a stubbed client: every appended event
// carries content and link hashes with the Postgres adapter's formula, appends are pinned to the
// event they chain to, reads hide the stamp, and the verifier names the first bad event.
import { describe, expect, test } from 'vitest';
import { InvalidArgumentError, WrongExpectedRevisionError } from '../errors.ts';
import { canonicalizeEvent, genesisLinkHash, linkHash } from '../hash-chain/content-hash.ts';
import type { NewEvent, RecordedEvent } from '../port.ts';
import { createEventStoreDbEventStore } from './eventstoredb-event-store.ts';
import { chainMetadataKey, readChainStamp, UnchainedEventError } from './hash-chain.ts';
import { allEvent, StubClient, type StubEntry } from './stub-client.ts';
import { verifyEventStoreDbChain } from './verify-chain.ts';

let counter = 0;
function event(data: Record<string, unknown> = {}): NewEvent {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${counter.toString().padStart(12, '0')}`,
    type: 'Deposited',
    data: { amount: '1.50', n: counter, ...data },
    metadata: { commandId: `cmd-${counter}`, actor: 'system:test' },
  };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

function stampOf(client: StubClient, stream: string, revision: number) {
  return readChainStamp(client.streams.get(stream)?.[revision]?.event?.metadata);
}

describe('EventStoreDB adapter: hash chain on append', () => {
  test('stamps content and link hashes with the same formula as the Postgres adapter', async () => {
    const client = new StubClient().storeAppends();
    const store = createEventStoreDbEventStore(client);
    const [first, second, third] = [event(), event(), event()] as [NewEvent, NewEvent, NewEvent];
    await store.append('account-1', [first, second], { expected: { kind: 'no_stream' } });
    await store.append('account-1', [third], { expected: { kind: 'exact', revision: 1n } });

    let previous = genesisLinkHash;
    for (const [revision, appended] of [first, second, third].entries()) {
      const content = canonicalizeEvent(appended.type, appended.data, appended.metadata);
      previous = linkHash(
        previous,
        Buffer.from(content.contentHashHex, 'hex'),
        'account-1',
        BigInt(revision),
      );
      expect(stampOf(client, 'account-1', revision)).toEqual({
        content: content.contentHashHex,
        link: previous.toString('hex'),
      });
    }
  });

  test('reads return the metadata the caller appended, without the stamp', async () => {
    const client = new StubClient().storeAppends();
    const store = createEventStoreDbEventStore(client);
    const appended = event();
    await store.append('account-1', [appended], { expected: { kind: 'any' } });
    const [fromStream] = await collect(store.readStream('account-1'));
    const page = await store.readAll({ maxCount: 10 });
    for (const read of [fromStream, page.events[0]] as RecordedEvent[]) {
      expect(read.metadata).toEqual(appended.metadata);
      expect(read.metadata).not.toHaveProperty(chainMetadataKey);
    }
  });

  test('pins any and stream_exists to the revision just read, exact to the event it names', async () => {
    const client = new StubClient().storeAppends();
    const store = createEventStoreDbEventStore(client);
    await store.append('account-1', [event()], { expected: { kind: 'any' } });
    await store.append('account-1', [event()], { expected: { kind: 'any' } });
    await store.append('account-1', [event()], { expected: { kind: 'stream_exists' } });
    await store.append('account-1', [event()], { expected: { kind: 'exact', revision: 2n } });
    expect(client.appendCalls.map((call) => call.expectedRevision)).toEqual([
      'no_stream',
      0n,
      1n,
      2n,
    ]);
    expect((await verifyEventStoreDbChain(client, { stream: 'account-1' })).ok).toBe(true);
  });

  test('an any append that loses the race reads the new end and chains after the winner', async () => {
    const client = new StubClient().storeAppends();
    const store = createEventStoreDbEventStore(client);
    await store.append('account-1', [event()], { expected: { kind: 'no_stream' } });
    const land = client.onAppend;
    let raced = false;
    client.onAppend = async (stream, events, options) => {
      if (!raced) {
        raced = true;
        // Another writer's append lands between this append's read and its write.
        await createEventStoreDbEventStore(new StubClient())
          .append(stream, [event()], { expected: { kind: 'any' } })
          .catch(() => {});
        await land(stream, [{ ...events[0], id: event().id } as never], {
          expectedRevision: 0n,
        });
      }
      return land(stream, events, options);
    };
    const result = await store.append('account-1', [event()], { expected: { kind: 'any' } });
    expect(result.nextExpectedRevision).toBe(2n);
    expect(client.appendCalls.map((call) => call.expectedRevision)).toEqual(['no_stream', 0n, 1n]);
  });

  test('exact at a revision the stream is not at fails before sending, with the actual revision', async () => {
    const client = new StubClient().storeAppends();
    const store = createEventStoreDbEventStore(client);
    await store.append('account-1', [event(), event()], { expected: { kind: 'no_stream' } });
    const expected = { kind: 'exact', revision: 5n } as const;
    const error = await store.append('account-1', [event()], { expected }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(error).toMatchObject({ expected, actual: 1n });
    const missing = await store
      .append('account-2', [event()], { expected: { kind: 'stream_exists' } })
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ actual: 'no_stream' });
    expect(client.appendCalls).toHaveLength(1);
  });

  test('a retried exact append sends the same stamped events, so the server can de-duplicate', async () => {
    const client = new StubClient().storeAppends();
    const store = createEventStoreDbEventStore(client);
    await store.append('account-1', [event()], { expected: { kind: 'no_stream' } });
    const land = client.onAppend;
    client.onAppend = async () => ({
      nextExpectedRevision: 1n,
      position: { commit: 1n, prepare: 1n },
    });
    const retried = [event(), event()];
    await store.append('account-1', retried, { expected: { kind: 'exact', revision: 0n } });
    await store.append('account-1', retried, { expected: { kind: 'exact', revision: 0n } });
    client.onAppend = land;
    const [once, twice] = client.appendCalls.slice(1);
    expect(twice?.events).toEqual(once?.events);
  });

  test('refuses to chain after an event that carries no stamp', async () => {
    const client = new StubClient().storeAppends();
    client.streams.set('legacy-1', [allEvent({ commit: 1n, stream: 'legacy-1', revision: 0n })]);
    const error = await createEventStoreDbEventStore(client)
      .append('legacy-1', [event()], { expected: { kind: 'any' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnchainedEventError);
    expect(client.appendCalls).toHaveLength(0);
  });

  test('refuses caller metadata under the reserved key', async () => {
    const client = new StubClient().storeAppends();
    const forged = { ...event(), metadata: { [chainMetadataKey]: { content: 'x', link: 'y' } } };
    await expect(
      createEventStoreDbEventStore(client).append('account-1', [forged], {
        expected: { kind: 'any' },
      }),
    ).rejects.toBeInstanceOf(InvalidArgumentError);
  });
});

describe("EventStoreDB adapter: prepared appends (the port's prepare)", () => {
  test('a prepared append sends what the plain one sends, stamps included', async () => {
    const plainClient = new StubClient().storeAppends();
    const preparedClient = new StubClient().storeAppends();
    const plain = createEventStoreDbEventStore(plainClient);
    const prepared = createEventStoreDbEventStore(preparedClient);
    const batches = [[event(), event()], [event()]];
    const expectations = [{ kind: 'no_stream' }, { kind: 'exact', revision: 1n }] as const;
    for (const [index, events] of batches.entries()) {
      const expected = expectations[index] as (typeof expectations)[number];
      const value = prepared.prepare?.(events);
      expect(value).toEqual(events);
      const fromPrepared = await prepared.append('account-1', value ?? [], { expected });
      const fromPlain = await plain.append('account-1', events, { expected });
      expect(fromPrepared.nextExpectedRevision).toBe(fromPlain.nextExpectedRevision);
    }
    expect(preparedClient.appendCalls.map((call) => call.events)).toEqual(
      plainClient.appendCalls.map((call) => call.events),
    );
  });

  test('prepare refuses an empty append and the reserved metadata key before any call', () => {
    const client = new StubClient();
    const store = createEventStoreDbEventStore(client);
    expect(() => store.prepare?.([])).toThrow(expect.objectContaining({ code: 'empty_append' }));
    const forged = { ...event(), metadata: { [chainMetadataKey]: { content: 'x', link: 'y' } } };
    expect(() => store.prepare?.([forged])).toThrow(InvalidArgumentError);
    expect(client.appendCalls).toHaveLength(0);
  });
});

describe('EventStoreDB adapter: chain verifier', () => {
  async function seeded(): Promise<StubClient> {
    const client = new StubClient().storeAppends();
    const store = createEventStoreDbEventStore(client);
    await store.append('account-1', [event(), event()], { expected: { kind: 'no_stream' } });
    await store.append('account-2', [event()], { expected: { kind: 'no_stream' } });
    await store.append('account-1', [event(), event()], {
      expected: { kind: 'exact', revision: 1n },
    });
    return client;
  }

  function replace(client: StubClient, stream: string, revision: number, change: object): void {
    const entries = client.streams.get(stream) ?? [];
    const original = entries[revision];
    if (!original?.event) throw new Error('no such event');
    const changed = { ...original, event: { ...original.event, ...change } } as typeof original;
    entries[revision] = changed;
    client.log[client.log.indexOf(original as StubEntry)] = changed as StubEntry;
  }

  test('passes an intact store, per stream and over $all (system events skipped)', async () => {
    const client = await seeded();
    client.log.push(allEvent({ commit: 99_999n, stream: '$stats-1', type: '$statsCollected' }));
    expect(await verifyEventStoreDbChain(client, { stream: 'account-1' })).toEqual({
      ok: true,
      streams: 1,
      events: 4,
    });
    expect(await verifyEventStoreDbChain(client)).toEqual({ ok: true, streams: 2, events: 5 });
  });

  test('names the first event whose payload was edited', async () => {
    const client = await seeded();
    const original = client.streams.get('account-1')?.[2]?.event;
    replace(client, 'account-1', 2, { data: { ...(original?.data as object), amount: '1000.00' } });
    const expected = {
      ok: false,
      stream: 'account-1',
      revision: 2n,
      eventId: original?.id,
      reason: 'content_hash_mismatch',
    };
    expect(await verifyEventStoreDbChain(client, { stream: 'account-1' })).toEqual(expected);
    expect(await verifyEventStoreDbChain(client)).toEqual(expected);
  });

  test('names an event re-hashed after an edit, whose link no longer chains', async () => {
    const client = await seeded();
    const original = client.streams.get('account-1')?.[1]?.event;
    const stamp = readChainStamp(original?.metadata);
    const data = { ...(original?.data as object), amount: '1000.00' };
    const { [chainMetadataKey]: _stamp, ...callers } = (original?.metadata ?? {}) as Record<
      string,
      unknown
    >;
    const content = canonicalizeEvent(original?.type ?? '', data, callers).contentHashHex;
    replace(client, 'account-1', 1, {
      data,
      metadata: { ...callers, [chainMetadataKey]: { content, link: stamp?.link } },
    });
    expect(await verifyEventStoreDbChain(client, { stream: 'account-1' })).toMatchObject({
      ok: false,
      revision: 1n,
      reason: 'link_hash_mismatch',
    });
  });

  test('names a missing revision, an unstamped event and a missing stream', async () => {
    const client = await seeded();
    const entries = client.streams.get('account-1') ?? [];
    const [gone] = entries.splice(1, 1);
    client.log = client.log.filter((entry) => entry !== gone);
    expect(await verifyEventStoreDbChain(client, { stream: 'account-1' })).toMatchObject({
      ok: false,
      revision: 1n,
      eventId: undefined,
      reason: 'missing_event',
    });
    expect(await verifyEventStoreDbChain(client)).toMatchObject({
      revision: 1n,
      reason: 'missing_event',
    });

    replace(client, 'account-2', 0, { metadata: { commandId: 'c-1' } });
    expect(await verifyEventStoreDbChain(client, { stream: 'account-2' })).toMatchObject({
      ok: false,
      revision: 0n,
      reason: 'chain_missing',
    });
    expect(await verifyEventStoreDbChain(client, { stream: 'account-9' })).toMatchObject({
      ok: false,
      reason: 'stream_not_found',
    });
  });
});

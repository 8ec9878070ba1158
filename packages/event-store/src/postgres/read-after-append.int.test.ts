// Proves a read of the global log sees every event committed before it was made, also when the
// page it asks for was read ahead (after a full page) before those events were appended: a page
// read ahead that reached the head of the log is an older view, and is read again.
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeEvents, sleep, uniqueStream } from '../contract/index.ts';
import type { EventFilter, EventStore } from '../port.ts';
import { createPostgresEventStore } from './index.ts';

const database = useTestDatabase();
let store: EventStore;

beforeAll(() => {
  store = createPostgresEventStore({ url: database().url, poolSizeMax: 4 });
});
afterAll(() => store.close());

describe('a read after an append', () => {
  test.each([
    ['unfiltered', false],
    ['filtered by stream', true],
  ])('sees the append although the page was read ahead before it (%s)', async (_name, filtered) => {
    const stream = uniqueStream('ahead');
    const filter: EventFilter | undefined = filtered ? { streamPrefixes: [stream] } : undefined;
    const before = await store.headPosition();
    await store.append(stream, makeEvents(2), { expected: { kind: 'no_stream' } });
    // A full page: the page after it is requested at once, and finds nothing yet.
    const first = await store.readAll({ after: before, maxCount: 2, filter });
    expect(first.events.map((event) => event.revision)).toEqual([0n, 1n]);
    await sleep(100);
    await store.append(stream, makeEvents(1), { expected: { kind: 'exact', revision: 1n } });

    const next = await store.readAll({ after: first.events.at(-1)?.position, maxCount: 2, filter });
    expect(next.events.map((event) => [event.streamName, event.revision])).toEqual([[stream, 2n]]);
  });
});

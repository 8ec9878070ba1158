// Proves a filtered readAll of the Postgres adapter (es_read_all_filtered) ends a full page at its
// last match, and moves a reader past a window of 4,096 rows that holds no match, one window per
// read, until it reaches the match beyond it.
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeEvents, uniqueStream } from '../contract/index.ts';
import type { EventStore } from '../port.ts';
import { createPostgresEventStore } from './index.ts';
import { connect, sqlAppend } from './test-support.ts';

const database = useTestDatabase();
let store: EventStore;

beforeAll(() => {
  store = createPostgresEventStore({ url: database().url, poolSizeMax: 2 });
});
afterAll(() => store.close());

test('a full page ends at its last match; a window without a match is passed in one read', async () => {
  const client = await connect(database().url);
  try {
    const before = await store.headPosition();
    const wanted = uniqueStream('wanted');
    const other = uniqueStream('other');
    await sqlAppend(client, wanted, makeEvents(3));
    await sqlAppend(client, other, makeEvents(2));
    const filter = { streamPrefixes: [wanted] };

    // Two of three matches: the page ends at the second, before the third and the others.
    const full = await store.readAll({ after: before, maxCount: 2, filter });
    expect(full.events.map((event) => event.revision)).toEqual([0n, 1n]);
    expect(full.lastSeen).toBe(full.events[1]?.position);
    // The rest: one match, then the window's end is the last row of the log.
    const rest = await store.readAll({ after: full.lastSeen, maxCount: 2, filter });
    expect(rest.events.map((event) => event.revision)).toEqual([2n]);
    const head = await store.headPosition();
    expect(rest.lastSeen).toBe(head);

    // 5,000 rows without a match, then a match: the first read passes the first 4,096 rows
    // (the window of a page of 1) and returns nothing; the second reaches the match.
    const start = await store.headPosition();
    for (let batch = 0; batch < 5; batch += 1) await sqlAppend(client, other, makeEvents(1_000));
    const match = await sqlAppend(client, wanted, makeEvents(1));
    const empty = await store.readAll({ after: start, maxCount: 1, filter });
    expect(empty.events).toEqual([]);
    expect(empty.lastSeen !== undefined && empty.lastSeen > (start ?? '')).toBe(true);
    expect((empty.lastSeen ?? '') < match.position).toBe(true);
    const found = await store.readAll({ after: empty.lastSeen, maxCount: 1, filter });
    expect(found.events.map((event) => event.position)).toEqual([match.position]);
    expect(found.lastSeen).toBe(match.position);
  } finally {
    await client.end();
  }
});

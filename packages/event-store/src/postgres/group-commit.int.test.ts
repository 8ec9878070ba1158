// Proves group commit: concurrent appends share transactions, every acknowledged append is
// committed, and a conflict or a bad payload fails only its own caller.
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeEvents, readWholeStream, uniqueStream } from '../contract/index.ts';
import { WrongExpectedRevisionError } from '../errors.ts';
import type { AppendResult, EventStore } from '../port.ts';
import { createPostgresEventStore } from './index.ts';
import { connect } from './test-support.ts';

const database = useTestDatabase();
let store: EventStore;

beforeAll(() => {
  store = createPostgresEventStore({ url: database().url, poolSizeMax: 4 });
});
afterAll(() => store.close());

test('concurrent appends share transactions, and every acknowledged one is committed', async () => {
  const streams = Array.from({ length: 200 }, () => uniqueStream());
  const results = await Promise.all(
    streams.map((stream) =>
      store.append(stream, makeEvents(2), { expected: { kind: 'no_stream' } }),
    ),
  );
  const transactions = new Set(results.map((result) => result.position.slice(0, 20)));
  expect(transactions.size).toBeLessThan(streams.length / 4);
  const client = await connect(database().url);
  try {
    const { rows } = await client.query<{ events: string }>(
      'SELECT count(*)::text AS events FROM es_events WHERE stream_id = ANY($1)',
      [streams],
    );
    expect(rows[0]?.events).toBe('400');
  } finally {
    await client.end();
  }
});

test('in a shared commit, conflicts fail only their own callers', async () => {
  const streams = Array.from({ length: 60 }, () => uniqueStream());
  await Promise.all(
    streams.map((stream) =>
      store.append(stream, makeEvents(1), { expected: { kind: 'no_stream' } }),
    ),
  );
  const settled = await Promise.allSettled(
    streams.map((stream, index) =>
      store.append(stream, makeEvents(1), {
        expected: { kind: 'exact', revision: index % 2 === 0 ? 0n : 5n },
      }),
    ),
  );
  settled.forEach((outcome, index) => {
    if (index % 2 === 0) {
      expect(outcome.status).toBe('fulfilled');
      expect((outcome as PromiseFulfilledResult<AppendResult>).value.nextExpectedRevision).toBe(1n);
    } else {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
    }
  });
});

test('appends to one stream from many callers queue behind each other instead of conflicting', async () => {
  const stream = uniqueStream();
  await Promise.all(
    Array.from({ length: 30 }, () =>
      store.append(stream, makeEvents(1), { expected: { kind: 'any' } }),
    ),
  );
  const events = await readWholeStream(store, stream);
  expect(events.map((event) => event.revision)).toEqual(
    Array.from({ length: 30 }, (_, i) => BigInt(i)),
  );
});

test('a payload the database refuses fails its caller alone, after the batch is retried one by one', async () => {
  const streams = Array.from({ length: 20 }, () => uniqueStream());
  const poisoned = [{ ...makeEvents(1)[0], data: { text: 'nul \u0000 byte' } }] as ReturnType<
    typeof makeEvents
  >;
  const settled = await Promise.allSettled(
    streams.map((stream, index) =>
      store.append(stream, index === 7 ? poisoned : makeEvents(1), {
        expected: { kind: 'no_stream' },
      }),
    ),
  );
  settled.forEach((outcome, index) => {
    expect(outcome.status).toBe(index === 7 ? 'rejected' : 'fulfilled');
  });
  expect((settled[7] as PromiseRejectedResult).reason).toMatchObject({ code: '22P05' });
});

test('an append still queued when its signal aborts is withdrawn and never written', async () => {
  const stream = uniqueStream();
  const controller = new AbortController();
  // Flushes start on the next turn of the event loop, so this append is still queued.
  const attempt = store.append(stream, makeEvents(1), {
    expected: { kind: 'any' },
    signal: controller.signal,
  });
  controller.abort();
  const error = await attempt.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect((error as Error).name).toBe('AbortError');
  await expect(readWholeStream(store, stream)).rejects.toMatchObject({
    name: 'StreamNotFoundError',
  });
});

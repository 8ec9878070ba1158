// Proves readStream pages through long streams in both directions across page boundaries, one
// revision range per page.
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeEvents, uniqueStream } from '../contract/index.ts';
import type { EventStore, ReadStreamOptions } from '../port.ts';
import { createPostgresEventStore } from './index.ts';
import { connect } from './test-support.ts';

const database = useTestDatabase();
let store: EventStore;
const stream = uniqueStream('ledger');

beforeAll(async () => {
  store = createPostgresEventStore({ url: database().url });
  await store.append(stream, makeEvents(1_200), { expected: { kind: 'no_stream' } });
  await store.append(stream, makeEvents(1_300), { expected: { kind: 'exact', revision: 1_199n } });
});
afterAll(() => store.close());

async function revisions(options: ReadStreamOptions): Promise<number[]> {
  const seen: number[] = [];
  for await (const event of store.readStream(stream, options)) seen.push(Number(event.revision));
  return seen;
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from <= to ? from + i : from - i));

test.each([
  ['everything forwards', {}, range(0, 2_499)],
  ['everything backwards', { direction: 'backwards' }, range(2_499, 0)],
  ['from 1500, up to 1200', { from: 1_500n, maxCount: 1_200 }, range(1_500, 2_499)],
  ['from 999, 1002 events', { from: 999n, maxCount: 1_002 }, range(999, 2_000)],
  [
    'backwards from 1200, up to 1500',
    { direction: 'backwards', from: 1_200n, maxCount: 1_500 },
    range(1_200, 0),
  ],
  ['the last 1001, backwards', { direction: 'backwards', maxCount: 1_001 }, range(2_499, 1_499)],
] as [string, ReadStreamOptions, number[]][])('%s', async (_, options, expected) => {
  expect(await revisions(options)).toEqual(expected);
});

test('recordedAt is the stored timestamp to the millisecond (truncated, as a Date holds it)', async () => {
  const client = await connect(database().url);
  try {
    const { rows } = await client.query<{ revision: string; ms: string }>(
      `SELECT stream_revision::text AS revision, floor(extract(epoch FROM recorded_at) * 1000)::text AS ms
         FROM es_events WHERE stream_id = $1 AND stream_revision IN (0, 1500)`,
      [stream],
    );
    const read = new Map<string, number>();
    for await (const event of store.readStream(stream))
      read.set(event.revision.toString(), event.recordedAt.getTime());
    for (const row of rows) expect(read.get(row.revision)).toBe(Number(row.ms));
  } finally {
    await client.end();
  }
});

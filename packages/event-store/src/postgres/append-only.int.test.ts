// Proves the database itself keeps the event log append-only: UPDATE, DELETE and TRUNCATE are
// refused on events, DELETE and TRUNCATE on streams, whoever asks.
import { useTestDatabase } from '@ledger/testing';
import type pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeEvents, uniqueStream } from '../contract/index.ts';
import { connect, sqlAppend, sqlState } from './test-support.ts';

const database = useTestDatabase();
let client: pg.Client;
let stream: string;

beforeAll(async () => {
  client = await connect(database().url);
  stream = uniqueStream();
  await sqlAppend(client, stream, makeEvents(2), { kind: 'no_stream' });
});
afterAll(() => client.end());

test.each([
  ['UPDATE', "UPDATE es_events SET event_type = 'Forged' WHERE stream_id = $1"],
  ['DELETE', 'DELETE FROM es_events WHERE stream_id = $1'],
  [
    'an UPDATE that matches no row',
    "UPDATE es_events SET event_type = 'Forged' WHERE stream_id = $1 AND false",
  ],
])('es_events refuses %s', async (_, statement) => {
  expect(await sqlState(client.query(statement, [stream]))).toBe('P0403');
});

test('es_events refuses TRUNCATE', async () => {
  expect(await sqlState(client.query('TRUNCATE es_events'))).toBe('P0403');
});

test('es_streams refuses DELETE and TRUNCATE', async () => {
  expect(
    await sqlState(client.query('DELETE FROM es_streams WHERE stream_id = $1', [stream])),
  ).toBe('P0403');
  expect(await sqlState(client.query('TRUNCATE es_streams CASCADE'))).toBe('P0403');
});

test('the events are all still there', async () => {
  const { rows } = await client.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM es_events WHERE stream_id = $1',
    [stream],
  );
  expect(rows[0]?.n).toBe('2');
});

// Proves tamper evidence: verifyChain recomputes content and link hashes and names the first bad
// event of an edited payload, a deleted row or two swapped rows, and passes an untouched log.
import { createTestDatabase, useTestDatabase } from '@ledger/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeEvents, uniqueStream } from '../contract/index.ts';
import { contentHash } from '../hash-chain/index.ts';
import type { EventStore } from '../port.ts';
import { createPostgresEventStore, verifyChain } from './index.ts';
import { connect } from './test-support.ts';

const database = useTestDatabase();
let store: EventStore;
let admin: pg.Client;
let pool: pg.Pool;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: database().url, max: 2 });
  store = createPostgresEventStore({ pool });
  admin = await connect(database().url);
});
afterAll(async () => {
  await store.close();
  await admin.end();
  await pool.end();
});

/** A stream of `count` events appended in a few appends, as a real one would be. */
async function seededStream(count = 6): Promise<{ stream: string; ids: string[] }> {
  const stream = uniqueStream('ledger');
  const events = makeEvents(count);
  await store.append(stream, events.slice(0, 2), { expected: { kind: 'no_stream' } });
  await store.append(stream, events.slice(2), { expected: { kind: 'exact', revision: 1n } });
  return { stream, ids: events.map((event) => event.id) };
}

/** Runs `statements` with the append-only trigger off, as a superuser attacker would. */
async function tamper(statements: string[], values: unknown[]): Promise<void> {
  await admin.query('BEGIN');
  await admin.query('ALTER TABLE es_events DISABLE TRIGGER es_events_append_only');
  for (const statement of statements) await admin.query(statement, values);
  await admin.query('ALTER TABLE es_events ENABLE TRIGGER es_events_append_only');
  await admin.query('COMMIT');
}

describe('verifyChain on one stream', () => {
  test('an untouched stream verifies', async () => {
    const { stream } = await seededStream();
    expect(await verifyChain(pool, { stream })).toEqual({ ok: true, streams: 1, events: 6 });
  });

  test('an edited payload is reported at its revision', async () => {
    const { stream, ids } = await seededStream();
    await tamper(
      [
        `UPDATE es_events SET data = '{"amount":"1000000.00"}' WHERE stream_id = $1 AND stream_revision = 3`,
      ],
      [stream],
    );
    expect(await verifyChain(pool, { stream })).toEqual({
      ok: false,
      stream,
      revision: 3n,
      eventId: ids[3],
      reason: 'content_hash_mismatch',
    });
  });

  test('edited metadata with a recomputed content hash still breaks the link', async () => {
    const { stream, ids } = await seededStream();
    const { rows } = await admin.query<{ event_type: string; data: unknown }>(
      'SELECT event_type, data FROM es_events WHERE stream_id = $1 AND stream_revision = 1',
      [stream],
    );
    const forged = { actor: 'admin:1' };
    const row = rows[0] as { event_type: string; data: unknown };
    await tamper(
      [
        'UPDATE es_events SET metadata = $2, content_hash = $3 WHERE stream_id = $1 AND stream_revision = 1',
      ],
      [stream, JSON.stringify(forged), contentHash(row.event_type, row.data, forged)],
    );
    expect(await verifyChain(pool, { stream })).toEqual({
      ok: false,
      stream,
      revision: 1n,
      eventId: ids[1],
      reason: 'link_hash_mismatch',
    });
  });

  test('a deleted row is reported at the missing revision', async () => {
    const { stream } = await seededStream();
    await tamper(['DELETE FROM es_events WHERE stream_id = $1 AND stream_revision = 2'], [stream]);
    expect(await verifyChain(pool, { stream })).toEqual({
      ok: false,
      stream,
      revision: 2n,
      eventId: undefined,
      reason: 'missing_event',
    });
  });

  test('a deleted last row is reported through the stream head', async () => {
    const { stream } = await seededStream();
    await tamper(['DELETE FROM es_events WHERE stream_id = $1 AND stream_revision = 5'], [stream]);
    expect(await verifyChain(pool, { stream })).toMatchObject({
      ok: false,
      revision: 5n,
      reason: 'missing_event',
    });
  });

  test('two swapped rows are reported at the first of them', async () => {
    const { stream, ids } = await seededStream();
    await tamper(
      [
        'UPDATE es_events SET stream_revision = -1 WHERE stream_id = $1 AND stream_revision = 2',
        'UPDATE es_events SET stream_revision = 2 WHERE stream_id = $1 AND stream_revision = 4',
        'UPDATE es_events SET stream_revision = 4 WHERE stream_id = $1 AND stream_revision = -1',
      ],
      [stream],
    );
    expect(await verifyChain(pool, { stream })).toEqual({
      ok: false,
      stream,
      revision: 2n,
      eventId: ids[4],
      reason: 'link_hash_mismatch',
    });
  });

  test('a missing stream is reported as not found', async () => {
    expect(await verifyChain(pool, { stream: uniqueStream() })).toMatchObject({
      ok: false,
      reason: 'stream_not_found',
    });
  });
});

describe('verifyChain over every stream', () => {
  test('passes a clean store and names the first bad stream of a tampered one', async () => {
    const other = await createTestDatabase();
    const otherStore = createPostgresEventStore({ url: other.url });
    const otherAdmin = await connect(other.url);
    const otherPool = new pg.Pool({ connectionString: other.url, max: 2 });
    try {
      const streams = ['a-1', 'b-1', 'c-1'];
      for (const stream of streams) {
        await otherStore.append(stream, makeEvents(1_200), { expected: { kind: 'no_stream' } });
      }
      expect(await verifyChain(otherPool)).toEqual({ ok: true, streams: 3, events: 3_600 });
      await otherAdmin.query('ALTER TABLE es_events DISABLE TRIGGER es_events_append_only');
      await otherAdmin.query(
        `UPDATE es_events SET event_type = 'Forged' WHERE stream_id = 'b-1' AND stream_revision = 1100`,
      );
      expect(await verifyChain(otherPool)).toMatchObject({
        ok: false,
        stream: 'b-1',
        revision: 1100n,
        reason: 'content_hash_mismatch',
      });
    } finally {
      await otherAdmin.end();
      await otherStore.close();
      await otherPool.end();
      await other.drop();
    }
  });
});

// Proves the global log is gap-free for pollers: rows appear only below the oldest running
// transaction, in (transaction id, sequence) order, exactly once, whatever order commits land in.
import { createTestDatabase, useTestDatabase } from '@ledger/testing';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { makeEvents, readAllUntil, sleep, uniqueStream } from '../contract/index.ts';
import type { EventStore, GlobalPosition, RecordedEvent } from '../port.ts';
import { createPostgresEventStore } from './index.ts';
import { connect, sqlAppend } from './test-support.ts';

const database = useTestDatabase();
let store: EventStore;
const clients: pg.Client[] = [];

beforeAll(() => {
  store = createPostgresEventStore({ url: database().url, poolSizeMax: 4 });
});
afterAll(() => store.close());
afterEach(async () => {
  for (const client of clients.splice(0)) await client.end().catch(() => {});
});

async function client(): Promise<pg.Client> {
  const opened = await connect(database().url);
  clients.push(opened);
  return opened;
}

/** What a poller with a checkpoint sees of `streams` after `after`, one small page at a time. */
async function pollOnce(
  after: GlobalPosition | undefined,
  streams: string[],
): Promise<RecordedEvent[]> {
  const page = await store.readAll({ after, maxCount: 1_000, filter: { streamPrefixes: streams } });
  return page.events;
}

function pollUntil(after: GlobalPosition | undefined, streams: string[], count: number) {
  return readAllUntil(store, {
    after,
    maxCount: 2,
    filter: { streamPrefixes: streams },
    done: (events) => events.length >= count,
  });
}

describe('out-of-order commits', () => {
  test('tx1 writes first, tx2 commits first: neither is visible until tx1 commits, then both in order, once', async () => {
    const before = await store.headPosition();
    const [slow, fast] = [uniqueStream('slow'), uniqueStream('fast')];
    const tx1 = await client();
    const tx2 = await client();
    await tx1.query('BEGIN');
    await sqlAppend(tx1, slow, makeEvents(1));
    await tx2.query('BEGIN');
    await sqlAppend(tx2, fast, makeEvents(1));
    await tx2.query('COMMIT');
    expect(await pollOnce(before, [slow, fast])).toEqual([]);
    await sleep(50);
    expect(await pollOnce(before, [slow, fast])).toEqual([]);
    await tx1.query('COMMIT');
    const seen = await pollUntil(before, [slow, fast], 2);
    expect(seen.map((event) => event.streamName)).toEqual([slow, fast]);
    await sleep(20);
    expect(await pollOnce(seen.at(-1)?.position, [slow, fast])).toEqual([]);
  });

  test('several events in the slow transaction, and several slow transactions at once', async () => {
    const before = await store.headPosition();
    const slowA = uniqueStream('slow');
    const slowB = uniqueStream('slow');
    const fast = uniqueStream('fast');
    const streams = [slowA, slowB, fast];
    const [a, b, c] = [await client(), await client(), await client()];
    await a.query('BEGIN');
    await sqlAppend(a, slowA, makeEvents(2));
    await b.query('BEGIN');
    await sqlAppend(b, slowB, makeEvents(3));
    await sqlAppend(a, slowA, makeEvents(1));
    await c.query('BEGIN');
    await sqlAppend(c, fast, makeEvents(2));
    await c.query('COMMIT');
    await b.query('COMMIT');
    expect(await pollOnce(before, streams)).toEqual([]);
    await a.query('COMMIT');
    const seen = await pollUntil(before, streams, 8);
    expect(seen.map((event) => event.streamName)).toEqual([
      ...Array(3).fill(slowA),
      ...Array(3).fill(slowB),
      ...Array(2).fill(fast),
    ]);
    expect(seen.map((event) => event.revision)).toEqual([0n, 1n, 2n, 0n, 1n, 2n, 0n, 1n]);
  });

  test('events appended inside a processing transaction stay invisible until it commits', async () => {
    const before = await store.headPosition();
    const stream = uniqueStream('reactor');
    const processing = await client();
    await processing.query('BEGIN');
    await sqlAppend(processing, stream, makeEvents(2));
    expect(await pollOnce(before, [stream])).toEqual([]);
    await processing.query('COMMIT');
    expect(await pollUntil(before, [stream], 2)).toHaveLength(2);
  });
});

describe('what holds visibility back, and what does not', () => {
  test('a rolled-back transaction never blocks: its sequence numbers are skipped', async () => {
    const before = await store.headPosition();
    const [rolled, kept] = [uniqueStream('rolled'), uniqueStream('kept')];
    const tx = await client();
    await tx.query('BEGIN');
    await sqlAppend(tx, rolled, makeEvents(3));
    const committed = await store.append(kept, makeEvents(1), { expected: { kind: 'no_stream' } });
    await tx.query('ROLLBACK');
    const seen = await pollUntil(before, [rolled, kept], 1);
    expect(seen.map((event) => event.streamName)).toEqual([kept]);
    expect(seen[0]?.position).toBe(committed.position);
  });

  test('an idle transaction holding an xid blocks visibility, which resumes when it ends', async () => {
    const before = await store.headPosition();
    const stream = uniqueStream('held');
    const idle = await client();
    await idle.query('BEGIN');
    await idle.query('SELECT pg_current_xact_id()');
    await store.append(stream, makeEvents(1), { expected: { kind: 'no_stream' } });
    await sleep(30);
    expect(await pollOnce(before, [stream])).toEqual([]);
    await idle.query('COMMIT');
    expect(await pollUntil(before, [stream], 1)).toHaveLength(1);
  });

  test('a write transaction in another database of the cluster blocks visibility too', async () => {
    const other = await createTestDatabase();
    try {
      const before = await store.headPosition();
      const stream = uniqueStream('cluster');
      const elsewhere = await connect(other.url);
      try {
        await elsewhere.query('BEGIN');
        await elsewhere.query('SELECT pg_current_xact_id()');
        await store.append(stream, makeEvents(1), { expected: { kind: 'no_stream' } });
        expect(await pollOnce(before, [stream])).toEqual([]);
        await elsewhere.query('ROLLBACK');
      } finally {
        await elsewhere.end();
      }
      expect(await pollUntil(before, [stream], 1)).toHaveLength(1);
    } finally {
      await other.drop();
    }
  });

  test('a read-only transaction with a snapshot does not block', async () => {
    const before = await store.headPosition();
    const stream = uniqueStream('reader');
    const reader = await client();
    await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await reader.query('SELECT count(*) FROM es_events');
    await store.append(stream, makeEvents(1), { expected: { kind: 'no_stream' } });
    expect(await pollUntil(before, [stream], 1)).toHaveLength(1);
    await reader.query('COMMIT');
  });
});

/**
 * The queries inside a read function (migration 0026) with their parameters in place, as
 * Postgres plans them once per session (force_generic_plan): what EXPLAIN (GENERIC_PLAN) shows.
 */
async function functionQueries(reader: pg.Client, name: string): Promise<string[]> {
  const { rows } = await reader.query<{ body: string }>(
    'SELECT prosrc AS body FROM pg_proc WHERE proname = $1',
    [name],
  );
  const parts = (rows[0]?.body ?? '').split('RETURN QUERY').slice(1);
  return parts.map((part) =>
    part
      .slice(0, part.indexOf(';'))
      .replaceAll('p_after_tx', '$1::xid8')
      .replaceAll('p_after_seq', '$2::bigint')
      .replaceAll('p_max', '$3::int')
      .replaceAll('p_types', '$4::text[]')
      .replaceAll('p_streams', '$5::text[]')
      .replaceAll('p_scan', '$6::int'),
  );
}

async function genericPlan(reader: pg.Client, query: string): Promise<string> {
  const { rows } = await reader.query<{ 'QUERY PLAN': unknown }>(
    `EXPLAIN (GENERIC_PLAN, FORMAT JSON) ${query}`,
  );
  return JSON.stringify(rows[0]?.['QUERY PLAN']);
}

describe('the poll query', () => {
  test('is served by the (transaction_id, global_seq) index, without a sort, in its generic plan', async () => {
    const seeder = await client();
    const stream = uniqueStream('seed');
    for (let batch = 0; batch < 10; batch += 1) await sqlAppend(seeder, stream, makeEvents(1_000));
    await seeder.query('ANALYZE es_events');
    const settings = await seeder.query<{ proconfig: string[] }>(
      `SELECT proconfig FROM pg_proc WHERE proname IN ('es_read_all_page', 'es_read_all_filtered')`,
    );
    expect(settings.rows.map((row) => row.proconfig)).toEqual([
      ['plan_cache_mode=force_generic_plan'],
      ['plan_cache_mode=force_generic_plan'],
    ]);
    // The page as one JSON document (what an unfiltered readAll gets): the aggregate takes the
    // index order as it comes.
    const [page, ...more] = await functionQueries(seeder, 'es_read_all_page');
    expect(more).toEqual([]);
    expect(page).toContain('pg_snapshot_xmin(pg_current_snapshot())');
    const pagePlan = await genericPlan(seeder, page as string);
    expect(pagePlan).toContain('"Index Name":"es_events_global"');
    expect(pagePlan).not.toContain('"Node Type":"Sort"');
    expect(pagePlan).not.toContain('"Node Type":"Seq Scan"');
    // A filtered page: the matching events, then (for a short page) the window's end.
    const filtered = await functionQueries(seeder, 'es_read_all_filtered');
    expect(filtered).toHaveLength(2);
    for (const query of filtered) {
      expect(query).toContain('pg_snapshot_xmin(pg_current_snapshot())');
      const plan = await genericPlan(seeder, query);
      expect(plan).toContain('"Index Name":"es_events_global"');
      expect(plan).not.toContain('"Node Type":"Seq Scan"');
    }
  });
});

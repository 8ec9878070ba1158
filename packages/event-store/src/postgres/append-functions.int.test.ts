// Proves the SQL append functions: es_append's error codes, and es_append_batch giving each
// caller's append its own outcome inside one shared transaction.
import { randomUUID } from 'node:crypto';
import { useTestDatabase } from '@ledger/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeEvents, uniqueStream } from '../contract/index.ts';
import type { ExpectedRevision } from '../port.ts';
import { appendBatch } from './append-batch.ts';
import { type PreparedAppend, prepareAppend } from './prepare-append.ts';
import { connect, sqlAppend, sqlState } from './test-support.ts';
import { verifyChain } from './verify-chain.ts';

const database = useTestDatabase();
let client: pg.Client;
let pool: pg.Pool;

beforeAll(async () => {
  client = await connect(database().url);
  pool = new pg.Pool({ connectionString: database().url, max: 4 });
});
afterAll(async () => {
  await client.end();
  await pool.end();
});

function prepared(stream: string, count: number, expected: ExpectedRevision): PreparedAppend {
  return prepareAppend(stream, makeEvents(count), expected);
}

describe('es_append', () => {
  test('P0409 carries the actual revision, or no_stream, as DETAIL', async () => {
    const stream = uniqueStream();
    await sqlAppend(client, stream, makeEvents(3), { kind: 'no_stream' });
    const stale = sqlAppend(client, stream, makeEvents(1), { kind: 'exact', revision: 0n });
    const error = await stale.catch((reason: { code: string; detail: string }) => reason);
    expect(error).toMatchObject({ code: 'P0409', detail: '2' });
    const missing = await sqlAppend(client, uniqueStream(), makeEvents(1), {
      kind: 'stream_exists',
    }).catch((reason: { code: string; detail: string }) => reason);
    expect(missing).toMatchObject({ code: 'P0409', detail: 'no_stream' });
  });

  test('P0410 for ids used in another stream; 22023 for an empty append', async () => {
    const events = makeEvents(2);
    await sqlAppend(client, uniqueStream(), events, { kind: 'any' });
    expect(await sqlState(sqlAppend(client, uniqueStream(), events, { kind: 'any' }))).toBe(
      'P0410',
    );
    const empty = client.query(
      "SELECT * FROM es_append('s-1', 's', 'any', NULL, '{}'::uuid[], '{}', '{}', '{}', '{}')",
    );
    expect(await sqlState(empty)).toBe('22023');
  });

  test('a list whose first id is new but a later one is used fails with 23505 on event_id', async () => {
    const used = makeEvents(1);
    await sqlAppend(client, uniqueStream(), used, { kind: 'any' });
    const mixed = [...makeEvents(1), ...used];
    const error = await sqlAppend(client, uniqueStream(), mixed, { kind: 'any' }).catch(
      (reason: { code: string; constraint: string }) => reason,
    );
    expect(error).toMatchObject({ code: '23505', constraint: 'es_events_event_id' });
  });
});

describe('es_append_batch', () => {
  test('conflicts fail only their own append; the rest commit together', async () => {
    const existing = uniqueStream();
    await sqlAppend(client, existing, makeEvents(2), { kind: 'no_stream' });
    const appends = [
      prepared(uniqueStream(), 1, { kind: 'no_stream' }),
      prepared(existing, 1, { kind: 'exact', revision: 0n }),
      prepared(uniqueStream(), 2, { kind: 'any' }),
      prepared(existing.replace('test', 'none'), 1, { kind: 'stream_exists' }),
    ];
    const outcomes = await appendBatch(pool, appends);
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, false, true, false]);
    expect(outcomes[1]).toMatchObject({ ok: false, error: { actual: 1n } });
    expect(outcomes[3]).toMatchObject({ ok: false, error: { actual: 'no_stream' } });
    const positions = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.result.position] : []));
    expect(new Set(positions.map((position) => position.slice(0, 20))).size).toBe(1);
  });

  test('more than 64 appends with interleaved conflicts: each gets its own answer', async () => {
    const streams = Array.from({ length: 150 }, () => uniqueStream());
    for (const stream of streams.filter((_, index) => index % 3 === 0)) {
      await sqlAppend(client, stream, makeEvents(1), { kind: 'no_stream' });
    }
    const outcomes = await appendBatch(
      pool,
      streams.map((stream) => prepared(stream, 2, { kind: 'no_stream' })),
    );
    outcomes.forEach((outcome, index) => {
      expect(outcome.ok).toBe(index % 3 !== 0);
      if (!outcome.ok) expect(outcome.error).toMatchObject({ actual: 0n });
      else expect(outcome.result.nextExpectedRevision).toBe(1n);
    });
  });

  test('a retried append inside a batch returns its original result; reused ids are refused', async () => {
    const stream = uniqueStream();
    const original = prepareAppend(stream, makeEvents(2), { kind: 'no_stream' });
    const [first] = await appendBatch(pool, [original]);
    const stolen = prepareAppend(
      uniqueStream(),
      [{ id: original.ids[0] as string, type: 'T', data: {} }],
      {
        kind: 'any',
      },
    );
    const outcomes = await appendBatch(pool, [
      original,
      prepared(uniqueStream(), 1, { kind: 'any' }),
      stolen,
    ]);
    expect(outcomes[0]).toEqual(first);
    expect(outcomes[1]?.ok).toBe(true);
    expect(outcomes[2]).toMatchObject({ ok: false, error: { name: 'DuplicateEventIdError' } });
  });

  test('within one transaction the sequence follows the revisions, append by append', async () => {
    const streams = [uniqueStream(), uniqueStream(), uniqueStream()];
    await appendBatch(
      pool,
      streams.map((stream) => prepared(stream, 5, { kind: 'any' })),
    );
    const { rows } = await client.query<{ stream_id: string; stream_revision: string }>(
      `SELECT stream_id, stream_revision::text AS stream_revision FROM es_events
        WHERE stream_id = ANY($1) ORDER BY transaction_id, global_seq`,
      [streams],
    );
    const expected = [...streams]
      .sort()
      .flatMap((stream) => [0, 1, 2, 3, 4].map((r) => `${stream}:${r}`));
    expect(rows.map((row) => `${row.stream_id}:${row.stream_revision}`)).toEqual(expected);
  });

  test('packed payloads survive quotes, backslashes, commas and astral characters', async () => {
    const tricky = {
      id: randomUUID(),
      type: 'Odd "type", with\\ commas {}',
      data: { text: 'a "quoted" \\ back\\slash, {brace} [bracket] 😀 €', list: ['x,y', '"z"'] },
      metadata: { actor: 'member:1', note: 'line\nbreak\ttab' },
    };
    const [stream, other] = [uniqueStream(), uniqueStream()];
    const outcomes = await appendBatch(pool, [
      prepareAppend(stream, [tricky, ...makeEvents(1)], { kind: 'no_stream' }),
      prepared(other, 1, { kind: 'no_stream' }),
    ]);
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true]);
    const { rows } = await client.query<{ event_type: string; data: unknown; metadata: unknown }>(
      'SELECT event_type, data, metadata FROM es_events WHERE event_id = $1',
      [tricky.id],
    );
    expect(rows[0]).toEqual({
      event_type: tricky.type,
      data: tricky.data,
      metadata: tricky.metadata,
    });
    expect(await verifyChain(pool, { stream })).toMatchObject({ ok: true, events: 2 });
  });

  test('a batch naming one stream twice fails as a whole and commits nothing', async () => {
    const stream = uniqueStream();
    const statement = client.query(
      `SELECT * FROM es_append_batch($1::text[], $2::text[], $3::text[], $4::bigint[], $5::int[],
                                     $6::uuid[], $7::jsonb, $8::jsonb, $9::jsonb, $10::bytea)`,
      [
        [stream, stream],
        ['test', 'test'],
        ['any', 'any'],
        [null, null],
        [1, 1],
        [randomUUID(), randomUUID()],
        '["T", "T"]',
        '[{}, {}]',
        '[{}, {}]',
        Buffer.alloc(64),
      ],
    );
    expect(await sqlState(statement)).toBe('23505');
    const { rowCount } = await client.query('SELECT 1 FROM es_streams WHERE stream_id = $1', [
      stream,
    ]);
    expect(rowCount).toBe(0);
  });

  test('counts that do not match the events are refused as malformed', async () => {
    const statement = client.query(
      `SELECT * FROM es_append_batch($1::text[], $2::text[], $3::text[], $4::bigint[], $5::int[],
                                     $6::uuid[], $7::jsonb, $8::jsonb, $9::jsonb, $10::bytea)`,
      [
        [uniqueStream()],
        ['test'],
        ['any'],
        [null],
        [2],
        [randomUUID()],
        '["T"]',
        '[{}]',
        '[{}]',
        Buffer.alloc(32),
      ],
    );
    expect(await sqlState(statement)).toBe('22023');
  });
});

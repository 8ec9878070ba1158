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

// The adapter calls es_append_batch_v2 (migration 0022); es_append_batch (0001) stays for older code.
const batchFunctions = ['es_append_batch', 'es_append_batch_v2'];

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

  test.each(batchFunctions)(
    '%s: a batch naming one stream twice fails as a whole and commits nothing',
    async (fn) => {
      const stream = uniqueStream();
      const statement = client.query(
        `SELECT * FROM ${fn}($1::text[], $2::text[], $3::text[], $4::bigint[], $5::int[],
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
    },
  );

  test.each(batchFunctions)(
    '%s: counts that do not match the events are refused as malformed',
    async (fn) => {
      const statement = client.query(
        `SELECT * FROM ${fn}($1::text[], $2::text[], $3::text[], $4::bigint[], $5::int[],
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
    },
  );
});

describe('es_append_batch_v2 (0022): single appends and the paths the statement cannot settle', () => {
  /** appendBatch on a dedicated connection, inside whatever transaction it has open. */
  const onClient = (connection: pg.Client, appends: PreparedAppend[]) =>
    appendBatch(connection as unknown as pg.Pool, appends);

  test('a single append to an existing stream chains, sequences and moves the head like the general path', async () => {
    const stream = uniqueStream();
    await appendBatch(pool, [prepared(stream, 3, { kind: 'no_stream' })]);
    const [exact] = await appendBatch(pool, [
      prepared(stream, 50, { kind: 'exact', revision: 2n }),
    ]);
    expect(exact).toMatchObject({ ok: true, result: { nextExpectedRevision: 52n } });
    const [any] = await appendBatch(pool, [prepared(stream, 2, { kind: 'any' })]);
    const [exists] = await appendBatch(pool, [prepared(stream, 1, { kind: 'stream_exists' })]);
    expect(
      [any, exists].map((outcome) => outcome?.ok && outcome.result.nextExpectedRevision),
    ).toEqual([54n, 55n]);
    expect(await verifyChain(pool, { stream })).toEqual({ ok: true, streams: 1, events: 56 });
    const { rows } = await client.query<{ revision: string }>(
      `SELECT stream_revision::text AS revision FROM es_events WHERE stream_id = $1
        ORDER BY transaction_id, global_seq`,
      [stream],
    );
    expect(rows.map((row) => row.revision)).toEqual(Array.from({ length: 56 }, (_, i) => `${i}`));
    const last = await client.query<{ tx: string; seq: string }>(
      `SELECT transaction_id::text AS tx, global_seq::text AS seq FROM es_events
        WHERE stream_id = $1 AND stream_revision = 55`,
      [stream],
    );
    expect(exists?.ok && exists.result.position).toBe(
      `${last.rows[0]?.tx.padStart(20, '0')}:${last.rows[0]?.seq.padStart(20, '0')}`,
    );
  });

  test('a retry that waited for the original to commit gets the original result, not a conflict', async () => {
    const stream = uniqueStream();
    await appendBatch(pool, [prepared(stream, 1, { kind: 'no_stream' })]);
    const append = prepared(stream, 2, { kind: 'exact', revision: 0n });
    const first = await connect(database().url);
    const second = await connect(database().url);
    try {
      await first.query('BEGIN');
      const [original] = await onClient(first, [append]);
      const retried = onClient(second, [append]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.query('COMMIT');
      const [retriedOutcome] = await retried;
      expect(retriedOutcome).toEqual(original);
      expect(await verifyChain(pool, { stream })).toMatchObject({ ok: true, events: 3 });
    } finally {
      await first.end();
      await second.end();
    }
  });

  test('a new stream created by another transaction meanwhile fails only its own append, which then lands after it', async () => {
    const [contested, other] = [uniqueStream(), uniqueStream()].sort();
    const first = await connect(database().url);
    const second = await connect(database().url);
    try {
      await first.query('BEGIN');
      await onClient(first, [prepared(contested as string, 2, { kind: 'no_stream' })]);
      const batch = onClient(second, [
        prepared(contested as string, 1, { kind: 'any' }),
        prepared(other as string, 1, { kind: 'no_stream' }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.query('COMMIT');
      const outcomes = await batch;
      expect(outcomes.map((outcome) => outcome.ok && outcome.result.nextExpectedRevision)).toEqual([
        2n,
        0n,
      ]);
      expect(await verifyChain(pool, { stream: contested as string })).toMatchObject({
        ok: true,
        events: 3,
      });
    } finally {
      await first.end();
      await second.end();
    }
  });

  test('wrong revisions, a missing stream and reused ids get the same answers as before', async () => {
    const stream = uniqueStream();
    const opened = prepared(stream, 2, { kind: 'no_stream' });
    await appendBatch(pool, [opened]);
    const cases: [PreparedAppend, object][] = [
      [prepared(stream, 1, { kind: 'exact', revision: 5n }), { error: { actual: 1n } }],
      [prepared(stream, 1, { kind: 'no_stream' }), { error: { actual: 1n } }],
      [prepared(uniqueStream(), 1, { kind: 'stream_exists' }), { error: { actual: 'no_stream' } }],
      [
        prepareAppend(
          uniqueStream(),
          makeEvents(1).map((event) => ({ ...event, id: opened.ids[0] as string })),
          {
            kind: 'any',
          },
        ),
        { error: { name: 'DuplicateEventIdError' } },
      ],
      [opened, { ok: true, result: { nextExpectedRevision: 1n } }],
    ];
    for (const [append, expected] of cases) {
      expect(await appendBatch(pool, [append])).toMatchObject([expected]);
    }
    expect(await verifyChain(pool, { stream })).toMatchObject({ ok: true, events: 2 });
  });
});

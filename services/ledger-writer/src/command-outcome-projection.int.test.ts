// Proves that the command-outcome projection writes one row per command in one statement per page: a command split over two pages continues its row, the progress row follows the page, and a command found twice in the ledger (first in a page or later in it) stops the projection with nothing of that page written.
import { createPool } from '@ledger/db';
import type { RecordedEvent } from '@ledger/event-store';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  commandOutcomeProjection,
  lookUpOutcomes,
  MalformedLedgerEventError,
  readProjectedRevision,
} from './command-outcome-projection.ts';

const database = useTestDatabase();
let pool: pg.Pool;
beforeAll(() => {
  pool = createPool({ url: database().url, poolSizeMax: 2 });
});
afterAll(async () => {
  await pool.end();
});
const projection = commandOutcomeProjection();
const context = {
  projection: projection.name,
  version: projection.version,
  table: (name: string) => `${name}_v1`,
};

function event(revision: number, actor: string, commandId: string): RecordedEvent {
  return {
    id: `00000000-0000-5000-8000-${String(revision).padStart(12, '0')}`,
    streamName: 'ledger',
    revision: BigInt(revision),
    position: `p${String(revision).padStart(8, '0')}`,
    type: 'TransferPosted',
    data: {},
    metadata: { actor, commandId, bodyHash: `hash-of-${commandId}` },
    recordedAt: new Date(0),
  } as unknown as RecordedEvent;
}

async function apply(events: RecordedEvent[]): Promise<void> {
  await database()
    .db.transaction()
    .execute((trx) => projection.apply(trx, events, context));
}

async function rowCount(): Promise<number> {
  const { rows } = await sql<{
    count: number;
  }>`SELECT count(*)::int AS count FROM ledger_command_outcomes_v1`.execute(database().db);
  return rows[0]?.count ?? -1;
}

describe('the command-outcome projection', () => {
  test('one row per command, continued across pages; progress follows each page', async () => {
    await apply([event(0, 'member:1', 'a'), event(1, 'member:1', 'b'), event(2, 'member:1', 'b')]);
    expect(await readProjectedRevision(pool)).toBe(2);
    // `b` goes on in the next page (a command of three events split over two pages).
    await apply([event(3, 'member:1', 'b'), event(4, 'member:2', 'a')]);
    expect(await readProjectedRevision(pool)).toBe(4);
    expect(await rowCount()).toBe(3);
    const found = await lookUpOutcomes(pool, [
      { actor: 'member:1', commandId: 'a' },
      { actor: 'member:1', commandId: 'b' },
      { actor: 'member:2', commandId: 'a' },
    ]);
    expect(found.get('member:1\u0000b')).toEqual({
      bodyHash: 'hash-of-b',
      revisionFirst: 1,
      eventCount: 3,
      position: 'p00000003',
    });
    expect(found.get('member:1\u0000a')).toMatchObject({ revisionFirst: 0, eventCount: 1 });
    expect(found.get('member:2\u0000a')).toMatchObject({ revisionFirst: 4, eventCount: 1 });
  });

  test('a command found again first in a page stops it, and nothing of the page is written', async () => {
    const before = await rowCount();
    await expect(apply([event(5, 'member:1', 'a'), event(6, 'member:3', 'c')])).rejects.toThrow(
      MalformedLedgerEventError,
    );
    expect(await rowCount()).toBe(before);
    expect(await readProjectedRevision(pool)).toBe(4);
  });

  test('a command found again later in a page stops it, and nothing of the page is written', async () => {
    const before = await rowCount();
    await expect(apply([event(5, 'member:3', 'c'), event(6, 'member:2', 'a')])).rejects.toThrow();
    await expect(
      apply([event(5, 'member:3', 'c'), event(6, 'member:3', 'c2'), event(7, 'member:3', 'c')]),
    ).rejects.toThrow();
    expect(await rowCount()).toBe(before);
    expect(await readProjectedRevision(pool)).toBe(4);
  });
});

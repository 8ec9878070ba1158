// Proves the projector service: it runs the projections it is given on a real database, projects
// appended events, reports their status, stops cleanly, and its entry point refuses bad
// configuration and shuts down on SIGTERM.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createPostgresEventStore } from '@ledger/event-store/postgres';
import { clientLockSessions, LeaderLocks, type Projection } from '@ledger/projection-runner';
import { silentLogger } from '@ledger/runtime';
import { useTestDatabase } from '@ledger/testing';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { startProjector } from './start-projector.ts';

const database = useTestDatabase();

/** Counts events per type: the smallest projection that shows every event arrived once. */
const eventCounts: Projection = {
  name: 'event_counts',
  version: 1,
  tables: ['event_counts'],
  async setup(trx, context) {
    await sql`CREATE TABLE ${sql.table(context.table('event_counts'))} (type text PRIMARY KEY, count bigint NOT NULL)`.execute(
      trx,
    );
  },
  async apply(trx, events, context) {
    const counts = new Map<string, number>();
    for (const event of events) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
    for (const [type, count] of counts) {
      await sql`INSERT INTO ${sql.table(context.table('event_counts'))} AS t VALUES (${type}, ${count})
        ON CONFLICT (type) DO UPDATE SET count = t.count + excluded.count`.execute(trx);
    }
  },
};

function events(count: number, type: string) {
  return Array.from({ length: count }, () => ({ id: randomUUID(), type, data: {}, metadata: {} }));
}

async function until(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe('startProjector', () => {
  test('projects appended events with the given projections and stops cleanly', async () => {
    const { db, url } = database();
    const eventStore = createPostgresEventStore({ url, poolSizeMax: 2 });
    const stopping = new AbortController();
    const projector = startProjector({
      db,
      eventStore,
      projections: [eventCounts],
      logger: silentLogger,
      signal: stopping.signal,
    });
    try {
      await eventStore.append('member-1', events(3, 'Member.Joined'), {
        expected: { kind: 'no_stream' },
      });
      await eventStore.append('member-2', events(2, 'Member.Renamed'), {
        expected: { kind: 'no_stream' },
      });
      const counts = async () =>
        (
          await sql<{
            type: string;
            count: string;
          }>`SELECT type, count::text FROM event_counts ORDER BY type`.execute(db)
        ).rows;
      expect(await until(async () => (await counts()).length === 2)).toBe(true);
      expect(await counts()).toEqual([
        { type: 'Member.Joined', count: '3' },
        { type: 'Member.Renamed', count: '2' },
      ]);
      expect(projector.status()).toMatchObject([
        { projection: 'event_counts', state: 'running', eventsApplied: 5 },
      ]);
      expect(await until(async () => (await projector.lag())[0]?.caughtUp === true)).toBe(true);
    } finally {
      stopping.abort();
      await projector.done;
      await eventStore.close();
    }
    expect(projector.status()[0]?.state).toBe('closed');
    // Its leadership went with it: another instance can lead at once.
    const other = new LeaderLocks(clientLockSessions(url));
    expect(await other.tryAcquire('event_counts@1')).toBeDefined();
    await other.close();
  });

  test('runs with no projections until stopped', async () => {
    const { db, url } = database();
    const eventStore = createPostgresEventStore({ url, poolSizeMax: 1 });
    const stopping = new AbortController();
    const projector = startProjector({
      db,
      eventStore,
      projections: [],
      logger: silentLogger,
      signal: stopping.signal,
    });
    expect(projector.status()).toEqual([]);
    stopping.abort();
    await projector.done;
    await eventStore.close();
  });

  test('refuses the same projection twice', () => {
    const { db, url } = database();
    const eventStore = createPostgresEventStore({ url, poolSizeMax: 1 });
    const start = () =>
      startProjector({
        db,
        eventStore,
        projections: [eventCounts, eventCounts],
        logger: silentLogger,
        signal: new AbortController().signal,
      });
    expect(start).toThrow(RangeError);
    return eventStore.close();
  });
});

describe('projector entry point', () => {
  const main = join(import.meta.dirname, 'main.ts');
  const run = (env: Record<string, string>) => {
    const child = spawn(process.execPath, [main], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: 'pipe',
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) =>
      child.on('close', (code) => resolve(code)),
    );
    return { child, exited, output: () => output };
  };

  test('exits with code 78 and names the bad variable when the configuration is invalid', async () => {
    const service = run({ DATABASE_URL: 'mysql://nope', EVENTSTORE_CONNECTION_STRING: 'http://x' });
    expect(await service.exited).toBe(78);
    expect(service.output()).toContain('DATABASE_URL');
    expect(service.output()).toContain('EVENTSTORE_CONNECTION_STRING');
  });

  test('starts against a real database and stops on SIGTERM', async () => {
    const service = run({ DATABASE_URL: database().url });
    expect(await until(async () => service.output().includes('projector starting'))).toBe(true);
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    expect(service.output()).toContain('projector stopped');
  });
});

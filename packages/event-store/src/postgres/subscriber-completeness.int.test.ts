// Proves the checkpoint never passes an unseen row: with random writers, random pauses and
// rollbacks, a subscriber receives exactly the committed events, each once (guide §11 item 5).
import { randomUUID } from 'node:crypto';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeEvents, seededRandom, sleep } from '../contract/index.ts';
import type { EventStore } from '../port.ts';
import { createPostgresEventStore } from './index.ts';
import { connect, sqlAppend } from './test-support.ts';

const database = useTestDatabase();
let store: EventStore;

beforeAll(() => {
  store = createPostgresEventStore({ url: database().url, poolSizeMax: 6 });
});
afterAll(() => store.close());

type Ledger = { committed: string[]; random: () => number };

/** A writer on its own connection: open, append, pause, then commit or (a quarter of the time) roll back. */
async function transactionalWriter(stream: string, rounds: number, ledger: Ledger): Promise<void> {
  const client = await connect(database().url);
  try {
    for (let round = 0; round < rounds; round += 1) {
      const events = makeEvents(1 + Math.floor(ledger.random() * 3));
      await client.query('BEGIN');
      await sqlAppend(client, stream, events);
      await sleep(Math.floor(ledger.random() * 15));
      if (ledger.random() < 0.25) {
        await client.query('ROLLBACK');
      } else {
        await client.query('COMMIT');
        ledger.committed.push(...events.map((event) => event.id));
      }
    }
  } finally {
    await client.end();
  }
}

async function storeWriter(stream: string, rounds: number, ledger: Ledger): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    const events = makeEvents(1 + Math.floor(ledger.random() * 4));
    await sleep(Math.floor(ledger.random() * 6));
    await store.append(stream, events, { expected: { kind: 'any' } });
    ledger.committed.push(...events.map((event) => event.id));
  }
}

test.each([11, 20_260_822])(
  'seed %i: the subscriber sees exactly the committed set',
  async (seed) => {
    const ledger: Ledger = { committed: [], random: seededRandom(seed) };
    const category = `prop${randomUUID().slice(0, 8)}`;
    const before = await store.headPosition();
    const controller = new AbortController();
    const seen: string[] = [];
    const subscription = (async () => {
      const items = store.subscribeAll({
        after: before,
        filter: { streamPrefixes: [category] },
        batchSizeMax: 13,
        signal: controller.signal,
      });
      for await (const item of items)
        if (item.kind === 'events') seen.push(...item.events.map((event) => event.id));
    })();
    await Promise.all([
      ...Array.from({ length: 6 }, (_, index) =>
        transactionalWriter(`${category}-tx${index}`, 20, ledger),
      ),
      ...Array.from({ length: 3 }, (_, index) => storeWriter(`${category}-st${index}`, 30, ledger)),
    ]);
    const deadline = Date.now() + 20_000;
    while (seen.length < ledger.committed.length && Date.now() < deadline) await sleep(20);
    await sleep(200);
    controller.abort();
    await subscription;
    expect(seen.length).toBe(ledger.committed.length);
    expect([...seen].sort()).toEqual([...ledger.committed].sort());
  },
);

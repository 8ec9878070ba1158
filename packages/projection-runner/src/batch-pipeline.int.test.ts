// Proves the batch pipeline reads ahead only while catching up: after a full page the next one is
// requested while the batch commits, and after a short page (the head) nothing more is read until
// the next batch asks; every event is applied once either way. And that the memory it gives the
// projection survives committed batches, an afterCommit action runs only once its batch committed,
// and a failed batch empties the memory.
import type { EventStore, ReadAllOptions } from '@ledger/event-store';
import { useTestDatabase } from '@ledger/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BatchPipeline } from './batch-pipeline.ts';
import { registerProjection } from './registry.ts';
import { amountEvents, postgresStore, readTotals, totalsProjection } from './test-support.ts';

const database = useTestDatabase();
let store: EventStore;
beforeAll(() => {
  store = postgresStore(database().url);
});
afterAll(async () => {
  await store.close();
});

test('a full page is followed by a read ahead, a short page by none', async () => {
  const { db } = database();
  const reads: (string | undefined)[] = [];
  const counting: EventStore = {
    ...store,
    readAll(options: ReadAllOptions) {
      reads.push(options.after);
      return store.readAll(options);
    },
  };
  const projection = totalsProjection({
    name: 'ahead_totals',
    filter: { streamPrefixes: ['ahead'] },
  });
  await registerProjection(db, projection);
  const pipeline = new BatchPipeline(db, counting, projection);
  const ignore = () => {};

  await store.append('ahead-1', amountEvents([1, 2, 3]), { expected: { kind: 'no_stream' } });
  expect(await pipeline.next(5, ignore)).toMatchObject({ kind: 'advanced', events: 3 });
  expect(reads).toHaveLength(1);

  await store.append('ahead-1', amountEvents([4, 5, 6, 7, 8, 9, 10]), {
    expected: { kind: 'exact', revision: 2n },
  });
  expect(await pipeline.next(5, ignore)).toMatchObject({ kind: 'advanced', events: 5 });
  // The full page was followed by a read of the next one, which the next batch takes.
  expect(reads).toHaveLength(3);
  expect(await pipeline.next(5, ignore)).toMatchObject({ kind: 'advanced', events: 2 });
  expect(reads).toHaveLength(3);
  expect(await pipeline.next(5, ignore)).toMatchObject({ kind: 'caughtUp' });
  expect(await readTotals(db, 'ahead_totals')).toEqual({ events: 10, sum: 55n });
});

test('the projection memory: kept across commits, afterCommit after the commit, emptied by a failure', async () => {
  const { db } = database();
  const seen: { memory: number | undefined; committedBefore: number }[] = [];
  let committed = 0;
  let failNext = false;
  const projection = totalsProjection({
    name: 'memory_totals',
    filter: { streamPrefixes: ['memory'] },
    onApply: (events, context) => {
      const memory = context.memory as Map<string, unknown>;
      seen.push({
        memory: memory.get('applied') as number | undefined,
        committedBefore: committed,
      });
      memory.set('applied', ((memory.get('applied') as number | undefined) ?? 0) + events.length);
      context.afterCommit?.(() => {
        committed += 1;
      });
      if (failNext) {
        failNext = false;
        throw Object.assign(new Error('injected'), { transient: true });
      }
    },
  });
  await registerProjection(db, projection);
  const pipeline = new BatchPipeline(db, store, projection);
  const ignore = () => {};
  await store.append('memory-1', amountEvents([1, 2]), { expected: { kind: 'no_stream' } });
  await pipeline.next(10, ignore);
  await store.append('memory-1', amountEvents([3]), { expected: { kind: 'exact', revision: 1n } });
  await pipeline.next(10, ignore);
  expect(seen).toEqual([
    { memory: undefined, committedBefore: 0 },
    { memory: 2, committedBefore: 1 },
  ]);
  expect(committed).toBe(2);

  await store.append('memory-1', amountEvents([4]), { expected: { kind: 'exact', revision: 2n } });
  failNext = true;
  await expect(pipeline.next(10, ignore)).rejects.toThrow();
  expect(committed).toBe(2);
  await pipeline.next(10, ignore);
  expect(seen.slice(2)).toEqual([
    { memory: 3, committedBefore: 2 },
    { memory: undefined, committedBefore: 2 },
  ]);
  expect(committed).toBe(3);
  expect(await readTotals(db, 'memory_totals')).toEqual({ events: 4, sum: 10n });
});

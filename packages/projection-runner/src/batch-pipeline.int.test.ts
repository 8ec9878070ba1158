// Proves the batch pipeline reads ahead only while catching up: after a full page the next one is
// requested while the batch commits, and after a short page (the head) nothing more is read until
// the next batch asks; every event is applied once either way.
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

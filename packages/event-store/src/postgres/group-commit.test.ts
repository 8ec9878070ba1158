// Proves the group-commit queue: callers that arrive together share a flush, a stream never
// appears twice in one flush, limits hold, and queued items can be withdrawn.
import { expect, test } from 'vitest';
import { createGroupCommit, type GroupCommitOptions } from './group-commit.ts';

type Item = { key: string; weight: number; done?: () => void };

function harness(options: Partial<GroupCommitOptions> = {}) {
  const flushes: string[][] = [];
  const release: (() => void)[] = [];
  const queue = createGroupCommit<Item>(
    (batch) => {
      flushes.push(batch.map((item) => item.key));
      return new Promise<void>((resolve) => release.push(resolve));
    },
    { weigh: (item) => item.weight, key: (item) => item.key },
    { maxInFlight: 1, maxItems: 100, maxWeight: 1_000, minSplitWeight: 1, ...options },
  );
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  return { queue, flushes, release, turn };
}

test('items enqueued in the same turn share one flush; later ones wait for it to finish', async () => {
  const { queue, flushes, release, turn } = harness();
  for (const key of ['a', 'b', 'c']) queue.enqueue({ key, weight: 1 });
  await turn();
  queue.enqueue({ key: 'd', weight: 1 });
  await turn();
  expect(flushes).toEqual([['a', 'b', 'c']]);
  release.shift()?.();
  await turn();
  await turn();
  expect(flushes).toEqual([['a', 'b', 'c'], ['d']]);
  release.shift()?.();
  await queue.drain();
});

test('a second item for the same key goes to the next flush, in order', async () => {
  const { queue, flushes, release, turn } = harness();
  for (const key of ['s1', 's2', 's1', 's1']) queue.enqueue({ key, weight: 1 });
  await turn();
  expect(flushes).toEqual([['s1', 's2']]);
  release.shift()?.();
  await turn();
  await turn();
  release.shift()?.();
  await turn();
  await turn();
  expect(flushes).toEqual([['s1', 's2'], ['s1'], ['s1']]);
  release.shift()?.();
  await queue.drain();
});

test('weight bounds a flush, but a heavy item still goes alone', async () => {
  const { queue, flushes, release, turn } = harness({ maxWeight: 10 });
  queue.enqueue({ key: 'big', weight: 50 });
  queue.enqueue({ key: 'x', weight: 4 });
  queue.enqueue({ key: 'y', weight: 4 });
  await turn();
  expect(flushes).toEqual([['big']]);
  release.shift()?.();
  await turn();
  await turn();
  expect(flushes[1]).toEqual(['x', 'y']);
  release.shift()?.();
  await queue.drain();
});

test('with two flushes in flight, waiting items are split between them', async () => {
  const { queue, flushes, release, turn } = harness({ maxInFlight: 2 });
  for (let index = 0; index < 10; index += 1) queue.enqueue({ key: `k${index}`, weight: 1 });
  await turn();
  expect(flushes.map((batch) => batch.length)).toEqual([5, 5]);
  for (const resolve of release.splice(0)) resolve();
  await queue.drain();
});

test('a light queue is not split: it goes into one flush', async () => {
  const { queue, flushes, release, turn } = harness({ maxInFlight: 2, minSplitWeight: 64 });
  for (let index = 0; index < 32; index += 1) queue.enqueue({ key: `k${index}`, weight: 1 });
  await turn();
  expect(flushes.map((batch) => batch.length)).toEqual([32]);
  for (const resolve of release.splice(0)) resolve();
  await queue.drain();
});

test('a queued item can be withdrawn; a flushed one cannot', async () => {
  const { queue, flushes, release, turn } = harness();
  const first = { key: 'a', weight: 1 };
  const second = { key: 'b', weight: 1 };
  queue.enqueue(first);
  queue.enqueue(second);
  expect(queue.withdraw(second)).toBe(true);
  await turn();
  expect(queue.withdraw(first)).toBe(false);
  expect(flushes).toEqual([['a']]);
  release.shift()?.();
  await queue.drain();
});

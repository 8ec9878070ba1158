// Proves that the submission queue is first in, first out, puts thrown-away items back in front in their order, and wakes a waiter when something arrives.
import { describe, expect, test } from 'vitest';
import { SubmissionQueue } from './submission-queue.ts';

describe('the submission queue', () => {
  test('FIFO, with taken items put back in front', async () => {
    const queue = new SubmissionQueue<number>();
    for (let item = 0; item < 10; item += 1) queue.push(item);
    const taken = queue.take(4);
    expect(taken).toEqual([0, 1, 2, 3]);
    queue.unshift(taken.slice(2));
    expect(queue.take(3)).toEqual([2, 3, 4]);
    expect(queue.drain()).toEqual([5, 6, 7, 8, 9]);
    const woken = queue.whenNotEmpty();
    queue.push(42);
    await woken;
    expect(queue.length).toBe(1);
  });

  test('compacts a long consumed prefix without losing items', () => {
    const queue = new SubmissionQueue<number>();
    for (let item = 0; item < 20_000; item += 1) queue.push(item);
    let next = 0;
    while (queue.length > 0) {
      for (const item of queue.take(333)) {
        expect(item).toBe(next);
        next += 1;
      }
    }
    expect(next).toBe(20_000);
  });
});

// Proves the writer's backpressure: while an append stalls, a new submission is refused at once as
// Unavailable('overloaded') with a Retry-After once the oldest queued one has waited past
// queueWaitMaxMs (counted in its status), nothing queued or decided before is lost or refused,
// and new work is taken again as soon as the queue drains.
import type { EventStore } from '@ledger/event-store';
import { useTestDatabase } from '@ledger/testing';
import { expect, test } from 'vitest';
import {
  answerOf,
  coins,
  freshId,
  seedAccounts,
  startTestWriter,
  submission,
  transfer,
} from './testing/writer-fixtures.ts';

const database = useTestDatabase();

test('a stalled append makes new submissions refused once the oldest queued waited too long', async () => {
  let stalled = false;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let appendsIssued = 0;
  const stalling = (store: EventStore): EventStore => ({
    ...store,
    async append(stream, events, options) {
      appendsIssued += 1;
      if (stalled) await released;
      return store.append(stream, events, options);
    },
  });
  const queueWaitMaxMs = 200;
  const running = await startTestWriter(database().url, {
    wrapStore: stalling,
    settings: { queueWaitMaxMs },
  });
  try {
    await seedAccounts(running.writer, ['ann', 'ben'], 10);
    const send = () =>
      running.writer.submit(submission(transfer(freshId('t'), 'ann', 'ben', coins(1))));
    stalled = true;
    const issuedBefore = appendsIssued;
    // The first is appended (and stalls); the second is decided meanwhile as the next batch.
    const first = send();
    while (appendsIssued === issuedBefore) await new Promise((resolve) => setImmediate(resolve));
    const second = send();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The loop now waits for the stalled append: the third stays queued.
    const third = send();
    const fourth = send();
    const early = await Promise.race([
      fourth,
      new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), 20)),
    ]);
    // Before the bound, a new submission is queued like the others (not answered).
    expect(early).toBe('pending');
    await new Promise((resolve) => setTimeout(resolve, queueWaitMaxMs + 50));
    const overloadedBefore = running.writer.stats().overloaded;
    const refused = await send();
    expect(refused).toMatchObject({ kind: 'Unavailable', reason: 'overloaded' });
    expect((refused as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(0);
    expect(running.writer.stats().overloaded).toBe(overloadedBefore + 1);
    stalled = false;
    release();
    // Everything queued or decided before the refusal commits.
    for (const result of await Promise.all([first, second, third, fourth]))
      expect(answerOf(result).kind).toBe('accepted');
    // The queue drained: new work is taken again.
    expect(answerOf(await send()).kind).toBe('accepted');
  } finally {
    release();
    await running.close();
  }
});

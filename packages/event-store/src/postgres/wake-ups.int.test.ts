// Proves the wake-up paths: NOTIFY from another process wakes an idle subscriber long before its
// safety-net poll, and without NOTIFY the polling fallback still delivers.
import { useTestDatabase } from '@ledger/testing';
import { expect, test } from 'vitest';
import { collectSubscription, makeEvents, sleep, uniqueStream } from '../contract/index.ts';
import { createPostgresEventStore } from './index.ts';

const database = useTestDatabase();

async function deliveryTime(
  notify: boolean,
  polling: { minMs: number; maxMs: number; idleMs: number },
) {
  const subscriber = createPostgresEventStore({ url: database().url, notify, polling });
  const writer = createPostgresEventStore({ url: database().url, notify });
  try {
    const stream = uniqueStream();
    const controller = new AbortController();
    let caughtUpAt = 0;
    let appended = 0;
    const collecting = collectSubscription(
      subscriber.subscribeAll({
        after: await subscriber.headPosition(),
        filter: { streamPrefixes: [stream] },
        signal: controller.signal,
      }),
      controller,
      (events, items) => {
        if (caughtUpAt === 0 && items.some((item) => item.kind === 'caughtUp'))
          caughtUpAt = Date.now();
        return events.length >= 1;
      },
    );
    while (caughtUpAt === 0) await sleep(10);
    await sleep(300);
    appended = Date.now();
    await writer.append(stream, makeEvents(1), { expected: { kind: 'no_stream' } });
    const { events, timedOut } = await collecting;
    expect(timedOut).toBe(false);
    expect(events).toHaveLength(1);
    return Date.now() - appended;
  } finally {
    await subscriber.close();
    await writer.close();
  }
}

test('NOTIFY from another store wakes an idle subscriber well before its one-minute poll', async () => {
  const elapsed = await deliveryTime(true, { minMs: 5, maxMs: 250, idleMs: 60_000 });
  expect(elapsed).toBeLessThan(10_000);
});

test('without NOTIFY, adaptive polling still delivers', async () => {
  const elapsed = await deliveryTime(false, { minMs: 5, maxMs: 50, idleMs: 60_000 });
  expect(elapsed).toBeLessThan(10_000);
});

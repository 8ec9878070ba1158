import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { EventStore, GlobalPosition, RecordedEvent } from '../port.ts';
import { type MakeContractStore, type Run, runner } from './contract-store.ts';
import {
  collectSubscription,
  isStrictlyIncreasing,
  makeEvents,
  seededRandom,
  sleep,
  uniqueStream,
} from './support.ts';

/** subscribeAll: catch-up then live, start positions, restart, filters, ending (§11 items 5, 14). */
export function describeSubscribeContract(make: MakeContractStore): void {
  const run = runner(make);
  describe('subscribeAll', () => {
    describeCatchUp(run);
    describeStartPositions(run);
    describeFiltered(run);
    describeEnding(make);
    describeRandomWriters(run);
  });
}

function describeCatchUp(run: Run): void {
  test(
    'catches up, says so, then delivers live appends in batches, and ends on abort',
    run(async (store) => {
      const category = `sub${randomUUID().slice(0, 8)}`;
      const before = await store.headPosition();
      await store.append(`${category}-a`, makeEvents(5), { expected: { kind: 'no_stream' } });
      const controller = new AbortController();
      const subscription = store.subscribeAll({
        after: before,
        filter: { streamPrefixes: [category] },
        signal: controller.signal,
      });
      let appendedLive = false;
      const { events, items, timedOut } = await collectSubscription(
        subscription,
        controller,
        (seen, all) => {
          if (!appendedLive && all.some((item) => item.kind === 'caughtUp')) {
            appendedLive = true;
            void store.append(`${category}-b`, makeEvents(3), {
              expected: { kind: 'no_stream' },
            });
          }
          return seen.length >= 8;
        },
      );
      expect(timedOut).toBe(false);
      expect(events.map((event) => event.streamName)).toEqual([
        ...Array(5).fill(`${category}-a`),
        ...Array(3).fill(`${category}-b`),
      ]);
      expect(isStrictlyIncreasing(events)).toBe(true);
      const caughtUp = items.findIndex((item) => item.kind === 'caughtUp');
      expect(caughtUp).toBeGreaterThan(0);
    }),
  );
}

function describeStartPositions(run: Run): void {
  test(
    'restarting from a checkpoint resumes with nothing missing and nothing repeated',
    run(async (store) => {
      const stream = uniqueStream();
      const before = await store.headPosition();
      await store.append(stream, makeEvents(6), { expected: { kind: 'no_stream' } });
      const filter = { streamPrefixes: [stream] };
      const first = new AbortController();
      const part = await collectSubscription(
        store.subscribeAll({ after: before, filter, batchSizeMax: 4, signal: first.signal }),
        first,
        (seen) => seen.length >= 4,
      );
      expect(part.items.find((item) => item.kind === 'events')).toMatchObject({
        events: { length: 4 },
      });
      const checkpoint = part.events[3]?.position as GlobalPosition;
      await store.append(stream, makeEvents(2), { expected: { kind: 'exact', revision: 5n } });
      const second = new AbortController();
      const rest = await collectSubscription(
        store.subscribeAll({ after: checkpoint, filter, signal: second.signal }),
        second,
        (seen) => seen.length >= 4,
      );
      expect(rest.events.map((event) => event.revision)).toEqual([4n, 5n, 6n, 7n]);
    }),
  );

  test(
    'from the head position only new events arrive',
    run(async (store) => {
      const stream = uniqueStream();
      const appended = await store.append(stream, makeEvents(3), {
        expected: { kind: 'no_stream' },
      });
      const head = await waitForHead(store, appended.position);
      const controller = new AbortController();
      const subscription = store.subscribeAll({
        after: head,
        filter: { streamPrefixes: [stream] },
        signal: controller.signal,
      });
      const collecting = collectSubscription(subscription, controller, (seen) => seen.length >= 1);
      await store.append(stream, makeEvents(1), { expected: { kind: 'exact', revision: 2n } });
      const { events } = await collecting;
      expect(events.map((event) => event.revision)).toEqual([3n]);
    }),
  );
}

function describeFiltered(run: Run): void {
  test(
    'a filtered subscription reports progress through events it does not deliver',
    run(async (store) => {
      const stream = uniqueStream();
      const before = await store.headPosition();
      await store.append(stream, makeEvents(3, 'Unwanted'), { expected: { kind: 'no_stream' } });
      const last = await store.append(stream, makeEvents(1, 'Wanted'), {
        expected: { kind: 'exact', revision: 2n },
      });
      await store.append(stream, makeEvents(2, 'Unwanted'), {
        expected: { kind: 'exact', revision: 3n },
      });
      const controller = new AbortController();
      const { events, items } = await collectSubscription(
        store.subscribeAll({
          after: before,
          filter: { eventTypePrefixes: ['Wanted'], streamPrefixes: [stream] },
          signal: controller.signal,
        }),
        controller,
        (_, all) => all.some((item) => item.kind === 'checkpoint' && item.position > last.position),
      );
      expect(events.map((event) => event.type)).toEqual(['Wanted']);
      expect(items.some((item) => item.kind === 'checkpoint')).toBe(true);
    }),
  );
}

function describeEnding(make: MakeContractStore): void {
  test('close() ends a live subscription without an error', async () => {
    const handle = await make();
    const controller = new AbortController();
    const subscription = handle.store.subscribeAll({
      after: await handle.store.headPosition(),
      signal: controller.signal,
    });
    const consuming = (async () => {
      for await (const _item of subscription) {
        // drain until the store closes
      }
    })();
    await sleep(50);
    await (handle.dispose ? handle.dispose() : handle.store.close());
    await expect(consuming).resolves.toBeUndefined();
  });
}

function describeRandomWriters(run: Run): void {
  test(
    'random concurrent writers with random pauses: the subscriber sees every committed event once',
    run(async (store) => {
      const random = seededRandom(20_260_821);
      const category = `prop${randomUUID().slice(0, 8)}`;
      const before = await store.headPosition();
      const committed = new Set<string>();
      let writersDone = false;
      const writers = Array.from({ length: 6 }, async (_, writer) => {
        for (let round = 0; round < 15; round += 1) {
          const events = makeEvents(1 + Math.floor(random() * 4));
          await sleep(Math.floor(random() * 8));
          await store.append(`${category}-${writer}`, events, { expected: { kind: 'any' } });
          for (const event of events) committed.add(event.id);
        }
      });
      const controller = new AbortController();
      const watching = collectSubscription(
        store.subscribeAll({
          after: before,
          filter: { streamPrefixes: [category] },
          batchSizeMax: 7,
          signal: controller.signal,
        }),
        controller,
        (seen) => writersDone && seen.length >= committed.size,
      );
      await Promise.all(writers);
      writersDone = true;
      // Wake the collector's check: one more event nobody else wanted.
      await store.append(`${category}-z`, makeEvents(1), { expected: { kind: 'any' } });
      const { events } = await watching;
      const ids = events.map((event: RecordedEvent) => event.id).filter((id) => committed.has(id));
      expect(ids).toHaveLength(committed.size);
      expect(new Set(ids).size).toBe(committed.size);
      expect(isStrictlyIncreasing(events)).toBe(true);
    }),
  );
}

async function waitForHead(
  store: EventStore,
  position: GlobalPosition,
): Promise<GlobalPosition | undefined> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const head = await store.headPosition();
    if ((head !== undefined && head >= position) || Date.now() > deadline) return head;
    await sleep(10);
  }
}

// Proves the EventStoreDB adapter's subscribeAll against a stubbed client: server filters,
// ordered batches, checkpoint and caughtUp items, de-duplication, and resubscription after a drop
// from the position the caller's callback supplies (the Postgres checkpoint), with back-off.
import { AccessDeniedError, UnavailableError } from '@eventstore/db-client';
import { describe, expect, test } from 'vitest';
import type { GlobalPosition, SubscriptionItem } from '../port.ts';
import { createEventStoreDbEventStore } from './eventstoredb-event-store.ts';
import { encodePosition } from './position.ts';
import { allEvent, StubClient, type StubSubscription } from './stub-client.ts';
import type { EsdbSubscribeAllOptions, SubscriptionSettings } from './subscribe-all.ts';
import { OutOfOrderPositionError } from './subscription-session.ts';

const at = (commit: bigint, prepare = commit): GlobalPosition =>
  encodePosition({ commit, prepare });

type Summary = string;

/** One line per item: `events 10,20`, `checkpoint 30`, `caughtUp 20`. */
function summarize(item: SubscriptionItem): Summary {
  const commit = (position: GlobalPosition | undefined) =>
    position === undefined ? '-' : String(BigInt(position.slice(0, 20)));
  if (item.kind === 'events')
    return `events ${item.events.map((e) => commit(e.position)).join(',')}`;
  return `${item.kind} ${commit(item.position)}`;
}

function setup(settings: Partial<SubscriptionSettings> = {}) {
  const client = new StubClient();
  const drops: { attempt: number; delayMs: number; error: unknown }[] = [];
  const store = createEventStoreDbEventStore(client, {
    subscription: {
      batchLingerMs: 0,
      retry: { initialDelayMs: 2, factor: 1.5, maxDelayMs: 50 },
      onDrop: (error, attempt, delayMs) => drops.push({ error, attempt, delayMs }),
      ...settings,
    },
  });
  const controller = new AbortController();
  return { client, store, controller, drops };
}

/** Reads `count` items, then stops the subscription. */
async function take(
  iterable: AsyncIterable<SubscriptionItem>,
  count: number,
  controller: AbortController,
): Promise<Summary[]> {
  const items: Summary[] = [];
  for await (const item of iterable) {
    items.push(summarize(item));
    if (items.length === count) break;
  }
  controller.abort();
  return items;
}

const write = (subscription: StubSubscription, ...commits: bigint[]) => {
  for (const commit of commits) subscription.write(allEvent({ commit }));
};

describe('EventStoreDB adapter: subscribeAll', () => {
  test('filters on the server by event type, else stream, else system events', async () => {
    const { client, store } = setup({ checkpointInterval: 3 });
    const start = (options: Partial<EsdbSubscribeAllOptions>) => {
      const controller = new AbortController();
      const iterator = store
        .subscribeAll({ signal: controller.signal, ...options })
        [Symbol.asyncIterator]();
      void iterator.next();
      controller.abort();
    };
    start({});
    start({ filter: { eventTypePrefixes: ['Ledger.'] }, after: at(7n, 5n) });
    start({ filter: { streamPrefixes: ['ledger'] } });
    start({ filter: { streamPrefixes: ['ledger'], eventTypePrefixes: ['Ledger.'] } });
    await new Promise((resolve) => setImmediate(resolve));
    const filters = client.subscriptions.map(({ serverFilter, fromPosition }) => ({
      fromPosition,
      filterOn: serverFilter.filterOn,
      checkpointInterval: serverFilter.checkpointInterval,
      match: 'regex' in serverFilter ? serverFilter.regex : serverFilter.prefixes,
    }));
    expect(filters).toEqual([
      { fromPosition: 'start', filterOn: 'eventType', checkpointInterval: 3, match: '^[^$].*' },
      {
        fromPosition: { commit: 7n, prepare: 5n },
        filterOn: 'eventType',
        checkpointInterval: 3,
        match: ['Ledger.'],
      },
      { fromPosition: 'start', filterOn: 'streamName', checkpointInterval: 3, match: ['ledger'] },
      { fromPosition: 'start', filterOn: 'eventType', checkpointInterval: 3, match: ['Ledger.'] },
    ]);
  });

  test('yields catch-up events as a batch, then caughtUp, then live batches', async () => {
    const { client, store, controller } = setup();
    client.onSubscribe = (subscription) => {
      write(subscription, 10n, 20n, 30n);
      subscription.caughtUp();
      setTimeout(() => write(subscription, 40n, 50n), 5);
    };
    const items = await take(store.subscribeAll({ signal: controller.signal }), 3, controller);
    expect(items).toEqual(['events 10,20,30', 'caughtUp 30', 'events 40,50']);
  });

  test('caps batches at batchSizeMax', async () => {
    const { client, store, controller } = setup();
    client.onSubscribe = (subscription) => write(subscription, 1n, 2n, 3n, 4n, 5n);
    const items = await take(
      store.subscribeAll({ signal: controller.signal, batchSizeMax: 2 }),
      3,
      controller,
    );
    expect(items).toEqual(['events 1,2', 'events 3,4', 'events 5']);
  });

  test('lingers briefly so live events arriving together leave as one batch', async () => {
    const { client, store, controller } = setup({ batchLingerMs: 200 });
    client.onSubscribe = (subscription) => {
      write(subscription, 1n);
      setTimeout(() => write(subscription, 2n), 10);
    };
    const items = await take(store.subscribeAll({ signal: controller.signal }), 1, controller);
    expect(items).toEqual(['events 1,2']);
  });

  test('turns checkpointReached into checkpoint items and drops ones that do not advance', async () => {
    const { client, store, controller } = setup();
    client.onSubscribe = async (subscription) => {
      write(subscription, 10n);
      await subscription.checkpoint(5n);
      await subscription.checkpoint(64n);
      write(subscription, 70n);
    };
    const items = await take(store.subscribeAll({ signal: controller.signal }), 3, controller);
    expect(items).toEqual(['events 10', 'checkpoint 64', 'events 70']);
  });

  test('holds a checkpoint back until the events buffered before it were delivered', async () => {
    const { client, store, controller } = setup();
    client.onSubscribe = async (subscription) => {
      subscription.pause();
      write(subscription, 10n, 20n);
      await subscription.checkpoint(90n);
      subscription.caughtUp();
      subscription.resume();
    };
    const items = await take(store.subscribeAll({ signal: controller.signal }), 3, controller);
    expect(items).toEqual(['events 10,20', 'checkpoint 90', 'caughtUp 90']);
  });

  test('drops the inclusive start event, and reports system and filtered events as checkpoints', async () => {
    const { client, store, controller } = setup();
    client.onSubscribe = (subscription) => {
      subscription.write(allEvent({ commit: 10n, type: 'Ledger.TransferPosted' }));
      subscription.write(allEvent({ commit: 11n, type: '$metadata' }));
      subscription.write(allEvent({ commit: 12n, type: 'Ledger.TransferPosted', stream: 'other' }));
      subscription.write(
        allEvent({ commit: 13n, type: 'Ledger.TransferPosted', stream: 'ledger' }),
      );
      subscription.write(allEvent({ commit: 14n, type: 'Member.Joined', stream: 'ledger' }));
      subscription.caughtUp();
    };
    const iterable = store.subscribeAll({
      signal: controller.signal,
      after: at(10n),
      filter: { eventTypePrefixes: ['Ledger.'], streamPrefixes: ['ledger'] },
    });
    expect(await take(iterable, 4, controller)).toEqual([
      'checkpoint 12',
      'events 13',
      'checkpoint 14',
      'caughtUp 14',
    ]);
  });

  test('stops with OutOfOrderPositionError when an event arrives behind a passed checkpoint', async () => {
    const { client, store, controller, drops } = setup();
    client.onSubscribe = async (subscription) => {
      write(subscription, 10n);
      await subscription.checkpoint(50n);
      write(subscription, 40n);
    };
    const items: Summary[] = [];
    const error = await (async () => {
      for await (const item of store.subscribeAll({ signal: controller.signal }))
        items.push(summarize(item));
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutOfOrderPositionError);
    expect(items).toEqual(['events 10', 'checkpoint 50']);
    expect(drops).toEqual([]);
  });

  test('resubscribes after drops from the position the callback supplies, backing off', async () => {
    const { client, store, controller, drops } = setup();
    client.onSubscribe = (subscription) => {
      const attempt = client.subscriptions.length;
      if (attempt === 1) {
        write(subscription, 10n, 20n);
        setTimeout(() => subscription.destroy(new UnavailableError()), 5);
      } else if (attempt === 2) {
        subscription.destroy(new UnavailableError());
      } else {
        write(subscription, 10n, 20n, 30n);
      }
    };
    let resumeCalls = 0;
    const iterable = store.subscribeAll({
      signal: controller.signal,
      resumeFrom: async () => {
        resumeCalls += 1;
        return at(10n); // The Postgres checkpoint: the batch at 20 was never committed.
      },
    });
    expect(await take(iterable, 2, controller)).toEqual(['events 10,20', 'events 20,30']);
    expect(client.subscriptions.map((s) => s.fromPosition)).toEqual([
      'start',
      { commit: 10n, prepare: 10n },
      { commit: 10n, prepare: 10n },
    ]);
    expect(resumeCalls).toBe(2);
    expect(drops.map(({ attempt, delayMs }) => [attempt, delayMs])).toEqual([
      [1, 2],
      [2, 3],
    ]);
    expect(drops.every(({ error }) => error instanceof UnavailableError)).toBe(true);
  });

  test('without a callback, resumes after the last position it delivered; a server end is a drop', async () => {
    const { client, store, controller } = setup();
    client.onSubscribe = (subscription) => {
      if (client.subscriptions.length === 1) {
        write(subscription, 10n, 20n);
        setTimeout(() => subscription.end(), 5);
      } else {
        write(subscription, 20n, 30n);
      }
    };
    const items = await take(store.subscribeAll({ signal: controller.signal }), 2, controller);
    expect(items).toEqual(['events 10,20', 'events 30']);
    expect(client.subscriptions[1]?.fromPosition).toEqual({ commit: 20n, prepare: 20n });
  });

  test('a failing callback counts as one more drop', async () => {
    const { client, store, controller, drops } = setup();
    client.onSubscribe = (subscription) => {
      if (client.subscriptions.length === 1) subscription.destroy(new UnavailableError());
      else write(subscription, 5n);
    };
    let calls = 0;
    const iterable = store.subscribeAll({
      signal: controller.signal,
      resumeFrom: async () => {
        calls += 1;
        if (calls === 1) throw new Error('postgres unavailable');
        return undefined;
      },
    });
    expect(await take(iterable, 1, controller)).toEqual(['events 5']);
    expect(drops.map((d) => d.attempt)).toEqual([1, 2]);
  });

  test('does not retry errors a retry cannot cure', async () => {
    const { client, store, controller, drops } = setup();
    client.onSubscribe = (subscription) => subscription.destroy(new AccessDeniedError());
    const consume = async () => {
      for await (const _ of store.subscribeAll({ signal: controller.signal }));
    };
    await expect(consume()).rejects.toBeInstanceOf(AccessDeniedError);
    expect(drops).toEqual([]);
  });

  test('ends when the signal aborts and unsubscribes', async () => {
    const { client, store, controller } = setup();
    const iterator = store.subscribeAll({ signal: controller.signal })[Symbol.asyncIterator]();
    const next = iterator.next();
    setTimeout(() => controller.abort(), 5);
    expect(await next).toEqual({ done: true, value: undefined });
    expect(client.subscriptions[0]?.unsubscribed).toBe(true);
  });

  test('close() ends a live subscription without an error', async () => {
    const { client, store, controller } = setup();
    client.onSubscribe = (subscription) => write(subscription, 1n);
    const consuming = (async () => {
      const seen: Summary[] = [];
      for await (const item of store.subscribeAll({ signal: controller.signal }))
        seen.push(summarize(item));
      return seen;
    })();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await store.close();
    expect(await consuming).toEqual(['events 1']);
    expect(client.disposed).toBe(true);
  });

  test('pauses the client while too many events wait and resumes once they are taken', async () => {
    const { client, store, controller } = setup();
    let subscription: StubSubscription | undefined;
    client.onSubscribe = (created) => {
      subscription = created;
      write(created, ...Array.from({ length: 30 }, (_, i) => BigInt(i + 1)));
    };
    const iterator = store
      .subscribeAll({ signal: controller.signal, batchSizeMax: 2 })
      [Symbol.asyncIterator]();
    await iterator.next();
    expect(subscription?.isPaused()).toBe(true);
    const delivered: number[] = [1, 2];
    while (delivered.length < 30) {
      const result = await iterator.next();
      const value = result.done ? undefined : result.value;
      if (value?.kind === 'events')
        delivered.push(...value.events.map((e) => Number(BigInt((e.position ?? '').slice(0, 20)))));
    }
    expect(delivered).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(subscription?.isPaused()).toBe(false);
    controller.abort();
    await iterator.return?.();
  });
});

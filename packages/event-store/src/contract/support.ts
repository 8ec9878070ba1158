import { randomUUID } from 'node:crypto';
import type {
  EventStore,
  GlobalPosition,
  NewEvent,
  ReadAllResult,
  RecordedEvent,
  SubscriptionItem,
} from '../port.ts';

/** A stream name no other test uses: `<category>-<uuid>`. */
export function uniqueStream(category = 'test'): string {
  return `${category}-${randomUUID()}`;
}

/** `count` events with fresh ids; amounts as strings, as the ledger writes them. */
export function makeEvents(count: number, type = 'TestEvent', data: object = {}): NewEvent[] {
  return Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    type,
    data: { index, amount: `${index}.50`, ...data },
    metadata: { commandId: randomUUID(), actor: 'system:contract-test' },
  }));
}

/** Every event of a stream, forwards. */
export async function readWholeStream(store: EventStore, stream: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const event of store.readStream(stream)) events.push(event);
  return events;
}

/**
 * Pages readAll from `after` until `done` says the collected events suffice or `timeoutMs` passes.
 * Visibility is cluster-wide in Postgres: another test's open transaction may delay it.
 */
export async function readAllUntil(
  store: EventStore,
  options: {
    after: GlobalPosition | undefined;
    done: (events: RecordedEvent[]) => boolean;
    filter?: { eventTypePrefixes?: string[]; streamPrefixes?: string[] };
    maxCount?: number;
    timeoutMs?: number;
  },
): Promise<RecordedEvent[]> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  const events: RecordedEvent[] = [];
  let after = options.after;
  for (;;) {
    const page: ReadAllResult = await store.readAll({
      after,
      maxCount: options.maxCount ?? 100,
      filter: options.filter,
    });
    events.push(...page.events);
    after = page.lastSeen ?? after;
    if (options.done(events)) return events;
    if (page.events.length === 0 && page.lastSeen === undefined) {
      if (Date.now() > deadline) return events;
      await sleep(10);
    }
  }
}

/** Consumes a subscription until `done` returns true (then aborts it) or the timeout passes. */
export async function collectSubscription(
  items: AsyncIterable<SubscriptionItem>,
  controller: AbortController,
  done: (events: RecordedEvent[], items: SubscriptionItem[]) => boolean,
  timeoutMs = 20_000,
): Promise<{ events: RecordedEvent[]; items: SubscriptionItem[]; timedOut: boolean }> {
  const events: RecordedEvent[] = [];
  const seen: SubscriptionItem[] = [];
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    if (done(events, seen)) controller.abort();
    for await (const item of items) {
      seen.push(item);
      if (item.kind === 'events') events.push(...item.events);
      if (done(events, seen)) controller.abort();
    }
  } finally {
    clearTimeout(timer);
  }
  return { events, items: seen, timedOut };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** mulberry32: a small seeded PRNG, so a failing random test can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Positions must strictly increase as plain strings. */
export function isStrictlyIncreasing(events: readonly RecordedEvent[]): boolean {
  return events.every((event, index) => {
    const previous = events[index - 1]?.position;
    return previous === undefined || (event.position as string) > previous;
  });
}

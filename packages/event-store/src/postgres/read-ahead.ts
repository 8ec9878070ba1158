import type { EventFilter, GlobalPosition } from '../port.ts';
import type { FetchedPage, GlobalPage } from './reads.ts';

export type PageReader = (
  after: GlobalPosition | undefined,
  maxCount: number,
  filter: EventFilter | undefined,
) => Promise<GlobalPage>;

export type PageFetcher = (
  after: GlobalPosition | undefined,
  maxCount: number,
  filter: EventFilter | undefined,
) => Promise<FetchedPage>;

/** Sequential readers served at once without evicting each other's next page. */
const maxPrefetched = 8;

/**
 * Sequential readers (catch-up, projectors) ask for the page after the one they just got. When a
 * full page arrives, the next one is requested before this one is decoded, so Postgres computes
 * page n+1 while Node parses page n and the caller handles it: one page ahead, never more. A
 * request with the same arguments takes the page fetched ahead when that page stopped short of
 * the head (a full page, or a filtered window examined whole): in the gap-free order such a page
 * is the same whatever the snapshot. A page fetched ahead that reached the visibility horizon
 * (`exhausted`) is an older view of the head: events committed since, perhaps before this request
 * was made, are missing from it, so it is read again. Serving it broke read-after-write: a reader
 * that knows a position is committed (the reconciliation's replay advancing to a projection's
 * checkpoint) got an empty page and stopped short of it (read-after-append.int.test.ts).
 */
export function withReadAhead(fetch: PageFetcher): PageReader {
  const prefetched = new Map<string, Promise<FetchedPage>>();

  function start(after: GlobalPosition, maxCount: number, filter: EventFilter | undefined): void {
    const page = fetch(after, maxCount, filter);
    // An unused or failed prefetch must not surface as an unhandled rejection.
    page.catch(() => {});
    prefetched.set(keyOf(after, maxCount, filter), page);
    if (prefetched.size > maxPrefetched)
      prefetched.delete(prefetched.keys().next().value as string);
  }

  return async (after, maxCount, filter) => {
    const key = keyOf(after, maxCount, filter);
    const ready = prefetched.get(key);
    prefetched.delete(key);
    let page = await (ready ?? fetch(after, maxCount, filter)).catch((error: unknown) => {
      if (ready === undefined) throw error;
      return fetch(after, maxCount, filter);
    });
    if (ready !== undefined && page.exhausted) page = await fetch(after, maxCount, filter);
    if (!page.exhausted && page.lastSeen !== undefined) {
      start(page.lastSeen, maxCount, filter);
      // Let the request go out (the pool hands over a connection on a later tick) before the
      // decoding below holds the thread.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { events: page.decode(), lastSeen: page.lastSeen, exhausted: page.exhausted };
  };
}

function keyOf(
  after: GlobalPosition | undefined,
  maxCount: number,
  filter: EventFilter | undefined,
) {
  const types = filter?.eventTypePrefixes ?? [];
  const streams = filter?.streamPrefixes ?? [];
  return JSON.stringify([after ?? null, maxCount, types, streams]);
}

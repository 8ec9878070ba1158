import type { EventFilter, GlobalPosition } from '../port.ts';
import type { GlobalPage } from './reads.ts';

export type PageReader = (
  after: GlobalPosition | undefined,
  maxCount: number,
  filter: EventFilter | undefined,
) => Promise<GlobalPage>;

/** Sequential readers served at once without evicting each other's next page. */
const maxPrefetched = 8;

/**
 * Sequential readers (catch-up, projectors) ask for the page after the one they just got. When a
 * page is full, the next one is requested at once, so Postgres computes it while the caller
 * handles this one; a request with the same arguments takes it. A prefetched page is an older
 * snapshot's view of the same gap-free order, so it is still a correct (if shorter) answer.
 */
export function withReadAhead(read: PageReader): PageReader {
  const prefetched = new Map<string, Promise<GlobalPage>>();

  function start(after: GlobalPosition, maxCount: number, filter: EventFilter | undefined): void {
    const page = read(after, maxCount, filter);
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
    const page = await (ready ?? read(after, maxCount, filter)).catch((error: unknown) => {
      if (ready === undefined) throw error;
      return read(after, maxCount, filter);
    });
    if (!page.exhausted && page.lastSeen !== undefined) start(page.lastSeen, maxCount, filter);
    return page;
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

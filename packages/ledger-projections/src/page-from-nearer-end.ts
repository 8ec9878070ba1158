/**
 * How to read one page of a list whose total is known, from whichever end is nearer: a page past
 * the middle is the page at `total − offset − take` in the opposite order, turned around after
 * reading (the list's order must be total, so both ends agree on every row's place). Undefined when
 * the page is past the end. Pure: the account list and the account-transfer list both use it.
 */
export type PageRead = {
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** The rows come back in the opposite order: reverse them. */
  isReversed: boolean;
};

export function pageFromNearerEnd(
  total: number,
  window: { limit: number; offset: number; order: 'asc' | 'desc' },
): PageRead | undefined {
  const take = Math.min(window.limit, total - window.offset);
  if (take <= 0) return undefined;
  const fromEnd = total - window.offset - take;
  if (fromEnd < window.offset) {
    const order = window.order === 'asc' ? 'desc' : 'asc';
    return { order, limit: take, offset: fromEnd, isReversed: true };
  }
  return { order: window.order, limit: take, offset: window.offset, isReversed: false };
}

// Proves a deep page's plan: it starts at the nearest bookmark on the page's side of its first row
// (or at the log's end when there is none), skips fewer rows than the bookmark interval, and takes
// what is left of the range; checked against the page counted out by hand for every offset.
import { describe, expect, test } from 'vitest';
import { planDeepPage } from './balance-log-queries.ts';

/** The ordinals of a page, counted out one by one over the range lo + 1 … hi. */
function counted(order: 'asc' | 'desc', offset: number, limit: number, lo: number, hi: number) {
  const ordinals = Array.from({ length: Math.max(hi - lo, 0) }, (_, index) => lo + 1 + index);
  if (order === 'desc') ordinals.reverse();
  return ordinals.slice(offset, offset + limit);
}

/** The ordinals the plan reads: from its start, skip, then take, in the page's direction. */
function planned(
  order: 'asc' | 'desc',
  plan: ReturnType<typeof planDeepPage>,
  newest: number,
): number[] {
  const start = plan.bookmark ?? (order === 'desc' ? newest : 1);
  const step = order === 'desc' ? -1 : 1;
  return Array.from({ length: plan.take }, (_, index) => start + step * (plan.skip + index));
}

describe('planDeepPage', () => {
  test('reads the rows an offset would, skipping fewer than a bookmark interval', () => {
    const every = 8;
    const newest = 61;
    for (const [lo, hi] of [
      [0, 61],
      [5, 61],
      [0, 40],
      [9, 33],
      [16, 16],
    ] as const) {
      for (const order of ['asc', 'desc'] as const) {
        for (let offset = 0; offset <= hi - lo + 2; offset += 1) {
          for (const limit of [1, 3, 8, 20]) {
            const plan = planDeepPage({ order, offset, limit, lo, hi, newest, every });
            const where = { lo, hi, order, offset, limit };
            expect({ where, rows: planned(order, plan, newest) }).toEqual({
              where,
              rows: counted(order, offset, limit, lo, hi),
            });
            expect(plan.skip).toBeLessThan(every);
            expect(plan.skip).toBeGreaterThanOrEqual(0);
            if (plan.bookmark !== undefined) {
              expect(plan.bookmark % every).toBe(0);
              expect(plan.bookmark).toBeGreaterThanOrEqual(every);
              expect(plan.bookmark).toBeLessThanOrEqual(newest);
            }
          }
        }
      }
    }
  });

  test('a page past the end takes nothing', () => {
    expect(
      planDeepPage({ order: 'desc', offset: 70, limit: 20, lo: 0, hi: 61, newest: 61, every: 8 }),
    ).toMatchObject({ take: 0 });
  });
});

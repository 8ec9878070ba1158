// Proves the page plan from the nearer end: for every total, offset and limit, reading the planned
// slice of the list in the planned order (and turning it around when reversed) gives exactly the
// page read from the front, and a page past the end reads nothing.
import { expect, test } from 'vitest';
import { pageFromNearerEnd } from './page-from-nearer-end.ts';

test('every planned page equals the page read from the front', () => {
  let planned = 0;
  for (let total = 0; total <= 23; total += 1) {
    const ascending = Array.from({ length: total }, (_, index) => index);
    for (const order of ['asc', 'desc'] as const) {
      const list = order === 'asc' ? ascending : [...ascending].reverse();
      const opposite = [...list].reverse();
      for (let offset = 0; offset <= total + 2; offset += 1) {
        for (const limit of [1, 5, 20]) {
          const plan = pageFromNearerEnd(total, { limit, offset, order });
          const expected = list.slice(offset, offset + limit);
          if (plan === undefined) {
            expect(expected).toEqual([]);
            continue;
          }
          const source = plan.order === order ? list : opposite;
          const rows = source.slice(plan.offset, plan.offset + plan.limit);
          if (plan.isReversed) rows.reverse();
          expect({ total, order, offset, limit, rows }).toEqual({
            total,
            order,
            offset,
            limit,
            rows: expected,
          });
          // Never more than half the list is skipped.
          expect(plan.offset).toBeLessThanOrEqual(Math.ceil(total / 2));
          planned += 1;
        }
      }
    }
  }
  expect(planned).toBeGreaterThan(1000);
});

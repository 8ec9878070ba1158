// Proves that the expiry index returns exactly the open holds whose expiresAt has passed, earliest first, keeps them until they resolve, and drops resolved ones.
import { describe, expect, test } from 'vitest';
import { HoldExpiryIndex } from './hold-expiry-index.ts';
import { seededRandom } from './testing/writer-fixtures.ts';

describe('the hold expiry index', () => {
  test('due holds, earliest first, at most countMax', () => {
    const index = new HoldExpiryIndex();
    const random = seededRandom(1);
    const expiries = Array.from({ length: 200 }, (_, n) => ({
      holdId: `h${n}`,
      expiresAt: new Date(Date.UTC(2025, 0, 1) + Math.floor(random() * 1e6)).toISOString(),
    }));
    for (const { holdId, expiresAt } of expiries) index.add(holdId, expiresAt);
    const now = new Date(Date.UTC(2025, 0, 1) + 500_000).toISOString();
    const expected = expiries
      .filter((entry) => entry.expiresAt <= now)
      .sort((a, b) => (a.expiresAt < b.expiresAt ? -1 : 1))
      .map((entry) => entry.holdId);
    expect(index.due(now, 1_000, () => true)).toEqual(expected);
    expect(index.due(now, 3, () => true)).toEqual(expected.slice(0, 3));
    expect(index.size).toBe(200);
  });

  test('resolved holds are dropped when met', () => {
    const index = new HoldExpiryIndex();
    index.add('open', '2025-01-01T00:00:00.000Z');
    index.add('resolved', '2025-01-01T00:00:00.000Z');
    expect(index.due('2025-01-02T00:00:00.000Z', 10, (holdId) => holdId === 'open')).toEqual([
      'open',
    ]);
    expect(index.size).toBe(1);
  });
});

// Proves the idle-poll grid: a wait never ends before the poll interval asked for, and waits asked
// at different moments end on the same grid line, so idle runners of a process poll together.
import { expect, test } from 'vitest';
import { onGrid } from './projection-runner.ts';

test('a wait lasts at least what was asked and ends on a multiple of the grid', () => {
  for (const ms of [1, 5, 7, 40, 1_000]) {
    const now = performance.now();
    const wait = onGrid(ms, 5);
    expect(wait).toBeGreaterThanOrEqual(ms);
    expect(wait).toBeLessThan(ms + 6);
    // Whole milliseconds (timers have no finer grain), ending within 1 ms of a grid line.
    expect(Number.isInteger(wait)).toBe(true);
    const end = now + wait;
    expect(Math.min(end % 5, 5 - (end % 5))).toBeLessThan(1.01);
  }
});

test('waits asked at different moments for the same grid cell end on the same line', async () => {
  const first = performance.now() + onGrid(1_000, 1_000);
  await new Promise((resolve) => setTimeout(resolve, 3));
  // Asked later, for a moment just before the first one's end: the same line.
  const now = performance.now();
  const second = now + onGrid(Math.max(1, first - now - 2), 1_000);
  expect(Math.round(first / 1_000)).toBe(Math.round(second / 1_000));
});

test('no grid leaves the wait as asked', () => {
  expect(onGrid(30, 0)).toBe(30);
});

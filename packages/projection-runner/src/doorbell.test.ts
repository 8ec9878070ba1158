// Proves the runner's doorbell: a hint that arrives while the runner is busy is kept for its next
// wait, any number of hints meanwhile wake it once, and a wait without hints ends on its timeout.
import { expect, test } from 'vitest';
import { createDoorbell, manualWakeUps } from './wake-ups.ts';

const never = new AbortController().signal;

test('a hint given while the runner was busy ends its next wait at once, however many came', async () => {
  const hints = manualWakeUps();
  const bell = createDoorbell(hints);
  hints.notify();
  hints.notify();
  hints.notify();
  const started = performance.now();
  expect(await bell.wait(10_000, never)).toBe('rung');
  expect(performance.now() - started).toBeLessThan(1_000);
  // The three hints counted as one: the next wait needs a new hint.
  expect(await bell.wait(20, never)).toBe('timeout');
  bell.dispose();
});

test('a hint during the wait ends it; abort ends it; after dispose hints are not heard', async () => {
  const hints = manualWakeUps();
  const bell = createDoorbell(hints);
  const waiting = bell.wait(10_000, never);
  hints.notify();
  expect(await waiting).toBe('rung');
  const stop = new AbortController();
  const aborted = bell.wait(10_000, stop.signal);
  stop.abort();
  expect(await aborted).toBe('aborted');
  bell.dispose();
  hints.notify();
  expect(await bell.wait(20, never)).toBe('timeout');
});

test('without wake-ups the doorbell is a plain poll timer', async () => {
  const bell = createDoorbell(undefined);
  expect(await bell.wait(10, never)).toBe('timeout');
  bell.dispose();
});

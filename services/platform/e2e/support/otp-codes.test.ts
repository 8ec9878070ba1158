// Proves that the e2e OTP helper hands out codes the server accepts in turn (one step of past
// tolerance, each step once), waiting for the next step only when no unused step is left.
import { matchOtpCode, newOtpSeed } from '@ledger/auth';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { otpCodes } from './otp-codes.ts';

const stepMs = 30_000;

/** Takes codes one after another as the e2e steps do, each checked by the server `usedAfterMs` later. */
async function takeCodes(startMs: number, count: number, usedAfterMs: number) {
  vi.useFakeTimers({ now: startMs, toFake: ['Date', 'setTimeout'] });
  const seed = newOtpSeed();
  const codes = await otpCodes(seed);
  let lastStep: number | null = null;
  const taken: { step: number; waitedMs: number }[] = [];
  for (let index = 0; index < count; index += 1) {
    const before = Date.now();
    const pending = codes.next();
    await vi.runAllTimersAsync();
    const code = await pending;
    const waitedMs = Date.now() - before;
    vi.setSystemTime(Date.now() + usedAfterMs);
    const step = await matchOtpCode(seed, code, Date.now(), lastStep);
    expect(step, `code ${index + 1}`).toBeDefined();
    lastStep = step ?? null;
    taken.push({ step: step ?? -1, waitedMs });
  }
  return taken;
}

describe('otpCodes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('early in a step: two codes at once (previous and current step), the third waits', async () => {
    const start = 1_000 * stepMs + 2_000;
    const taken = await takeCodes(start, 3, 1_000);
    expect(taken.map(({ step }) => step)).toEqual([999, 1_000, 1_001]);
    expect(taken[0]?.waitedMs).toBe(0);
    expect(taken[1]?.waitedMs).toBe(0);
    expect(taken[2]?.waitedMs).toBeGreaterThan(0);
    expect(taken[2]?.waitedMs).toBeLessThan(stepMs);
  });

  test('late in a step: no code that would expire before the server sees it', async () => {
    const start = 1_000 * stepMs + 25_000;
    const taken = await takeCodes(start, 3, 9_000);
    expect(taken.map(({ step }) => step)).toEqual([1_000, 1_001, 1_002]);
  });
});

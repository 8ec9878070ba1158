import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Fresh TOTP codes for e2e steps, as few waits as the server's rules allow. The server (30 s
 * steps, @ledger/auth matchOtpCode) accepts the current step and one step in the past, and each
 * accepted step must be later than the last one (replay protection). So the first code is the
 * previous step's, the next the current step's, and only a third code within one step waits for
 * the next step; a code is never used when it would fall out of the window before the server
 * sees it.
 */

const periodSeconds = 30;
/** A code must stay acceptable this long after it is made (typing it, the request, a slow box). */
const marginMs = 10_000;

type Otplib = {
  generate: (options: { secret: string; epoch?: number }) => Promise<string>;
};

/** otplib as @ledger/auth resolves it (the copy the server verifies codes with). */
export async function loadOtplib(): Promise<Otplib> {
  const fromAuth = createRequire(import.meta.resolve('@ledger/auth'));
  const module = (await import(pathToFileURL(fromAuth.resolve('otplib')).href)) as Otplib & {
    default?: Otplib;
  };
  return typeof module.generate === 'function' ? module : (module.default as Otplib);
}

const stepAt = (ms: number) => Math.floor(ms / 1_000 / periodSeconds);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The codes of one registered secret, each for a later time step than the one before. */
export type OtpCodes = { next(): Promise<string> };

export async function otpCodes(secret: string): Promise<OtpCodes> {
  const { generate } = await loadOtplib();
  let lastStep: number | undefined;
  return {
    async next() {
      for (;;) {
        const now = Date.now();
        const current = stepAt(now);
        // Accepted until the end of step `s + 1`; the earliest step the server still accepts
        // (with the margin) and later than the last code.
        const earliest = stepAt(now + marginMs) - 1;
        const step = Math.max(earliest, (lastStep ?? -Infinity) + 1);
        if (step <= current) {
          lastStep = step;
          return generate({ secret, epoch: step * periodSeconds });
        }
        // The step has not begun: wait for it (a little past, for clock granularity).
        await sleep(step * periodSeconds * 1_000 - now + 250);
      }
    },
  };
}

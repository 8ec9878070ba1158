import type { LedgerSubmission, SubmitResult } from '@ledger/ledger-client';
import type { Logger } from '@ledger/runtime';
import { expiryCommandsPerTickMax, expiryIntervalMs } from './limits.ts';

/** The actor every ExpireHold is issued as. */
export const expiryActor = 'system:hold-expiry';

export type ExpiryWorker = {
  /** One pass: submits ExpireHold for every due hold not already being expired. */
  tick(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Expires holds past their expiresAt (DESIGN.md §3, Expiry) by issuing ExpireHold through the
 * writer like any other command. The command id is derived from the hold (`expire-hold:<id>`), so
 * a repeated or concurrent expiry is one command; a race with a capture or release resolves once
 * in the writer (the loser is told HoldAlreadyResolved).
 */
export function createExpiryWorker(options: {
  writer: {
    submit(submission: LedgerSubmission): Promise<SubmitResult>;
    holdsDue(countMax: number): string[];
  };
  logger: Logger;
  intervalMs?: number;
  /** Start ticking on a timer (default true); tests call tick() themselves. */
  autoStart?: boolean;
}): ExpiryWorker {
  const { writer, logger } = options;
  const expiring = new Set<string>();
  const givenUp = new Set<string>();
  let running: Promise<void> = Promise.resolve();

  async function expire(holdId: string): Promise<void> {
    expiring.add(holdId);
    try {
      const result = await writer.submit({
        commandId: `expire-hold:${holdId}`,
        actor: expiryActor,
        command: { type: 'ExpireHold', data: { holdId } },
      });
      if (result.kind === 'answered' && result.answer.kind === 'rejected') {
        const { type } = result.answer.rejection;
        // Resolved meanwhile: the expected loser of a race. Anything else is stuck: say so once.
        if (type !== 'HoldAlreadyResolved' && type !== 'HoldNotFound') {
          givenUp.add(holdId);
          logger.error('hold cannot be expired', { holdId, rejection: type });
        }
      }
    } finally {
      expiring.delete(holdId);
    }
  }

  async function tick(): Promise<void> {
    const due = writer.holdsDue(expiryCommandsPerTickMax);
    const work = due.filter((holdId) => !expiring.has(holdId) && !givenUp.has(holdId));
    await Promise.all(work.map((holdId) => expire(holdId)));
  }

  let busy = false;
  const onTimer = () => {
    // A slow tick is not stacked on: the next timer after it ends takes what is due then.
    if (busy) return;
    busy = true;
    running = tick()
      .catch((error: unknown) => logger.warn('expiry tick failed', { error: String(error) }))
      .finally(() => {
        busy = false;
      });
  };
  const timer =
    options.autoStart === false
      ? undefined
      : setInterval(onTimer, options.intervalMs ?? expiryIntervalMs);
  timer?.unref();

  return {
    tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

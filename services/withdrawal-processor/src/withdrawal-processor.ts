import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '@ledger/runtime';
import type { WithdrawalRunner } from './withdrawal-runner.ts';

/**
 * The withdrawal worker: every `intervalMs` it takes the next steps of unfinished withdrawals (a
 * crash between two steps, a ledger outage) and reconciles sent withdrawals against the chain's
 * outputs. Each step is idempotent, so two workers (or a worker and a request) racing do no harm:
 * the stream's expected revision serialises the records, the ledger's command ids the money.
 * Returns a function that stops it.
 */
export function startWithdrawalProcessor(
  runner: WithdrawalRunner,
  logger: Logger,
  options: { intervalMs?: number } = {},
): () => Promise<void> {
  const stopping = new AbortController();
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      await delay(options.intervalMs ?? 5_000, undefined, { signal: stopping.signal }).catch(
        () => undefined,
      );
      if (stopping.signal.aborted) return;
      try {
        const { resumed } = await runner.resume();
        const { confirmed } = await runner.reconcile();
        if (resumed + confirmed > 0) logger.info('withdrawals advanced', { resumed, confirmed });
      } catch (error) {
        logger.warn('withdrawal processor failed; retrying later', { error: String(error) });
      }
    }
  })();
  return async () => {
    stopping.abort();
    await loop;
  };
}

import { setTimeout as delay } from 'node:timers/promises';
import { resumeApprovedAdjustments } from './ledger-adjustment-routes.ts';
import { createLedgerWriteContext } from './ledger-write-context.ts';

/**
 * The worker that finishes forced adjustments left approved without an outcome (the process
 * died between approval and the money step, or the writer was unavailable): every `intervalMs`
 * it re-runs their one idempotent ledger command. Returns a function that stops it.
 */
export function startAdjustmentResumer(
  dependencies: Parameters<typeof createLedgerWriteContext>[0],
  options: { intervalMs?: number } = {},
): () => Promise<void> {
  const context = createLedgerWriteContext(dependencies);
  const stopping = new AbortController();
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      await delay(options.intervalMs ?? 10_000, undefined, { signal: stopping.signal }).catch(
        () => undefined,
      );
      if (stopping.signal.aborted) return;
      try {
        const resumed = await resumeApprovedAdjustments(context);
        if (resumed > 0) context.logger.info('forced adjustments resumed', { resumed });
      } catch (error) {
        context.logger.warn('adjustment resumer failed; retrying later', { error: String(error) });
      }
    }
  })();
  return async () => {
    stopping.abort();
    await loop;
  };
}

import { type ResumableProcess, startProcessResumer } from '@ledger/process-kit';
import { adjustmentResumable } from './ledger-adjustment-process.ts';
import { createLedgerWriteContext } from './ledger-write-context.ts';

/** The forced-adjustment process type for a resumer, over the write API's dependencies. */
export function adjustmentResumableOf(
  dependencies: Parameters<typeof createLedgerWriteContext>[0],
): ResumableProcess {
  return adjustmentResumable(createLedgerWriteContext(dependencies));
}

/**
 * The resumer worker running forced adjustments only (the write API deployed on its own): every
 * `intervalMs` it takes the money step of adjustments left approved without an outcome (the
 * process died between approval and the money step, or the writer was unavailable). Returns a
 * function that stops it.
 */
export function startAdjustmentResumer(
  dependencies: Parameters<typeof createLedgerWriteContext>[0],
  options: { intervalMs?: number } = {},
): () => Promise<void> {
  const resumer = startProcessResumer({
    eventStore: dependencies.identity.eventStore,
    processes: [adjustmentResumableOf(dependencies)],
    logger: dependencies.logger,
    intervalMs: options.intervalMs ?? 10_000,
  });
  return () => resumer.stop();
}

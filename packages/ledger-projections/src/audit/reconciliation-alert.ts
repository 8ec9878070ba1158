import type { ReconciliationRun } from './run-reconciliation.ts';

/** The stable code of the alert line: an operator's log query or alert rule keys on it. */
export const reconciliationAlertCode = 'ledger_reconciliation_discrepancy';

/** The part of a logger the alert needs (any `@ledger/runtime` Logger). */
export type AlertLogger = { error(message: string, fields?: Record<string, unknown>): void };

/**
 * The alert of a run that found a discrepancy (T25): one error line with the stable code, the
 * counts and the first findings, so the line alone tells an operator where to look. Nothing for
 * an ok run.
 */
export function alertOnDiscrepancy(
  logger: AlertLogger,
  run: ReconciliationRun,
  trigger: 'scheduled' | 'on_demand',
): void {
  if (run.status !== 'discrepancy') return;
  logger.error('ledger reconciliation found a discrepancy', {
    code: reconciliationAlertCode,
    trigger,
    runId: run.runId,
    checkedPosition: run.checkedPosition,
    findingsTotal: run.findingsTotal,
    counts: run.counts,
    findings: run.findings.slice(0, 5),
  });
}

import { type Kysely, sql } from 'kysely';
import type { FindingKind, ReconciliationFinding } from './reconciliation-check.ts';
import type { ReconciliationRun } from './run-reconciliation.ts';

/**
 * Reads of the stored reconciliation runs (migration 0028) for the query API: the newest run, or
 * the newest run with a given status (an auditor asks "when was the last discrepancy?").
 */

// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
type AnyDb = Kysely<any>;

export type ReconciliationRunView = {
  run_id: string;
  status: 'ok' | 'discrepancy';
  started_at: string;
  finished_at: string;
  checked_position: string | null;
  checked_revision: string;
  accounts_checked: number;
  assets_checked: number;
  findings_total: number;
  counts: Record<FindingKind, number>;
  findings: ReconciliationFinding[];
};

export async function latestReconciliationRun(
  db: AnyDb,
  filter: { status?: 'ok' | 'discrepancy' | undefined } = {},
): Promise<ReconciliationRunView | undefined> {
  const where = filter.status === undefined ? sql`TRUE` : sql`status = ${filter.status}`;
  const { rows } = await sql<
    Omit<ReconciliationRunView, 'started_at' | 'finished_at'> & {
      started_at: Date;
      finished_at: Date;
    }
  >`SELECT run_id::text AS run_id, status, started_at, finished_at, checked_position,
      checked_revision::text AS checked_revision, accounts_checked, assets_checked,
      findings_total, counts, findings
     FROM ledger_reconciliation_runs r WHERE ${where}
    ORDER BY r.run_id DESC LIMIT 1`.execute(db);
  const row = rows[0];
  if (row === undefined) return undefined;
  return {
    ...row,
    started_at: row.started_at.toISOString(),
    finished_at: row.finished_at.toISOString(),
  };
}

/** A run as the endpoints answer it (the stored row's shape). */
export function reconciliationRunView(run: ReconciliationRun): ReconciliationRunView {
  return {
    run_id: run.runId,
    status: run.status,
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt.toISOString(),
    checked_position: run.checkedPosition ?? null,
    checked_revision: run.checkedRevision,
    accounts_checked: run.accountsChecked,
    assets_checked: run.assetsChecked,
    findings_total: run.findingsTotal,
    counts: run.counts,
    findings: run.findings,
  };
}

import type pg from 'pg';
import { LogicalRestoreDetectedError } from '../errors.ts';

// pg_snapshot_xmax is the next transaction id to be assigned: `newest >= xmax` is the guide's
// `newest >= pg_current_xact_id()` (§4.4) without spending a transaction id on the check.
const guardStatement = `
  SELECT (SELECT transaction_id FROM es_events ORDER BY transaction_id DESC LIMIT 1)::text AS newest,
         pg_snapshot_xmax(pg_current_snapshot())::text AS next`;

/** Throws LogicalRestoreDetectedError when stored transaction ids are ahead of the database's. */
export async function checkTransactionIdHorizon(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ newest: string | null; next: string }>(guardStatement);
  const row = rows[0];
  if (!row || row.newest === null) return;
  const newest = BigInt(row.newest);
  const next = BigInt(row.next);
  if (newest >= next) throw new LogicalRestoreDetectedError(newest, next);
}

/**
 * The check runs before the first append of a store instance; once it passed, it is not repeated
 * (the counter only moves forward). A failed or refused check is retried by the next append.
 */
export function createStartupGuard(pool: pg.Pool): () => Promise<void> {
  let passed: Promise<void> | undefined;
  return () => {
    passed ??= checkTransactionIdHorizon(pool).catch((error: unknown) => {
      passed = undefined;
      throw error;
    });
    return passed;
  };
}

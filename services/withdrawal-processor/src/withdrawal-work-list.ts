import type { Db } from '@ledger/db';
import { sql } from 'kysely';

/**
 * The withdrawals with a step left that no person has to take, from the `withdrawals` read model
 * (the resumer's work list; its nudges cover what the read model has not caught up with yet).
 */
export async function pendingWithdrawals(db: Db, limit: number): Promise<string[]> {
  const { rows } = await sql<{ withdrawal_id: string }>`SELECT withdrawal_id FROM withdrawals
    WHERE hold = 'pending'
       OR (hold = 'placed' AND status IN ('approved', 'cancelled', 'rejected', 'failed'))
       OR (hold = 'placed' AND status = 'sent' AND (confirmed_txid IS NOT NULL OR has_created_transfer))
    ORDER BY updated_at LIMIT ${limit}`.execute(db);
  return rows.map((row) => row.withdrawal_id);
}

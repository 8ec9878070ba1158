import { type Kysely, sql } from 'kysely';
import type { AdjustmentDirection, AdjustmentStatus } from './wallet-account-events.ts';

/** Forced adjustments and the administrators' ledger activity, for the admin screens. */

// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
type AnyDb = Kysely<any>;

export type AdjustmentView = {
  adjustment_id: string;
  account_seq: number;
  member_seq: number;
  asset: string;
  direction: AdjustmentDirection;
  amount: string;
  reason: string;
  status: AdjustmentStatus;
  approval_required: boolean;
  proposed_by: number;
  proposed_at: string;
  decided_by: number | null;
  decided_at: string | null;
  decision_reason: string | null;
  transfer_id: string | null;
  executed_at: string | null;
  failure: Record<string, unknown> | null;
};

type AdjustmentRecord = Omit<
  AdjustmentView,
  'account_seq' | 'member_seq' | 'proposed_by' | 'decided_by' | 'proposed_at' | 'decided_at'
> & {
  account_seq: string;
  member_seq: string;
  proposed_by: string;
  decided_by: string | null;
  proposed_at: Date;
  decided_at: Date | null;
  executed_at: Date | null;
};

const columns = sql`adjustment_id, account_seq::text, member_seq::text, asset, direction,
  amount::text AS amount, reason, status, approval_required, proposed_by::text, proposed_at,
  decided_by::text, decided_at, decision_reason, transfer_id, executed_at, failure`;

function viewOf(row: AdjustmentRecord): AdjustmentView {
  return {
    ...row,
    account_seq: Number(row.account_seq),
    member_seq: Number(row.member_seq),
    proposed_by: Number(row.proposed_by),
    decided_by: row.decided_by === null ? null : Number(row.decided_by),
    proposed_at: row.proposed_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
    executed_at: row.executed_at?.toISOString() ?? null,
  };
}

export async function listAdjustments(
  db: AnyDb,
  filter: { status?: AdjustmentStatus | undefined; accountSeq?: number | undefined },
  window: { limit: number; offset: number; order: 'asc' | 'desc' },
): Promise<{ rows: AdjustmentView[]; total: number }> {
  const conditions = [sql`TRUE`];
  if (filter.status !== undefined) conditions.push(sql`status = ${filter.status}`);
  if (filter.accountSeq !== undefined) conditions.push(sql`account_seq = ${filter.accountSeq}`);
  const where = sql.join(conditions, sql` AND `);
  const direction = sql.raw(window.order === 'asc' ? 'ASC' : 'DESC');
  const { rows } = await sql<AdjustmentRecord>`SELECT ${columns} FROM ledger_adjustments
    WHERE ${where} ORDER BY proposed_at ${direction}, adjustment_id ${direction}
    LIMIT ${window.limit} OFFSET ${window.offset}`.execute(db);
  const { rows: counted } = await sql<{ total: string }>`SELECT count(*)::text AS total
    FROM ledger_adjustments WHERE ${where}`.execute(db);
  return { rows: rows.map(viewOf), total: Number(counted[0]?.total ?? 0) };
}

export async function findAdjustment(
  db: AnyDb,
  adjustmentId: string,
): Promise<AdjustmentView | undefined> {
  const { rows } = await sql<AdjustmentRecord>`SELECT ${columns} FROM ledger_adjustments
    WHERE adjustment_id = ${adjustmentId}`.execute(db);
  return rows[0] === undefined ? undefined : viewOf(rows[0]);
}

/** Approved adjustments whose money step has no outcome yet (a resumer re-runs the step). */
export async function listApprovedUnexecuted(db: AnyDb, limit: number): Promise<string[]> {
  const { rows } = await sql<{ adjustment_id: string }>`SELECT adjustment_id
    FROM ledger_adjustments WHERE status = 'approved' ORDER BY proposed_at LIMIT ${limit}`.execute(
    db,
  );
  return rows.map((row) => row.adjustment_id);
}

export type AdminActivityView = {
  event_id: string;
  occurred_at: string;
  actor: string;
  action: string;
  account_seq: number | null;
  adjustment_id: string | null;
  detail: Record<string, unknown>;
};

/** The administrators' ledger actions, newest first, optionally for one account. */
export async function listAdminActivity(
  db: AnyDb,
  filter: { accountSeq?: number | undefined },
  window: { limit: number; offset: number },
): Promise<{ rows: AdminActivityView[]; total: number }> {
  const where =
    filter.accountSeq === undefined ? sql`TRUE` : sql`account_seq = ${filter.accountSeq}`;
  const { rows } = await sql<{
    event_id: string;
    occurred_at: Date;
    actor: string;
    action: string;
    account_seq: string | null;
    adjustment_id: string | null;
    detail: Record<string, unknown>;
  }>`SELECT event_id::text, occurred_at, actor, action, account_seq::text, adjustment_id, detail
      FROM ledger_admin_activity WHERE ${where} ORDER BY position DESC
      LIMIT ${window.limit} OFFSET ${window.offset}`.execute(db);
  const { rows: counted } = await sql<{ total: string }>`SELECT count(*)::text AS total
    FROM ledger_admin_activity WHERE ${where}`.execute(db);
  return {
    rows: rows.map((row) => ({
      ...row,
      occurred_at: row.occurred_at.toISOString(),
      account_seq: row.account_seq === null ? null : Number(row.account_seq),
    })),
    total: Number(counted[0]?.total ?? 0),
  };
}

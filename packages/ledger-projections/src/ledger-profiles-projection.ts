import type { RecordedEvent } from '@ledger/event-store';
import type { Projection, ProjectionContext } from '@ledger/projection-runner';
import { sql, type Transaction } from 'kysely';
import { adjustmentStreamPrefix, walletAccountStreamPrefix } from './account-identity.ts';
import { ProjectionInvariantError } from './projection-invariant-error.ts';
import { createProfileTables, profileTables, type TableOf, tableOf } from './read-model-tables.ts';
import type {
  AdjustmentEvent,
  AdjustmentProposed,
  WalletAccountEvent,
} from './wallet-account-events.ts';

export const ledgerProfilesProjectionName = 'ledger-profiles';

// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
type Trx = Transaction<any>;
type Applier = (trx: Trx, table: TableOf, event: RecordedEvent) => Promise<void>;

/**
 * What surrounds the money: wallet account profiles (titles; the reason given for the last
 * status change), forced adjustments (proposal, decision, execution) and the administrators'
 * ledger activity (who did what to which account, with the reason). Low volume: one statement
 * per event. An event it does not know, or one about an adjustment it never saw, stops it.
 */
// biome-ignore lint/suspicious/noExplicitAny: raw SQL on its own tables; runs on any projector's db.
export const ledgerProfilesProjection: Projection<any> = {
  name: ledgerProfilesProjectionName,
  version: 1,
  filter: { streamPrefixes: [walletAccountStreamPrefix, adjustmentStreamPrefix] },
  tables: Object.values(profileTables),
  setup: (trx, context) => createProfileTables(trx, context),
  apply: (trx, events, context) => applyProfileEvents(trx, events, context),
};

export async function applyProfileEvents(
  trx: Trx,
  events: readonly RecordedEvent[],
  context: Pick<ProjectionContext, 'table'>,
): Promise<void> {
  const table = tableOf(context);
  for (const event of events) {
    const apply = appliers[event.type as (WalletAccountEvent | AdjustmentEvent)['type']];
    if (apply === undefined) {
      throw new ProjectionInvariantError(
        event,
        'an event type the profiles projection does not know',
      );
    }
    await apply(trx, table, event);
  }
}

async function logActivity(
  trx: Trx,
  table: TableOf,
  event: RecordedEvent,
  entry: { action: string; accountSeq: number | null; adjustmentId: string | null; at: string },
  detail: Record<string, unknown>,
): Promise<void> {
  await sql`INSERT INTO ${table(profileTables.adminActivity)}
    (event_id, position, occurred_at, actor, action, account_seq, adjustment_id, detail)
    VALUES (${event.id}::uuid, ${event.position ?? null}, ${entry.at}::timestamptz,
      ${String(event.metadata.actor ?? '')}, ${entry.action}, ${entry.accountSeq},
      ${entry.adjustmentId}, ${JSON.stringify(detail)}::jsonb)`.execute(trx);
}

async function expectOneRow(event: RecordedEvent, result: Promise<{ rows: unknown[] }>) {
  if ((await result).rows.length !== 1) {
    throw new ProjectionInvariantError(
      event,
      'no row to apply it to, or not in the state it needs',
    );
  }
}

const appliers: Record<(WalletAccountEvent | AdjustmentEvent)['type'], Applier> = {
  async WalletAccountTitled(trx, table, event) {
    const data = event.data as Extract<WalletAccountEvent, { type: 'WalletAccountTitled' }>['data'];
    await sql`INSERT INTO ${table(profileTables.profiles)} AS t
      (seq, account, member_seq, title, titled_at, last_position)
      VALUES (${data.accountSeq}, ${data.account}, ${data.memberSeq}, ${data.title},
        ${data.titledAt}::timestamptz, ${event.position ?? ''})
      ON CONFLICT (seq) DO UPDATE SET title = excluded.title, titled_at = excluded.titled_at,
        last_position = excluded.last_position`.execute(trx);
  },
  async WalletAccountStatusNoted(trx, table, event) {
    const data = event.data as Extract<
      WalletAccountEvent,
      { type: 'WalletAccountStatusNoted' }
    >['data'];
    await expectOneRow(
      event,
      sql`UPDATE ${table(profileTables.profiles)} SET status_reason = ${data.reason},
        status_noted_at = ${data.notedAt}::timestamptz,
        status_noted_by = ${String(event.metadata.actor ?? '')},
        last_position = ${event.position ?? ''}
        WHERE seq = ${data.accountSeq} RETURNING 1`.execute(trx),
    );
    await logActivity(
      trx,
      table,
      event,
      {
        action: 'account_status',
        accountSeq: data.accountSeq,
        adjustmentId: null,
        at: data.notedAt,
      },
      { status: data.status, status_previous: data.statusPrevious, reason: data.reason },
    );
  },
  async AdjustmentProposed(trx, table, event) {
    const data = event.data as AdjustmentProposed['data'];
    await sql`INSERT INTO ${table(profileTables.adjustments)}
      (adjustment_id, account, account_seq, member_seq, asset, direction, amount, reason, status,
       approval_required, proposed_by, proposed_at, last_position)
      VALUES (${data.adjustmentId}, ${data.account}, ${data.accountSeq}, ${data.memberSeq},
        ${data.asset}, ${data.direction}, ${data.amount}::numeric, ${data.reason},
        ${data.approvalRequired ? 'proposed' : 'approved'}, ${data.approvalRequired},
        ${data.proposedBy}, ${data.proposedAt}::timestamptz, ${event.position ?? ''})`.execute(trx);
    await logActivity(
      trx,
      table,
      event,
      {
        action: 'adjustment_proposed',
        accountSeq: data.accountSeq,
        adjustmentId: data.adjustmentId,
        at: data.proposedAt,
      },
      { direction: data.direction, amount: data.amount, asset: data.asset, reason: data.reason },
    );
  },
  AdjustmentApproved: (trx, table, event) => decide(trx, table, event, 'approved'),
  AdjustmentRejected: (trx, table, event) => decide(trx, table, event, 'rejected'),
  AdjustmentExecuted: (trx, table, event) => conclude(trx, table, event, 'executed'),
  AdjustmentFailed: (trx, table, event) => conclude(trx, table, event, 'failed'),
};

/** A second administrator's decision on a proposal (or the proposer withdrawing it). */
async function decide(
  trx: Trx,
  table: TableOf,
  event: RecordedEvent,
  status: 'approved' | 'rejected',
): Promise<void> {
  const data = event.data as {
    adjustmentId: string;
    approvedBy?: number;
    rejectedBy?: number;
    reason?: string;
    approvedAt?: string;
    rejectedAt?: string;
  };
  const by = data.approvedBy ?? data.rejectedBy ?? null;
  const at = data.approvedAt ?? data.rejectedAt ?? '';
  const { rows } = await sql<{ account_seq: string }>`UPDATE ${table(profileTables.adjustments)}
    SET status = ${status}, decided_by = ${by}, decided_at = ${at}::timestamptz,
      decision_reason = ${data.reason ?? null}, last_position = ${event.position ?? ''}
    WHERE adjustment_id = ${data.adjustmentId} AND status = 'proposed'
    RETURNING account_seq::text`.execute(trx);
  const row = rows[0];
  if (row === undefined) throw new ProjectionInvariantError(event, 'no open proposal to decide');
  await logActivity(
    trx,
    table,
    event,
    {
      action: `adjustment_${status}`,
      accountSeq: Number(row.account_seq),
      adjustmentId: data.adjustmentId,
      at,
    },
    data.reason === undefined ? {} : { reason: data.reason },
  );
}

/** The money step's outcome: executed (the ledger took it) or failed (the ledger refused it). */
async function conclude(
  trx: Trx,
  table: TableOf,
  event: RecordedEvent,
  status: 'executed' | 'failed',
): Promise<void> {
  const data = event.data as {
    adjustmentId: string;
    transferId?: string;
    ledgerRevision?: string;
    executedAt?: string;
    failedAt?: string;
    rejection?: unknown;
  };
  const at = data.executedAt ?? data.failedAt ?? '';
  const { rows } = await sql<{ account_seq: string }>`UPDATE ${table(profileTables.adjustments)}
    SET status = ${status}, transfer_id = ${data.transferId ?? null},
      ledger_revision = ${data.ledgerRevision ?? null}::bigint, executed_at = ${at}::timestamptz,
      failure = ${data.rejection === undefined ? null : JSON.stringify(data.rejection)}::jsonb,
      last_position = ${event.position ?? ''}
    WHERE adjustment_id = ${data.adjustmentId} AND status = 'approved'
    RETURNING account_seq::text`.execute(trx);
  const row = rows[0];
  if (row === undefined) throw new ProjectionInvariantError(event, 'no approved adjustment');
  await logActivity(
    trx,
    table,
    event,
    {
      action: `adjustment_${status}`,
      accountSeq: Number(row.account_seq),
      adjustmentId: data.adjustmentId,
      at,
    },
    data.rejection === undefined
      ? { transfer_id: data.transferId ?? null }
      : { rejection: data.rejection },
  );
}

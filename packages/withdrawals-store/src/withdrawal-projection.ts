import { eraseExtraFormValues } from '@ledger/assets-store';
import type { RecordedEvent } from '@ledger/event-store';
import type { Projection, ProjectionContext } from '@ledger/projection-runner';
import {
  type WithdrawalEvent,
  type WithdrawPolicySet,
  withdrawalStreamPrefix,
  withdrawPolicyStreamPrefix,
} from '@ledger/withdrawals';
import { type RawBuilder, sql, type Transaction } from 'kysely';

/**
 * The `withdrawals` projection (docs/adr/0014): withdrawals, withdraw transfers and the withdraw
 * policy per asset, for the member's request history and the admin lists. Version 1's tables come
 * from migration 0011 (the DDL below is the same text, for later versions). An event it does not
 * know, or one about a withdrawal it never saw, stops it.
 */

export const withdrawalTables = {
  withdrawals: 'withdrawals',
  transfers: 'withdraw_transfers',
  policies: 'withdraw_policies',
} as const;

// biome-ignore lint/suspicious/noExplicitAny: raw SQL on its own tables.
type Trx = Transaction<any>;
type TableOf = (logicalName: string) => RawBuilder<unknown>;

export class WithdrawalProjectionError extends Error {
  constructor(event: RecordedEvent, message: string) {
    super(`${message}: ${event.type} ${event.id} in ${event.streamName}`);
    this.name = 'WithdrawalProjectionError';
  }
}

async function createTables(trx: Trx, context: Pick<ProjectionContext, 'table'>) {
  const name = (logical: string) =>
    context.table(logical).slice(context.table(logical).lastIndexOf('.') + 1);
  const table = (logical: string) => sql.table(context.table(logical));
  const index = (logical: string, suffix: string) => sql.id(`${name(logical)}_${suffix}`);
  const { withdrawals, transfers, policies } = withdrawalTables;
  await sql`CREATE TABLE IF NOT EXISTS ${table(withdrawals)} (
      withdrawal_id text COLLATE "C" PRIMARY KEY, member_seq bigint NOT NULL,
      account_seq bigint NOT NULL, account text COLLATE "C" NOT NULL,
      asset text COLLATE "C" NOT NULL, decimal_point smallint NOT NULL,
      request_amount numeric NOT NULL, fee_type text NOT NULL, fee_amount numeric NOT NULL,
      fee_asset text COLLATE "C" NOT NULL, fee_decimal_point smallint NOT NULL,
      fee_account_seq bigint NOT NULL, net_amount numeric NOT NULL, to_address text NOT NULL,
      memo text, bank_code text, address_certification_seq bigint, status text NOT NULL,
      hold text NOT NULL, refusal jsonb, decided_by bigint, reason text, txid text,
      confirmed_txid text, has_created_transfer boolean NOT NULL DEFAULT false,
      requested_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
      last_position text COLLATE "C" NOT NULL)`.execute(trx);
  await sql`CREATE INDEX IF NOT EXISTS ${index(withdrawals, 'member')} ON ${table(withdrawals)} (member_seq, requested_at)`.execute(
    trx,
  );
  await sql`CREATE INDEX IF NOT EXISTS ${index(withdrawals, 'status')} ON ${table(withdrawals)} (status, requested_at)`.execute(
    trx,
  );
  await sql`CREATE INDEX IF NOT EXISTS ${index(withdrawals, 'address')} ON ${table(withdrawals)} (asset, to_address)`.execute(
    trx,
  );
  await sql`CREATE TABLE IF NOT EXISTS ${table(transfers)} (
      transfer_id text COLLATE "C" PRIMARY KEY, withdrawal_id text COLLATE "C" NOT NULL,
      asset text COLLATE "C" NOT NULL, decimal_point smallint NOT NULL, from_address text,
      to_address text NOT NULL, txid text, amount numeric NOT NULL, fee_amount numeric,
      status text NOT NULL, message text, created_by text NOT NULL,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL)`.execute(trx);
  await sql`CREATE INDEX IF NOT EXISTS ${index(transfers, 'withdrawal')} ON ${table(transfers)} (withdrawal_id)`.execute(
    trx,
  );
  await sql`CREATE INDEX IF NOT EXISTS ${index(transfers, 'created')} ON ${table(transfers)} (created_at)`.execute(
    trx,
  );
  await sql`CREATE TABLE IF NOT EXISTS ${table(policies)} (
      asset text COLLATE "C" PRIMARY KEY, one_time_limit numeric, daily_limit numeric,
      fee_type text NOT NULL, fee_amount numeric NOT NULL, fee_asset text COLLATE "C" NOT NULL,
      set_by bigint NOT NULL, set_at timestamptz NOT NULL)`.execute(trx);
}

export const withdrawalsProjectionName = 'withdrawals';
const memberStreamPrefix = 'member-';

// biome-ignore lint/suspicious/noExplicitAny: raw SQL on its own tables; runs on any projector's db.
export const withdrawalsProjection: Projection<any> = {
  name: withdrawalsProjectionName,
  version: 1,
  // Member streams only for MemberWithdrawn: the member's withdrawal personal data is erased.
  filter: {
    streamPrefixes: [withdrawalStreamPrefix, withdrawPolicyStreamPrefix, memberStreamPrefix],
  },
  tables: Object.values(withdrawalTables),
  setup: (trx, context) => createTables(trx, context),
  apply: async (trx, events, context) => {
    const table: TableOf = (logical) => sql.table(context.table(logical));
    for (const event of events) await applyEvent(trx, table, event);
  },
};

async function expectRow(event: RecordedEvent, result: Promise<{ rows: unknown[] }>) {
  if ((await result).rows.length !== 1) {
    throw new WithdrawalProjectionError(event, 'no withdrawal or transfer to apply it to');
  }
}

/**
 * A member who leaves (MemberWithdrawn) takes its holder names with it (DESIGN.md §4): the rows of
 * `withdrawal_personal_data` and the member's extra-form values (deposit requests' and
 * withdrawals', `request_extra_form_personal_data`) are blanked, no event is rewritten, every balance still replays.
 * Idempotent (a rebuild erases again what is already erased).
 */
async function eraseOnMemberWithdrawn(trx: Trx, event: RecordedEvent): Promise<void> {
  if (event.type !== 'MemberWithdrawn') return;
  const memberSeq = (event.data as { memberSeq?: unknown }).memberSeq;
  if (typeof memberSeq !== 'number') {
    throw new WithdrawalProjectionError(event, 'a MemberWithdrawn without a member seq');
  }
  await sql`UPDATE withdrawal_personal_data SET holder_name = NULL,
      erased_at = COALESCE(erased_at, ${event.recordedAt.toISOString()}::timestamptz)
    WHERE member_seq = ${memberSeq}`.execute(trx);
  // The values of the assets' deposit and withdraw extra forms (migration 0021) go with them.
  await eraseExtraFormValues(trx, memberSeq, event.recordedAt.toISOString());
}

async function applyEvent(trx: Trx, table: TableOf, event: RecordedEvent): Promise<void> {
  if (event.streamName.startsWith(memberStreamPrefix)) return eraseOnMemberWithdrawn(trx, event);
  const position = event.position ?? '';
  const w = table(withdrawalTables.withdrawals);
  const t = table(withdrawalTables.transfers);
  const update = (set: RawBuilder<unknown>, at: string, withdrawalId: string) =>
    expectRow(
      event,
      sql`UPDATE ${w} SET ${set}, updated_at = ${at}::timestamptz, last_position = ${position}
        WHERE withdrawal_id = ${withdrawalId} RETURNING 1`.execute(trx),
    );
  const createdTransfers = (withdrawalId: string) =>
    sql`EXISTS (SELECT 1 FROM ${t} WHERE withdrawal_id = ${withdrawalId} AND status = 'created')`;
  const typed = event as unknown as WithdrawalEvent | WithdrawPolicySet;
  switch (typed.type) {
    case 'WithdrawalRequested': {
      const d = typed.data;
      await sql`INSERT INTO ${w} (withdrawal_id, member_seq, account_seq, account, asset, decimal_point,
          request_amount, fee_type, fee_amount, fee_asset, fee_decimal_point, fee_account_seq, net_amount,
          to_address, memo, bank_code, address_certification_seq, status, hold, requested_at, updated_at,
          last_position)
        VALUES (${d.withdrawalId}, ${d.memberSeq}, ${d.accountSeq}, ${d.account}, ${d.asset}, ${d.decimalPoint},
          ${d.requestAmount}::numeric, ${d.feeType}, ${d.feeAmount}::numeric, ${d.feeAsset}, ${d.feeDecimalPoint},
          ${d.feeAccountSeq}, ${d.netAmount}::numeric, ${d.toAddress}, ${d.memo}, ${d.bankCode},
          ${d.addressCertificationSeq}, 'requested', 'pending', ${d.requestedAt}::timestamptz,
          ${d.requestedAt}::timestamptz, ${position})`.execute(trx);
      return;
    }
    case 'WithdrawalHoldPlaced':
      return update(sql`hold = 'placed'`, typed.data.placedAt, typed.data.withdrawalId);
    case 'WithdrawalRefused':
      return update(
        sql`status = 'refused', hold = 'refused', refusal = ${JSON.stringify(typed.data.rejection)}::jsonb`,
        typed.data.refusedAt,
        typed.data.withdrawalId,
      );
    case 'WithdrawalApproved':
      return update(
        sql`status = 'approved', decided_by = ${typed.data.approvedBy}`,
        typed.data.approvedAt,
        typed.data.withdrawalId,
      );
    case 'WithdrawalRejected':
      return update(
        sql`status = 'rejected', decided_by = ${typed.data.rejectedBy}, reason = ${typed.data.reason}`,
        typed.data.rejectedAt,
        typed.data.withdrawalId,
      );
    case 'WithdrawalCancelled':
      return update(sql`status = 'cancelled'`, typed.data.cancelledAt, typed.data.withdrawalId);
    case 'WithdrawTransferCreated': {
      const d = typed.data;
      await expectRow(
        event,
        sql`INSERT INTO ${t} (transfer_id, withdrawal_id, asset, decimal_point, to_address, amount, status,
            created_by, created_at, updated_at)
          SELECT ${d.transferId}, withdrawal_id, asset, decimal_point, ${d.to}, ${d.amount}::numeric, 'created',
            ${d.createdBy}, ${d.createdAt}::timestamptz, ${d.createdAt}::timestamptz
          FROM ${w} WHERE withdrawal_id = ${d.withdrawalId} RETURNING 1`.execute(trx),
      );
      return update(sql`has_created_transfer = true`, d.createdAt, d.withdrawalId);
    }
    case 'WithdrawTransferBroadcast': {
      const d = typed.data;
      await expectRow(
        event,
        sql`UPDATE ${t} SET txid = ${d.txid}, from_address = ${d.from}, fee_amount = ${d.feeAmount}::numeric,
          status = 'broadcast', updated_at = ${d.broadcastAt}::timestamptz
          WHERE transfer_id = ${d.transferId} RETURNING 1`.execute(trx),
      );
      return update(
        sql`status = CASE WHEN status = 'approved' THEN 'sent' ELSE status END, txid = ${d.txid},
          has_created_transfer = ${createdTransfers(d.withdrawalId)}`,
        d.broadcastAt,
        d.withdrawalId,
      );
    }
    case 'WithdrawTransferBroadcastFailed': {
      const d = typed.data;
      await expectRow(
        event,
        sql`UPDATE ${t} SET status = 'failed', message = ${d.message}, updated_at = ${d.failedAt}::timestamptz
          WHERE transfer_id = ${d.transferId} RETURNING 1`.execute(trx),
      );
      return update(
        sql`has_created_transfer = ${createdTransfers(d.withdrawalId)}`,
        d.failedAt,
        d.withdrawalId,
      );
    }
    case 'WithdrawTransferKeyedIn': {
      const d = typed.data;
      await expectRow(
        event,
        sql`INSERT INTO ${t} (transfer_id, withdrawal_id, asset, decimal_point, to_address, txid, amount, status,
            message, created_by, created_at, updated_at)
          SELECT ${d.transferId}, withdrawal_id, asset, decimal_point, ${d.to}, ${d.txid}, ${d.amount}::numeric,
            'keyed', NULL, ${`admin:${d.keyedBy}`}, ${d.keyedAt}::timestamptz, ${d.keyedAt}::timestamptz
          FROM ${w} WHERE withdrawal_id = ${d.withdrawalId} RETURNING 1`.execute(trx),
      );
      return update(
        sql`status = CASE WHEN status = 'approved' THEN 'sent' ELSE status END, txid = ${d.txid}`,
        d.keyedAt,
        d.withdrawalId,
      );
    }
    case 'WithdrawalConfirmed':
      return update(
        sql`confirmed_txid = ${typed.data.txid}`,
        typed.data.confirmedAt,
        typed.data.withdrawalId,
      );
    case 'WithdrawalCompleted':
      return update(
        sql`status = 'completed', hold = 'captured'`,
        typed.data.completedAt,
        typed.data.withdrawalId,
      );
    case 'WithdrawalFailed':
      return update(
        sql`status = 'failed', reason = ${typed.data.reason}`,
        typed.data.failedAt,
        typed.data.withdrawalId,
      );
    case 'WithdrawalHoldReleased':
      return update(sql`hold = 'released'`, typed.data.releasedAt, typed.data.withdrawalId);
    case 'WithdrawPolicySet': {
      const d = typed.data;
      const p = table(withdrawalTables.policies);
      await sql`INSERT INTO ${p} (asset, one_time_limit, daily_limit, fee_type, fee_amount, fee_asset, set_by, set_at)
        VALUES (${d.asset}, ${d.oneTimeLimit}::numeric, ${d.dailyLimit}::numeric, ${d.feeType}, ${d.feeAmount}::numeric,
          ${d.feeAsset}, ${d.setBy}, ${d.setAt}::timestamptz)
        ON CONFLICT (asset) DO UPDATE SET one_time_limit = excluded.one_time_limit,
          daily_limit = excluded.daily_limit, fee_type = excluded.fee_type, fee_amount = excluded.fee_amount,
          fee_asset = excluded.fee_asset, set_by = excluded.set_by, set_at = excluded.set_at`.execute(
        trx,
      );
      return;
    }
    default:
      throw new WithdrawalProjectionError(
        event,
        'an event type the withdrawals projection does not know',
      );
  }
}

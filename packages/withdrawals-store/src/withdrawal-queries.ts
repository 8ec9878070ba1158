import { type Kysely, sql } from 'kysely';

/**
 * Reads of the `withdrawals` projection for the query API: a member's request history (own rows
 * only), the administrators' withdraw list (with the holder name joined from the personal-data
 * table at query time, never projected), withdraw transfers and policies.
 */

// biome-ignore lint/suspicious/noExplicitAny: the read models are typed by their queries.
type AnyDb = Kysely<any>;

export type Window = { limit: number; offset: number; order: 'asc' | 'desc' };

export type WithdrawalFilter = {
  memberSeq?: number | undefined;
  status?: string | undefined;
  asset?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

export type WithdrawalView = {
  withdrawal_id: string;
  member_seq: number;
  account_seq: number;
  asset: string;
  decimal_point: number;
  request_amount: string;
  fee_type: string;
  fee_amount: string;
  fee_asset: string;
  net_amount: string;
  withdraw_address: string;
  memo: string | null;
  bank_code: string | null;
  withdraw_address_certification_seq: number | null;
  holder_name: string | null;
  status: string;
  hold: string;
  refusal: Record<string, unknown> | null;
  decided_by: number | null;
  reason: string | null;
  txid: string | null;
  confirmed_txid: string | null;
  regdate: string;
  updated_at: string;
};

type WithdrawalRecord = Omit<
  WithdrawalView,
  | 'member_seq'
  | 'account_seq'
  | 'decided_by'
  | 'withdraw_address_certification_seq'
  | 'regdate'
  | 'updated_at'
> & {
  member_seq: string;
  account_seq: string;
  decided_by: string | null;
  withdraw_address_certification_seq: string | null;
  regdate: Date;
  updated_at: Date;
};

const columns = sql`w.withdrawal_id, w.member_seq::text, w.account_seq::text, w.asset, w.decimal_point,
  w.request_amount::text AS request_amount, w.fee_type, w.fee_amount::text AS fee_amount, w.fee_asset,
  w.net_amount::text AS net_amount, w.to_address AS withdraw_address, w.memo, w.bank_code,
  w.address_certification_seq::text AS withdraw_address_certification_seq, p.holder_name, w.status, w.hold,
  w.refusal, w.decided_by::text, w.reason, w.txid, w.confirmed_txid, w.requested_at AS regdate, w.updated_at`;

/** numeric's text drops nothing but may lack trailing zeros after arithmetic; re-scale for display. */
function scaled(text: string, decimalPoint: number): string {
  if (decimalPoint === 0) return text.split('.')[0] ?? text;
  const [whole = '0', fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(decimalPoint, '0').slice(0, decimalPoint)}`;
}

function viewOf(row: WithdrawalRecord & { fee_decimal_point?: number }): WithdrawalView {
  return {
    ...row,
    request_amount: scaled(row.request_amount, row.decimal_point),
    net_amount: scaled(row.net_amount, row.decimal_point),
    member_seq: Number(row.member_seq),
    account_seq: Number(row.account_seq),
    decided_by: row.decided_by === null ? null : Number(row.decided_by),
    withdraw_address_certification_seq:
      row.withdraw_address_certification_seq === null
        ? null
        : Number(row.withdraw_address_certification_seq),
    regdate: row.regdate.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function whereOf(filter: WithdrawalFilter) {
  const conditions = [sql`TRUE`];
  if (filter.memberSeq !== undefined) conditions.push(sql`w.member_seq = ${filter.memberSeq}`);
  if (filter.status !== undefined) conditions.push(sql`w.status = ${filter.status}`);
  if (filter.asset !== undefined) conditions.push(sql`w.asset = ${filter.asset}`);
  if (filter.from !== undefined)
    conditions.push(sql`w.requested_at >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to !== undefined)
    conditions.push(sql`w.requested_at < ${filter.to.toISOString()}::timestamptz`);
  return sql.join(conditions, sql` AND `);
}

export async function listWithdrawals(
  db: AnyDb,
  filter: WithdrawalFilter,
  window: Window,
): Promise<{ rows: WithdrawalView[]; total: number }> {
  const where = whereOf(filter);
  const direction = sql.raw(window.order === 'asc' ? 'ASC' : 'DESC');
  const { rows } = await sql<WithdrawalRecord>`SELECT ${columns}, w.fee_decimal_point
    FROM withdrawals w LEFT JOIN withdrawal_personal_data p ON p.withdrawal_id = w.withdrawal_id
    WHERE ${where} ORDER BY w.requested_at ${direction}, w.withdrawal_id ${direction}
    LIMIT ${window.limit} OFFSET ${window.offset}`.execute(db);
  const { rows: counted } = await sql<{
    total: string;
  }>`SELECT count(*)::text AS total FROM withdrawals w
    WHERE ${where}`.execute(db);
  return { rows: rows.map(viewOf), total: Number(counted[0]?.total ?? 0) };
}

export async function findWithdrawal(
  db: AnyDb,
  withdrawalId: string,
  memberSeq?: number,
): Promise<WithdrawalView | undefined> {
  const owner = memberSeq === undefined ? sql`TRUE` : sql`w.member_seq = ${memberSeq}`;
  const { rows } = await sql<WithdrawalRecord>`SELECT ${columns}
    FROM withdrawals w LEFT JOIN withdrawal_personal_data p ON p.withdrawal_id = w.withdrawal_id
    WHERE w.withdrawal_id = ${withdrawalId} AND ${owner}`.execute(db);
  return rows[0] === undefined ? undefined : viewOf(rows[0]);
}

export type WithdrawTransferView = {
  transfer_id: string;
  withdrawal_id: string;
  member_seq: number;
  asset: string;
  from: string | null;
  to: string;
  txid: string | null;
  amount: string;
  fee_amount: string | null;
  status: string;
  message: string | null;
  created_by: string;
  regdate: string;
};

export async function listWithdrawTransfers(
  db: AnyDb,
  filter: {
    withdrawalId?: string | undefined;
    asset?: string | undefined;
    from?: Date | undefined;
    to?: Date | undefined;
  },
  window: Window,
): Promise<{ rows: WithdrawTransferView[]; total: number }> {
  const conditions = [sql`TRUE`];
  if (filter.withdrawalId !== undefined)
    conditions.push(sql`t.withdrawal_id = ${filter.withdrawalId}`);
  if (filter.asset !== undefined) conditions.push(sql`t.asset = ${filter.asset}`);
  if (filter.from !== undefined)
    conditions.push(sql`t.created_at >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to !== undefined)
    conditions.push(sql`t.created_at < ${filter.to.toISOString()}::timestamptz`);
  const where = sql.join(conditions, sql` AND `);
  const direction = sql.raw(window.order === 'asc' ? 'ASC' : 'DESC');
  const { rows } = await sql<
    Omit<WithdrawTransferView, 'member_seq' | 'regdate'> & {
      member_seq: string;
      regdate: Date;
      decimal_point: number;
    }
  >`SELECT t.transfer_id, t.withdrawal_id, w.member_seq::text, t.asset, t.decimal_point, t.from_address AS "from",
      t.to_address AS "to", t.txid, t.amount::text AS amount, t.fee_amount::text AS fee_amount, t.status, t.message,
      t.created_by, t.created_at AS regdate
    FROM withdraw_transfers t JOIN withdrawals w ON w.withdrawal_id = t.withdrawal_id
    WHERE ${where} ORDER BY t.created_at ${direction}, t.transfer_id ${direction}
    LIMIT ${window.limit} OFFSET ${window.offset}`.execute(db);
  const { rows: counted } = await sql<{
    total: string;
  }>`SELECT count(*)::text AS total FROM withdraw_transfers t
    WHERE ${where}`.execute(db);
  return {
    rows: rows.map(({ decimal_point, ...row }) => ({
      ...row,
      amount: scaled(row.amount, decimal_point),
      fee_amount: row.fee_amount === null ? null : scaled(row.fee_amount, decimal_point),
      member_seq: Number(row.member_seq),
      regdate: row.regdate.toISOString(),
    })),
    total: Number(counted[0]?.total ?? 0),
  };
}

export type WithdrawPolicyView = {
  asset: string;
  one_time_limit: string | null;
  daily_limit: string | null;
  fee_type: string;
  fee_amount: string;
  fee_asset: string;
  set_by: number;
  set_at: string;
};

export async function listWithdrawPolicies(db: AnyDb): Promise<WithdrawPolicyView[]> {
  const { rows } = await sql<
    Omit<WithdrawPolicyView, 'set_by' | 'set_at'> & { set_by: string; set_at: Date }
  >`
    SELECT asset, one_time_limit::text, daily_limit::text, fee_type, fee_amount::text, fee_asset,
      set_by::text, set_at FROM withdraw_policies ORDER BY asset`.execute(db);
  return rows.map((row) => ({
    ...row,
    set_by: Number(row.set_by),
    set_at: row.set_at.toISOString(),
  }));
}

/** How many withdrawals of one asset an approve-all would act on, and their requested total. */
export type WithdrawalApproveAllScope = { asset: string; requests: number; total: string };

/**
 * What the administrators' approve-all would approve (its dry run): the withdrawals it picks,
 * requested with their hold placed, oldest first up to `limit` (withdrawal-commands.ts approveAll, 500),
 * counted and summed per asset.
 */
export async function withdrawalApproveAllScope(
  db: AnyDb,
  limit = 500,
): Promise<WithdrawalApproveAllScope[]> {
  const { rows } = await sql<WithdrawalApproveAllScope>`
    SELECT asset, count(*)::int AS requests, sum(request_amount)::text AS total FROM (
      SELECT asset, request_amount FROM withdrawals WHERE status = 'requested' AND hold = 'placed'
      ORDER BY requested_at LIMIT ${limit}
    ) AS scope GROUP BY asset ORDER BY asset`.execute(db);
  return rows;
}

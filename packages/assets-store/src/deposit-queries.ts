import type { DepositAddressKind } from '@ledger/assets';
import { type RawBuilder, sql } from 'kysely';
import type { AnyDb } from './asset-queries.ts';

/**
 * Reads of deposit addresses, chain deposits and deposit requests (the `assets` projection), for
 * the scanner's attribution, the member's deposit screen and the administrator's deposit list.
 */

export type DepositAddress = {
  accountSeq: number;
  account: string;
  memberSeq: number;
  asset: string;
  kind: DepositAddressKind;
  chain: string | null;
  address: string;
  memo: string | null;
  assignedAt: string;
};

type AddressRow = {
  account_seq: string;
  account: string;
  member_seq: string;
  asset: string;
  kind: DepositAddressKind;
  chain: string | null;
  address: string;
  memo: string | null;
  assigned_at: Date;
};

function addressOf(row: AddressRow): DepositAddress {
  return {
    accountSeq: Number(row.account_seq),
    account: row.account,
    memberSeq: Number(row.member_seq),
    asset: row.asset,
    kind: row.kind,
    chain: row.chain,
    address: row.address,
    memo: row.memo,
    assignedAt: row.assigned_at.toISOString(),
  };
}

const addressSelect = sql`SELECT account_seq::text, account, member_seq::text, asset, kind, chain,
  address, memo, assigned_at FROM deposit_addresses`;

export async function getDepositAddress(
  db: AnyDb,
  accountSeq: number,
): Promise<DepositAddress | undefined> {
  const { rows } = await sql<AddressRow>`${addressSelect}
    WHERE account_seq = ${accountSeq}`.execute(db);
  const row = rows[0];
  return row === undefined ? undefined : addressOf(row);
}

/** Every assignment at an address of a chain: one (its own), or many (a memo chain's shared one). */
export async function depositAddressesAt(
  db: AnyDb,
  chain: string,
  address: string,
): Promise<DepositAddress[]> {
  const { rows } = await sql<AddressRow>`${addressSelect}
    WHERE chain = ${chain} AND address = ${address}`.execute(db);
  return rows.map(addressOf);
}

export type ChainDepositRecord = {
  depositId: string;
  chain: string;
  asset: string;
  txid: string;
  output: number;
  address: string;
  memo: string | null;
  amount: string;
  blockHeight: number;
  blockHash: string;
  status: 'pending' | 'orphaned' | 'crediting' | 'credited';
  destination: 'account' | 'suspense';
  suspenseReason: string | null;
  suspenseStatus: 'open' | 'attributed' | 'returned' | null;
  account: string | null;
  accountSeq: number | null;
  memberSeq: number | null;
  resolvedAccountSeq: number | null;
  confirmations: number | null;
  reorgedAfterCredit: boolean;
  detectedAt: string;
  creditedAt: string | null;
};

type DepositRow = {
  deposit_id: string;
  chain: string;
  asset: string;
  txid: string;
  output: number;
  address: string;
  memo: string | null;
  amount: string;
  block_height: string;
  block_hash: string;
  status: ChainDepositRecord['status'];
  destination: ChainDepositRecord['destination'];
  suspense_reason: string | null;
  suspense_status: ChainDepositRecord['suspenseStatus'];
  account: string | null;
  account_seq: string | null;
  member_seq: string | null;
  resolved_account_seq: string | null;
  confirmations: number | null;
  reorged_after_credit: boolean;
  first_detected_at: Date;
  credited_at: Date | null;
};

const optionalNumber = (text: string | null) => (text === null ? null : Number(text));

function depositOf(row: DepositRow): ChainDepositRecord {
  return {
    depositId: row.deposit_id,
    chain: row.chain,
    asset: row.asset,
    txid: row.txid,
    output: row.output,
    address: row.address,
    memo: row.memo,
    amount: row.amount,
    blockHeight: Number(row.block_height),
    blockHash: row.block_hash,
    status: row.status,
    destination: row.destination,
    suspenseReason: row.suspense_reason,
    suspenseStatus: row.suspense_status,
    account: row.account,
    accountSeq: optionalNumber(row.account_seq),
    memberSeq: optionalNumber(row.member_seq),
    resolvedAccountSeq: optionalNumber(row.resolved_account_seq),
    confirmations: row.confirmations,
    reorgedAfterCredit: row.reorged_after_credit,
    detectedAt: row.first_detected_at.toISOString(),
    creditedAt: row.credited_at?.toISOString() ?? null,
  };
}

const depositSelect = sql`SELECT deposit_id, chain, asset, txid, output, address, memo,
  amount::text AS amount, block_height::text, block_hash, status, destination, suspense_reason,
  suspense_status, account, account_seq::text, member_seq::text, resolved_account_seq::text,
  confirmations, reorged_after_credit, first_detected_at, credited_at FROM chain_deposits`;

export async function getChainDeposit(
  db: AnyDb,
  depositId: string,
): Promise<ChainDepositRecord | undefined> {
  const { rows } = await sql<DepositRow>`${depositSelect}
    WHERE deposit_id = ${depositId}`.execute(db);
  const row = rows[0];
  return row === undefined ? undefined : depositOf(row);
}

/** The deposits of a chain the scanner still has to follow (not orphaned), above a height. */
export async function listChainDepositsToFollow(
  db: AnyDb,
  chain: string,
  options: { statuses: readonly ChainDepositRecord['status'][]; aboveHeight?: number },
): Promise<ChainDepositRecord[]> {
  const { rows } = await sql<DepositRow>`${depositSelect}
    WHERE chain = ${chain} AND status IN (${sql.join(options.statuses)})
      AND block_height > ${options.aboveHeight ?? -1}
    ORDER BY chain_deposits.block_height, deposit_id`.execute(db);
  return rows.map(depositOf);
}

export type DepositListQuery = {
  memberSeq?: number | undefined;
  accountSeq?: number | undefined;
  asset?: string | undefined;
  status?: string | undefined;
  /** Only deposits credited to the suspense account. */
  suspense?: boolean | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};

function depositConditions(query: DepositListQuery): RawBuilder<unknown> {
  const conditions = [sql`true`];
  if (query.memberSeq !== undefined) conditions.push(sql`member_seq = ${query.memberSeq}`);
  if (query.accountSeq !== undefined) {
    conditions.push(
      sql`(account_seq = ${query.accountSeq} OR resolved_account_seq = ${query.accountSeq})`,
    );
  }
  if (query.asset !== undefined) conditions.push(sql`asset = ${query.asset}`);
  if (query.status !== undefined) conditions.push(sql`status = ${query.status}`);
  if (query.suspense === true) conditions.push(sql`destination = 'suspense'`);
  if (query.from !== undefined) conditions.push(sql`first_detected_at >= ${query.from}`);
  if (query.to !== undefined) conditions.push(sql`first_detected_at < ${query.to}`);
  return sql.join(conditions, sql` AND `);
}

export async function listChainDeposits(
  db: AnyDb,
  query: DepositListQuery,
): Promise<{ deposits: ChainDepositRecord[]; total: number }> {
  const where = depositConditions(query);
  const direction = query.order === 'asc' ? sql`ASC` : sql`DESC`;
  const { rows } = await sql<DepositRow>`${depositSelect} WHERE ${where}
    ORDER BY first_detected_at ${direction}, deposit_id ${direction}
    LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db);
  const count = await sql<{ total: string }>`SELECT count(*)::text AS total FROM chain_deposits
    WHERE ${where}`.execute(db);
  return { deposits: rows.map(depositOf), total: Number(count.rows[0]?.total ?? 0) };
}

export type DepositRequestRecord = {
  requestId: string;
  seq: number;
  account: string;
  accountSeq: number;
  memberSeq: number;
  asset: string;
  requestAmount: string;
  status: 'requested' | 'approved' | 'rejected' | 'credited' | 'failed';
  requestedAt: string;
  decidedBy: number | null;
  decidedAt: string | null;
  reason: string | null;
  creditedAt: string | null;
};

type RequestRow = {
  request_id: string;
  seq: string;
  account: string;
  account_seq: string;
  member_seq: string;
  asset: string;
  request_amount: string;
  status: DepositRequestRecord['status'];
  requested_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  reason: string | null;
  credited_at: Date | null;
};

function requestOf(row: RequestRow): DepositRequestRecord {
  return {
    requestId: row.request_id,
    seq: Number(row.seq),
    account: row.account,
    accountSeq: Number(row.account_seq),
    memberSeq: Number(row.member_seq),
    asset: row.asset,
    requestAmount: row.request_amount,
    status: row.status,
    requestedAt: row.requested_at.toISOString(),
    decidedBy: optionalNumber(row.decided_by),
    decidedAt: row.decided_at?.toISOString() ?? null,
    reason: row.reason,
    creditedAt: row.credited_at?.toISOString() ?? null,
  };
}

const requestSelect = sql`SELECT request_id, seq::text, account, account_seq::text,
  member_seq::text, asset, request_amount::text AS request_amount, status, requested_at,
  decided_by::text, decided_at, reason, credited_at FROM deposit_requests`;

export async function getDepositRequest(
  db: AnyDb,
  requestId: string,
): Promise<DepositRequestRecord | undefined> {
  const { rows } = await sql<RequestRow>`${requestSelect}
    WHERE request_id = ${requestId}`.execute(db);
  const row = rows[0];
  return row === undefined ? undefined : requestOf(row);
}

export async function listDepositRequests(
  db: AnyDb,
  query: DepositListQuery,
): Promise<{ requests: DepositRequestRecord[]; total: number }> {
  const conditions = [sql`true`];
  if (query.memberSeq !== undefined) conditions.push(sql`member_seq = ${query.memberSeq}`);
  if (query.accountSeq !== undefined) conditions.push(sql`account_seq = ${query.accountSeq}`);
  if (query.asset !== undefined) conditions.push(sql`asset = ${query.asset}`);
  if (query.status !== undefined) conditions.push(sql`status = ${query.status}`);
  if (query.from !== undefined) conditions.push(sql`requested_at >= ${query.from}`);
  if (query.to !== undefined) conditions.push(sql`requested_at < ${query.to}`);
  const where = sql.join(conditions, sql` AND `);
  const direction = query.order === 'asc' ? sql`ASC` : sql`DESC`;
  const { rows } = await sql<RequestRow>`${requestSelect} WHERE ${where}
    ORDER BY deposit_requests.seq ${direction} LIMIT ${query.limit} OFFSET ${query.offset}`.execute(
    db,
  );
  const count = await sql<{ total: string }>`SELECT count(*)::text AS total FROM deposit_requests
    WHERE ${where}`.execute(db);
  return { requests: rows.map(requestOf), total: Number(count.rows[0]?.total ?? 0) };
}

/** The ids of requests in one status (approve-all; the worker's resumption of approved ones). */
export async function depositRequestIdsIn(
  db: AnyDb,
  status: DepositRequestRecord['status'],
  options: { asset?: string | undefined; limit?: number } = {},
): Promise<string[]> {
  const asset = options.asset === undefined ? sql`` : sql`AND asset = ${options.asset}`;
  const { rows } = await sql<{ request_id: string }>`SELECT request_id FROM deposit_requests
    WHERE status = ${status} ${asset} ORDER BY seq LIMIT ${options.limit ?? 1_000}`.execute(db);
  return rows.map((row) => row.request_id);
}

/** How many requests of one asset an approve-all would act on, and their total. */
export type ApproveAllScope = { asset: string; requests: number; total: string };

/**
 * What approve-all would approve (its dry run): the same requests as `depositRequestIdsIn` picks
 * for it (waiting ones and approved ones a crash left, each up to its limit), counted and summed
 * per asset.
 */
export async function depositRequestApproveAllScope(
  db: AnyDb,
  options: { asset?: string | undefined; limit?: number } = {},
): Promise<ApproveAllScope[]> {
  const asset = options.asset === undefined ? sql`` : sql`AND asset = ${options.asset}`;
  const limit = options.limit ?? 1_000;
  const { rows } = await sql<{ asset: string; requests: number; total: string }>`
    SELECT asset, count(*)::int AS requests, sum(request_amount)::text AS total FROM (
      (SELECT asset, request_amount FROM deposit_requests WHERE status = 'requested' ${asset}
        ORDER BY seq LIMIT ${limit})
      UNION ALL
      (SELECT asset, request_amount FROM deposit_requests WHERE status = 'approved' ${asset}
        ORDER BY seq LIMIT ${limit})
    ) AS scope GROUP BY asset ORDER BY asset`.execute(db);
  return rows;
}

import { sql } from 'kysely';
import { kycDb } from './tables.ts';

type AnyDb = Parameters<typeof kycDb>[0];

export type ListWindow = {
  limit: number;
  offset: number;
  order: 'asc' | 'desc';
  memberSeq?: number | undefined;
  status?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Matched against the member's user id (joined from identity's personal data). */
  search?: string | undefined;
};

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export type CertifiedWithdrawAddress = {
  certificationSeq: number;
  memberSeq: number;
  assetCode: string;
  bankCode: string | null;
  /** Personal data: null once erased. */
  withdrawAddress: string | null;
  holderName: string | null;
  status: 'requested' | 'approved' | 'denied';
  isValid: boolean;
  /** Approved, valid and not erased: a withdrawal may use it. */
  isUsable: boolean;
};

/**
 * One withdraw-address certification of a member (scoped: another member's seq answers
 * undefined), with its address and holder name from the personal-data table. A withdrawal may use
 * it when `isUsable`.
 * @example const address = await getWithdrawAddressCertification(db, 12, 5); if (!address?.isUsable) refuse();
 */
export async function getWithdrawAddressCertification(
  db: AnyDb,
  memberSeq: number,
  certificationSeq: number,
): Promise<CertifiedWithdrawAddress | undefined> {
  const row = await kycDb(db)
    .selectFrom('kyc_withdraw_address_certifications as c')
    .leftJoin(
      'kyc_withdraw_address_personal_data as p',
      'p.certification_seq',
      'c.certification_seq',
    )
    .select([
      'c.certification_seq',
      'c.member_seq',
      'c.asset_code',
      'c.bank_code',
      'c.status',
      'c.is_valid',
      'p.withdraw_address',
      'p.holder_name',
    ])
    .where('c.certification_seq', '=', certificationSeq)
    .where('c.member_seq', '=', memberSeq)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    certificationSeq: Number(row.certification_seq),
    memberSeq: Number(row.member_seq),
    assetCode: row.asset_code,
    bankCode: row.bank_code,
    withdrawAddress: row.withdraw_address ?? null,
    holderName: row.holder_name ?? null,
    status: row.status,
    isValid: row.is_valid,
    isUsable: row.status === 'approved' && row.is_valid && row.withdraw_address != null,
  };
}

/**
 * The member that owns a KYC object (for administrator routes), or undefined. Read from the
 * personal-data tables, written before the request's event (so a review right after a request
 * never waits for the projection; an erasure keeps the member seq), else from the read model.
 */
export async function ownerOfKycObject(
  db: AnyDb,
  kind: 'certification' | 'realname' | 'withdraw_address_certification',
  seq: number,
): Promise<number | undefined> {
  const kdb = kycDb(db);
  const row =
    kind === 'certification'
      ? await kdb
          .selectFrom('kyc_certification_documents')
          .select('member_seq')
          .where('certification_seq', '=', seq)
          .executeTakeFirst()
      : kind === 'realname'
        ? await kdb
            .selectFrom('kyc_realname_personal_data')
            .select('member_seq')
            .where('realname_seq', '=', seq)
            .executeTakeFirst()
        : await kdb
            .selectFrom('kyc_withdraw_address_personal_data')
            .select('member_seq')
            .where('certification_seq', '=', seq)
            .executeTakeFirst();
  if (row !== undefined) return Number(row.member_seq);
  const projected =
    kind === 'certification'
      ? await kdb
          .selectFrom('kyc_certifications')
          .select('member_seq')
          .where('certification_seq', '=', seq)
          .executeTakeFirst()
      : kind === 'realname'
        ? await kdb
            .selectFrom('kyc_realnames')
            .select('member_seq')
            .where('realname_seq', '=', seq)
            .executeTakeFirst()
        : await kdb
            .selectFrom('kyc_withdraw_address_certifications')
            .select('member_seq')
            .where('certification_seq', '=', seq)
            .executeTakeFirst();
  return projected === undefined ? undefined : Number(projected.member_seq);
}

async function userIds(db: AnyDb, memberSeqs: number[]): Promise<Map<number, string | null>> {
  if (memberSeqs.length === 0) return new Map();
  const rows = await sql<{ member_seq: string; user_id: string | null }>`
    SELECT member_seq, user_id FROM identity_personal_data
    WHERE member_seq = ANY(${memberSeqs}::bigint[])`.execute(kycDb(db));
  return new Map(rows.rows.map((row) => [Number(row.member_seq), row.user_id]));
}

function memberFilter(window: ListWindow) {
  return window.search === undefined
    ? undefined
    : sql<boolean>`member_seq IN (SELECT member_seq FROM identity_personal_data
        WHERE user_id ILIKE ${likePattern(window.search)})`;
}

export type KycCertificationRow = {
  seq: number;
  member_seq: number;
  user_id: string | null;
  kyc_type: string;
  document_count: number;
  documents: { kind: string; name: string | null; reference: string | null }[];
  status: string;
  is_valid: boolean;
  expdate: string | null;
  is_expired: boolean;
  regdate: string;
  reviewed_date: string | null;
};

/** KYC certifications, newest first by default, with documents and user ids joined. */
export async function listKycCertifications(
  db: AnyDb,
  window: ListWindow,
): Promise<{ rows: KycCertificationRow[]; total: number }> {
  const kdb = kycDb(db);
  let query = kdb.selectFrom('kyc_certifications');
  if (window.memberSeq !== undefined) query = query.where('member_seq', '=', window.memberSeq);
  if (window.status !== undefined) query = query.where('status', '=', window.status as 'requested');
  if (window.from !== undefined) query = query.where('requested_at', '>=', window.from);
  if (window.to !== undefined) query = query.where('requested_at', '<', window.to);
  const search = memberFilter(window);
  if (search !== undefined) query = query.where(search);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('requested_at', window.order)
      .orderBy('certification_seq', window.order)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const seqs = rows.map((row) => Number(row.certification_seq));
  const documents =
    seqs.length === 0
      ? []
      : await kdb
          .selectFrom('kyc_certification_documents')
          .selectAll()
          .where('certification_seq', 'in', seqs)
          .orderBy('position')
          .execute();
  const users = await userIds(
    db,
    rows.map((row) => Number(row.member_seq)),
  );
  return {
    total: Number(count.total),
    rows: rows.map((row) => ({
      seq: Number(row.certification_seq),
      member_seq: Number(row.member_seq),
      user_id: users.get(Number(row.member_seq)) ?? null,
      kyc_type: row.kyc_type,
      document_count: row.document_count,
      documents: documents
        .filter((document) => Number(document.certification_seq) === Number(row.certification_seq))
        .map((document) => ({
          kind: document.document_kind,
          name: document.document_name,
          reference: document.document_reference,
        })),
      status: row.status,
      is_valid: row.is_valid,
      expdate: row.expires_at?.toISOString() ?? null,
      is_expired: row.is_expired,
      regdate: row.requested_at.toISOString(),
      reviewed_date: row.reviewed_at?.toISOString() ?? null,
    })),
  };
}

export type RealnameRow = {
  seq: number;
  member_seq: number;
  user_id: string | null;
  authority: string;
  status: string;
  failure_reason: string | null;
  is_valid: boolean;
  expdate: string | null;
  is_expired: boolean;
  regdate: string;
  authenticated_date: string | null;
  closed_date: string | null;
  /** Personal data, shown to administrators only; null once erased or never answered. */
  user_name: string | null;
  sex: string | null;
  nationality: string | null;
  birth_date: string | null;
  di: string | null;
  ci: string | null;
  cell_carrier: string | null;
  cell_number: string | null;
  ipaddress: string | null;
};

/** Real-name authentications, with their personal data joined (administrators see them whole). */
export async function listRealnames(
  db: AnyDb,
  window: ListWindow,
): Promise<{ rows: RealnameRow[]; total: number }> {
  const kdb = kycDb(db);
  let query = kdb.selectFrom('kyc_realnames');
  if (window.memberSeq !== undefined) query = query.where('member_seq', '=', window.memberSeq);
  if (window.status !== undefined) query = query.where('status', '=', window.status as 'started');
  if (window.from !== undefined) query = query.where('started_at', '>=', window.from);
  if (window.to !== undefined) query = query.where('started_at', '<', window.to);
  const search = memberFilter(window);
  if (search !== undefined) query = query.where(search);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('started_at', window.order)
      .orderBy('realname_seq', window.order)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const seqs = rows.map((row) => Number(row.realname_seq));
  // The personal data and the user ids of the page, read together, then found by seq.
  const [personalRows, users] = await Promise.all([
    seqs.length === 0
      ? []
      : kdb
          .selectFrom('kyc_realname_personal_data')
          .selectAll()
          .where('realname_seq', 'in', seqs)
          .execute(),
    userIds(
      db,
      rows.map((row) => Number(row.member_seq)),
    ),
  ]);
  const personal = new Map(personalRows.map((data) => [Number(data.realname_seq), data]));
  return {
    total: Number(count.total),
    rows: rows.map((row) => {
      const data = personal.get(Number(row.realname_seq));
      return {
        seq: Number(row.realname_seq),
        member_seq: Number(row.member_seq),
        user_id: users.get(Number(row.member_seq)) ?? null,
        authority: row.authority,
        status: row.status,
        failure_reason: row.failure_reason,
        is_valid: row.is_valid,
        expdate: row.expires_at?.toISOString() ?? null,
        is_expired: row.is_expired,
        regdate: row.started_at.toISOString(),
        authenticated_date: row.authenticated_at?.toISOString() ?? null,
        closed_date: row.closed_at?.toISOString() ?? null,
        user_name: data?.user_name ?? null,
        sex: data?.sex ?? null,
        nationality: data?.nationality ?? null,
        birth_date: data?.birth_date ?? null,
        di: data?.di ?? null,
        ci: data?.ci ?? null,
        cell_carrier: data?.cell_carrier ?? null,
        cell_number: data?.cell_number ?? null,
        ipaddress: data?.ip_address ?? null,
      };
    }),
  };
}

export type WithdrawAddressCertificationRow = {
  seq: number;
  member_seq: number;
  user_id: string | null;
  asset: string;
  bank_code: string | null;
  withdraw_address: string | null;
  holder_name: string | null;
  status: string;
  is_valid: boolean;
  regdate: string;
  reviewed_date: string | null;
};

/** Withdraw-address certifications, with address and holder name joined. */
export async function listWithdrawAddressCertifications(
  db: AnyDb,
  window: ListWindow & { assetCode?: string | undefined },
): Promise<{ rows: WithdrawAddressCertificationRow[]; total: number }> {
  const kdb = kycDb(db);
  let query = kdb.selectFrom('kyc_withdraw_address_certifications');
  if (window.memberSeq !== undefined) query = query.where('member_seq', '=', window.memberSeq);
  if (window.status !== undefined) query = query.where('status', '=', window.status as 'requested');
  if (window.assetCode !== undefined) query = query.where('asset_code', '=', window.assetCode);
  if (window.from !== undefined) query = query.where('requested_at', '>=', window.from);
  if (window.to !== undefined) query = query.where('requested_at', '<', window.to);
  const search = memberFilter(window);
  if (search !== undefined) query = query.where(search);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('requested_at', window.order)
      .orderBy('certification_seq', window.order)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const seqs = rows.map((row) => Number(row.certification_seq));
  // The personal data and the user ids of the page, read together, then found by seq.
  const [personalRows, users] = await Promise.all([
    seqs.length === 0
      ? []
      : kdb
          .selectFrom('kyc_withdraw_address_personal_data')
          .selectAll()
          .where('certification_seq', 'in', seqs)
          .execute(),
    userIds(
      db,
      rows.map((row) => Number(row.member_seq)),
    ),
  ]);
  const personal = new Map(personalRows.map((data) => [Number(data.certification_seq), data]));
  return {
    total: Number(count.total),
    rows: rows.map((row) => {
      const data = personal.get(Number(row.certification_seq));
      return {
        seq: Number(row.certification_seq),
        member_seq: Number(row.member_seq),
        user_id: users.get(Number(row.member_seq)) ?? null,
        asset: row.asset_code,
        bank_code: row.bank_code,
        withdraw_address: data?.withdraw_address ?? null,
        holder_name: data?.holder_name ?? null,
        status: row.status,
        is_valid: row.is_valid,
        regdate: row.requested_at.toISOString(),
        reviewed_date: row.reviewed_at?.toISOString() ?? null,
      };
    }),
  };
}

/** Approved certifications and authentications whose expiry has passed but are not yet expired. */
export async function findDueExpiries(
  db: AnyDb,
  now: Date,
): Promise<{ kind: 'certification' | 'realname'; seq: number; memberSeq: number }[]> {
  const kdb = kycDb(db);
  const certifications = await kdb
    .selectFrom('kyc_certifications')
    .select(['certification_seq', 'member_seq'])
    .where('status', '=', 'approved')
    .where('is_expired', '=', false)
    .where('expires_at', '<=', now)
    .limit(500)
    .execute();
  const realnames = await kdb
    .selectFrom('kyc_realnames')
    .select(['realname_seq', 'member_seq'])
    .where('status', '=', 'authenticated')
    .where('is_expired', '=', false)
    .where('expires_at', '<=', now)
    .limit(500)
    .execute();
  return [
    ...certifications.map((row) => ({
      kind: 'certification' as const,
      seq: Number(row.certification_seq),
      memberSeq: Number(row.member_seq),
    })),
    ...realnames.map((row) => ({
      kind: 'realname' as const,
      seq: Number(row.realname_seq),
      memberSeq: Number(row.member_seq),
    })),
  ];
}

import { sql } from 'kysely';
import { kycDb } from './tables.ts';

type AnyDb = Parameters<typeof kycDb>[0];

/** The next number of a KYC certification, a real-name authentication or an address certification. */
export async function nextKycSeq(
  db: AnyDb,
  kind: 'certification' | 'realname' | 'withdraw_address_certification',
): Promise<number> {
  const sequence = {
    certification: 'kyc_certification_seq',
    realname: 'kyc_realname_seq',
    withdraw_address_certification: 'kyc_withdraw_address_certification_seq',
  }[kind];
  const result = await sql<{ seq: string }>`SELECT nextval(${sequence}::regclass) AS seq`.execute(
    kycDb(db),
  );
  return Number(result.rows[0]?.seq);
}

export type CertificationDocument = {
  kind: string;
  name: string | null;
  reference: string | null;
};

/** A certification's documents (metadata only: kind, file name, reference), before its event. */
export async function insertCertificationDocuments(
  db: AnyDb,
  input: {
    certificationSeq: number;
    memberSeq: number;
    documents: readonly CertificationDocument[];
  },
): Promise<void> {
  if (input.documents.length === 0) return;
  await kycDb(db)
    .insertInto('kyc_certification_documents')
    .values(
      input.documents.map((document, position) => ({
        certification_seq: input.certificationSeq,
        position,
        member_seq: input.memberSeq,
        document_kind: document.kind,
        document_name: document.name,
        document_reference: document.reference,
      })),
    )
    .onConflict((conflict) => conflict.columns(['certification_seq', 'position']).doNothing())
    .execute();
}

export type RealnameIdentity = {
  userName: string;
  sex: 'male' | 'female';
  nationality: 'domestic' | 'foreign';
  /** YYMMDD (SPEC §5: 6 digits). */
  birthDate: string;
  di: string;
  ci: string;
  cellCarrier: string;
  cellNumber: string;
};

/** The personal data a real-name provider answered, keyed by the authentication's seq. */
export async function insertRealnamePersonalData(
  db: AnyDb,
  input: {
    realnameSeq: number;
    memberSeq: number;
    identity: RealnameIdentity;
    ipAddress: string | null;
  },
): Promise<void> {
  const { identity } = input;
  await kycDb(db)
    .insertInto('kyc_realname_personal_data')
    .values({
      realname_seq: input.realnameSeq,
      member_seq: input.memberSeq,
      user_name: identity.userName,
      sex: identity.sex,
      nationality: identity.nationality,
      birth_date: identity.birthDate,
      di: identity.di,
      ci: identity.ci,
      cell_carrier: identity.cellCarrier,
      cell_number: identity.cellNumber,
      ip_address: input.ipAddress,
    })
    .onConflict((conflict) =>
      conflict.column('realname_seq').doUpdateSet((update) => ({
        user_name: update.ref('excluded.user_name'),
        sex: update.ref('excluded.sex'),
        nationality: update.ref('excluded.nationality'),
        birth_date: update.ref('excluded.birth_date'),
        di: update.ref('excluded.di'),
        ci: update.ref('excluded.ci'),
        cell_carrier: update.ref('excluded.cell_carrier'),
        cell_number: update.ref('excluded.cell_number'),
        ip_address: update.ref('excluded.ip_address'),
      })),
    )
    .execute();
}

/** Whether another member's live personal data carries this CI (one person, one member). */
export async function isCiTakenByAnother(
  db: AnyDb,
  memberSeq: number,
  ci: string,
): Promise<boolean> {
  const row = await kycDb(db)
    .selectFrom('kyc_realname_personal_data')
    .select('realname_seq')
    .where('ci', '=', ci)
    .where('member_seq', '!=', memberSeq)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A withdraw address and its holder name, keyed by the certification's seq, before its event. */
export async function insertWithdrawAddressPersonalData(
  db: AnyDb,
  input: {
    certificationSeq: number;
    memberSeq: number;
    withdrawAddress: string;
    holderName: string;
  },
): Promise<void> {
  await kycDb(db)
    .insertInto('kyc_withdraw_address_personal_data')
    .values({
      certification_seq: input.certificationSeq,
      member_seq: input.memberSeq,
      withdraw_address: input.withdrawAddress,
      holder_name: input.holderName,
    })
    .onConflict((conflict) => conflict.column('certification_seq').doNothing())
    .execute();
}

/**
 * Erases every KYC personal datum of a member (account withdrawal, legal erasure): document names
 * and references, real-name data (name, sex, nationality, birth date, CI, DI, carrier, cell
 * number, IP), withdraw addresses and holder names. Idempotent; events are not touched.
 */
export async function eraseKycPersonalData(db: AnyDb, memberSeq: number, now: Date): Promise<void> {
  const kdb = kycDb(db);
  await kdb
    .updateTable('kyc_certification_documents')
    .set({ document_name: null, document_reference: null, erased_at: now })
    .where('member_seq', '=', memberSeq)
    .where('erased_at', 'is', null)
    .execute();
  await kdb
    .updateTable('kyc_realname_personal_data')
    .set({
      user_name: null,
      sex: null,
      nationality: null,
      birth_date: null,
      di: null,
      ci: null,
      cell_carrier: null,
      cell_number: null,
      ip_address: null,
      erased_at: now,
    })
    .where('member_seq', '=', memberSeq)
    .where('erased_at', 'is', null)
    .execute();
  await kdb
    .updateTable('kyc_withdraw_address_personal_data')
    .set({ withdraw_address: null, holder_name: null, erased_at: now })
    .where('member_seq', '=', memberSeq)
    .where('erased_at', 'is', null)
    .execute();
}

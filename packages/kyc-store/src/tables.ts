import type { Db } from '@ledger/db';
import type { MembersReadModel } from '@ledger/identity-store';
import type { ColumnType, Kysely } from 'kysely';

/**
 * KYC's Postgres tables as kysely sees them: the personal-data tables of migration 0013 and the
 * read models the `kyc` projection creates (read through their views). `bigint` and `numeric`
 * columns come back from node-postgres as strings.
 */
type BigintColumn = ColumnType<string | number, number | bigint | string, number | bigint | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type CertificationDocumentsTable = {
  certification_seq: BigintColumn;
  position: number;
  member_seq: BigintColumn;
  document_kind: string;
  document_name: string | null;
  document_reference: string | null;
  created_at: DefaultedTimestamp;
  erased_at: Timestamp | null;
};

export type RealnamePersonalDataTable = {
  realname_seq: BigintColumn;
  member_seq: BigintColumn;
  user_name: string | null;
  sex: string | null;
  nationality: string | null;
  birth_date: string | null;
  di: string | null;
  ci: string | null;
  cell_carrier: string | null;
  cell_number: string | null;
  ip_address: string | null;
  created_at: DefaultedTimestamp;
  erased_at: Timestamp | null;
};

export type WithdrawAddressPersonalDataTable = {
  certification_seq: BigintColumn;
  member_seq: BigintColumn;
  withdraw_address: string | null;
  holder_name: string | null;
  created_at: DefaultedTimestamp;
  erased_at: Timestamp | null;
};

export type KycCertificationsReadModel = {
  certification_seq: BigintColumn;
  member_seq: BigintColumn;
  kyc_type: string;
  document_count: number;
  status: 'requested' | 'approved' | 'denied';
  is_valid: boolean;
  expires_at: Timestamp | null;
  is_expired: boolean;
  requested_at: Timestamp;
  reviewed_at: Timestamp | null;
  reviewed_by: string | null;
};

export type KycRealnamesReadModel = {
  realname_seq: BigintColumn;
  member_seq: BigintColumn;
  authority: string;
  status: 'started' | 'authenticated' | 'failed' | 'closed';
  is_valid: boolean;
  expires_at: Timestamp | null;
  is_expired: boolean;
  failure_reason: string | null;
  started_at: Timestamp;
  authenticated_at: Timestamp | null;
  closed_at: Timestamp | null;
};

export type KycWithdrawAddressCertificationsReadModel = {
  certification_seq: BigintColumn;
  member_seq: BigintColumn;
  asset_code: string;
  bank_code: string | null;
  status: 'requested' | 'approved' | 'denied';
  is_valid: boolean;
  requested_at: Timestamp;
  reviewed_at: Timestamp | null;
  reviewed_by: string | null;
};

export type SecurityLevelsReadModel = {
  security_level: number;
  title: string;
  conditions: string[] | null;
  set_at: Timestamp;
};

export type SecurityRestrictionPoliciesReadModel = {
  security_level: number;
  target: string;
  /** '' for a policy on every asset (CREATE_ACCOUNT only). */
  asset_code: string;
  amount: string | null;
  set_at: Timestamp;
};

export type KycTables = {
  kyc_certification_documents: CertificationDocumentsTable;
  kyc_realname_personal_data: RealnamePersonalDataTable;
  kyc_withdraw_address_personal_data: WithdrawAddressPersonalDataTable;
  kyc_certifications: KycCertificationsReadModel;
  kyc_realnames: KycRealnamesReadModel;
  kyc_withdraw_address_certifications: KycWithdrawAddressCertificationsReadModel;
  security_levels: SecurityLevelsReadModel;
  security_restriction_policies: SecurityRestrictionPoliciesReadModel;
  identity_members: MembersReadModel;
};

export type KycDb = Kysely<KycTables>;

/** The shared database handle, typed with KYC's tables (and identity's member read model). */
export function kycDb(db: Db | Kysely<unknown>): KycDb {
  return (db as Kysely<unknown>).withTables<KycTables>() as unknown as KycDb;
}

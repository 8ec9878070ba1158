import type { Db } from '@ledger/db';
import type { ColumnType, Generated, Kysely } from 'kysely';

/**
 * Identity's Postgres tables as kysely sees them: the operational tables of migrations 0003 and
 * 0004, and the read models the identity projections create (read through their views).
 * `bigint` columns come back from node-postgres as strings (read them with Number(); seqs stay far
 * below 2^53); they are written and compared as numbers.
 */
type BigintColumn = ColumnType<string | number, number | bigint | string, number | bigint | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type PersonalDataTable = {
  member_seq: BigintColumn;
  user_id: string | null;
  user_id_normalized: string | null;
  email_address: string | null;
  email_normalized: string | null;
  user_name: string | null;
  created_at: DefaultedTimestamp;
  erased_at: Timestamp | null;
};

export type CredentialsTable = {
  credential_id: string;
  member_seq: BigintColumn;
  password_hash: string;
  created_at: DefaultedTimestamp;
};

export type OtpSecretsTable = {
  otp_id: string;
  member_seq: BigintColumn;
  secret_ciphertext: Uint8Array;
  last_accepted_step: BigintColumn | null;
  created_at: DefaultedTimestamp;
};

export type VerificationCodesTable = {
  verification_id: string;
  member_seq: BigintColumn;
  purpose: 'registration' | 'email_change' | 'password_reset';
  code_hash: Uint8Array;
  pending_email_address: string | null;
  pending_email_normalized: string | null;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: Timestamp | null;
  created_at: DefaultedTimestamp;
};

export type MailOutboxTable = {
  mail_id: string;
  member_seq: BigintColumn | null;
  recipient: string;
  subject: string;
  body: string;
  created_at: DefaultedTimestamp;
};

export type SessionsTable = {
  session_id: string;
  member_seq: BigintColumn;
  family_secret: Uint8Array;
  generation: number;
  rotated_at: Timestamp | null;
  used_otp: boolean;
  created_at: Timestamp;
  absolute_expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
};

export type RateLimitsTable = { bucket: string; window_started_at: Timestamp; hits: number };

export type LoginSourcesTable = {
  member_seq: BigintColumn;
  source_hash: Uint8Array;
  last_succeeded_at: Timestamp;
};

export type RequestMetadataTable = {
  request_id: string;
  member_seq: BigintColumn | null;
  ip_address: string | null;
  user_agent: string | null;
  recorded_at: DefaultedTimestamp;
};

export type MembersReadModel = {
  member_seq: BigintColumn;
  registered_at: Timestamp;
  is_alive: boolean;
  withdrawn_at: Timestamp | null;
  is_denied: boolean;
  is_admin: boolean;
  security_level: number;
  is_security_level_locked: boolean;
  is_statistics_excluded: boolean;
  is_email_verified: boolean;
  inviter_seq: BigintColumn | null;
  last_login_at: Timestamp | null;
  group_seqs: ColumnType<string[], number[], number[]>;
  role_ids: string[];
  otp_active_count: number;
};

export type OtpsReadModel = {
  otp_id: string;
  member_seq: BigintColumn;
  status: 'registered' | 'active' | 'deactivated';
  registered_at: Timestamp;
  activated_at: Timestamp | null;
  deactivated_at: Timestamp | null;
};

export type LoginLogReadModel = {
  attempt_id: string;
  member_seq: BigintColumn | null;
  result: string;
  session_id: string | null;
  attempted_at: Timestamp;
  request_id: string | null;
};

export type ActivityLogReadModel = {
  event_id: string;
  position: string;
  stream_name: string;
  event_type: string;
  actor: string | null;
  request_id: string | null;
  member_seq: BigintColumn | null;
  data: ColumnType<unknown, string, string>;
  occurred_at: Timestamp;
};

export type MemberGroupsReadModel = {
  group_seq: BigintColumn;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type RolesReadModel = {
  role_id: string;
  name: string;
  permissions: ColumnType<{ method: string; path: string }[], string, string>;
  defined_at: Timestamp;
  changed_at: Timestamp;
};

export type SettingsReadModel = {
  key: string;
  value: ColumnType<unknown, string, string>;
  changed_at: Timestamp;
};

export type BrokeragesReadModel = {
  seq: BigintColumn;
  title: string;
  owner_member_seq: BigintColumn | null;
  brokerage_type: string;
  identification_code: string | null;
  regdate: Timestamp;
};

export type IdentityTables = {
  identity_personal_data: PersonalDataTable;
  identity_credentials: CredentialsTable;
  identity_otp_secrets: OtpSecretsTable;
  identity_verification_codes: VerificationCodesTable;
  identity_mail_outbox: MailOutboxTable;
  identity_sessions: SessionsTable;
  identity_rate_limits: RateLimitsTable;
  identity_login_sources: LoginSourcesTable;
  identity_request_metadata: RequestMetadataTable;
  identity_members: MembersReadModel;
  identity_otps: OtpsReadModel;
  identity_login_log: LoginLogReadModel;
  identity_activity_log: ActivityLogReadModel;
  identity_member_groups: MemberGroupsReadModel;
  identity_roles: RolesReadModel;
  identity_settings: SettingsReadModel;
  brokerages: BrokeragesReadModel;
};

export type IdentityDb = Kysely<IdentityTables>;

/** The shared database handle, typed with identity's tables. */
export function identityDb(db: Db | Kysely<unknown>): IdentityDb {
  return (db as Kysely<unknown>).withTables<IdentityTables>() as unknown as IdentityDb;
}

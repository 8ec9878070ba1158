import type { MemberInfo } from '@ledger/contracts';
import type { IdentityDb } from '@ledger/identity-store';

/**
 * The member as the API shows it (SPEC §3 Member, `member_info`): the members read model joined
 * at query time with the personal data (erased data reads as null) and the inviter's user id.
 */
export function memberInfoQuery(db: IdentityDb) {
  return db
    .selectFrom('identity_members as m')
    .leftJoin('identity_personal_data as p', 'p.member_seq', 'm.member_seq')
    .leftJoin('identity_personal_data as inviter', 'inviter.member_seq', 'm.inviter_seq')
    .select([
      'm.member_seq',
      'm.registered_at',
      'm.is_alive',
      'm.withdrawn_at',
      'm.is_denied',
      'm.is_admin',
      'm.security_level',
      'm.is_security_level_locked',
      'm.is_statistics_excluded',
      'm.is_email_verified',
      'm.inviter_seq',
      'm.last_login_at',
      'm.group_seqs',
      'm.role_ids',
      'm.otp_active_count',
      'p.user_id',
      'p.email_address',
      'p.user_name',
      'inviter.user_id as inviter_user_id',
    ]);
}

type MemberInfoRow = Awaited<
  ReturnType<ReturnType<typeof memberInfoQuery>['executeTakeFirstOrThrow']>
>;

export function memberInfoOf(row: MemberInfoRow): MemberInfo {
  const seq = Number(row.member_seq);
  return {
    seq,
    uid: `M${String(seq).padStart(8, '0')}`,
    user_id: row.user_id,
    email_address: row.email_address,
    user_name: row.user_name,
    is_email_verified: row.is_email_verified,
    is_denied: row.is_denied,
    is_admin: row.is_admin,
    is_alive: row.is_alive,
    regdate: row.registered_at.toISOString(),
    last_login: row.last_login_at?.toISOString() ?? null,
    deleted_date: row.withdrawn_at?.toISOString() ?? null,
    security_level: row.security_level,
    is_security_level_locked: row.is_security_level_locked,
    use_statistics_exclude: row.is_statistics_excluded,
    inviter_seq: row.inviter_seq === null ? null : Number(row.inviter_seq),
    inviter_user_id: row.inviter_user_id,
    otp_count: row.otp_active_count,
    group_seqs: row.group_seqs.map(Number),
  };
}

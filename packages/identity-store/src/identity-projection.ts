import type { RecordedEvent } from '@ledger/event-store';
import type {
  LoginAttempted,
  MemberEvent,
  MemberGroupEvent,
  RoleEvent,
  SettingsEvent,
} from '@ledger/identity';
import type { Projection, ProjectionContext } from '@ledger/projection-runner';
import { sql, type Transaction } from 'kysely';

/** The projection every identity read waits on with `?after=<position>`. */
export const identityProjectionName = 'identity';

export const identityReadModelTables = [
  'identity_members',
  'identity_otps',
  'identity_login_log',
  'identity_activity_log',
  'identity_member_groups',
  'identity_roles',
  'identity_settings',
] as const;

type IdentityEvent = MemberEvent | LoginAttempted | MemberGroupEvent | RoleEvent | SettingsEvent;
type Trx = Transaction<unknown>;
type Apply = (
  trx: Trx,
  event: RecordedEvent,
  table: (name: string) => ReturnType<typeof sql.table>,
) => Promise<void>;

/**
 * Identity's read models, fed by the member, member-group, role, settings and login-attempt
 * streams: members (flags, groups, roles, last login), OTP registrations, the login log and the
 * activity log (each keeps the request id; IP and user agent are joined at query time from the
 * request-metadata table, so an erasure never makes a projection differ from its rebuild), member
 * groups, roles and settings. An event it does not know stops it (never skipped).
 */
export const identityProjection: Projection<unknown> = {
  name: identityProjectionName,
  version: 1,
  filter: { streamPrefixes: ['member-', 'login-attempt-', 'role-', 'settings'] },
  tables: identityReadModelTables,
  setup: (trx, context) => createReadModels(trx, context),
  async apply(trx, events, context) {
    const table = (name: string) => sql.table(context.table(name));
    for (const event of events) {
      const apply = appliers[event.type as IdentityEvent['type']];
      if (apply === undefined) throw new Error(`identity projection: unknown event ${event.type}`);
      await apply(trx, event, table);
      if (event.type !== 'LoginAttempted') await logActivity(trx, event, table);
    }
  },
};

async function createReadModels(trx: Trx, context: ProjectionContext): Promise<void> {
  const table = (name: string) => sql.table(context.table(name));
  await sql`
    CREATE TABLE ${table('identity_members')} (
      member_seq bigint PRIMARY KEY, registered_at timestamptz NOT NULL,
      is_alive boolean NOT NULL DEFAULT true, withdrawn_at timestamptz,
      is_denied boolean NOT NULL DEFAULT false, is_admin boolean NOT NULL DEFAULT false,
      security_level integer NOT NULL DEFAULT 1,
      is_security_level_locked boolean NOT NULL DEFAULT false,
      is_statistics_excluded boolean NOT NULL DEFAULT false,
      is_email_verified boolean NOT NULL DEFAULT false, inviter_seq bigint,
      last_login_at timestamptz, group_seqs bigint[] NOT NULL DEFAULT '{}',
      role_ids text[] NOT NULL DEFAULT '{}', otp_active_count integer NOT NULL DEFAULT 0)`.execute(
    trx,
  );
  await sql`CREATE INDEX ON ${table('identity_members')} (registered_at)`.execute(trx);
  await sql`CREATE INDEX ON ${table('identity_members')} (inviter_seq)`.execute(trx);
  await sql`
    CREATE TABLE ${table('identity_otps')} (
      otp_id uuid PRIMARY KEY, member_seq bigint NOT NULL, status text NOT NULL,
      registered_at timestamptz NOT NULL, activated_at timestamptz, deactivated_at timestamptz)`.execute(
    trx,
  );
  await sql`CREATE INDEX ON ${table('identity_otps')} (member_seq)`.execute(trx);
  await sql`
    CREATE TABLE ${table('identity_login_log')} (
      attempt_id uuid PRIMARY KEY, member_seq bigint, result text NOT NULL, session_id uuid,
      attempted_at timestamptz NOT NULL, request_id text)`.execute(trx);
  await sql`CREATE INDEX ON ${table('identity_login_log')} (attempted_at)`.execute(trx);
  await sql`CREATE INDEX ON ${table('identity_login_log')} (member_seq, attempted_at)`.execute(trx);
  await sql`
    CREATE TABLE ${table('identity_activity_log')} (
      event_id uuid PRIMARY KEY, position text COLLATE "C" NOT NULL, stream_name text NOT NULL,
      event_type text NOT NULL, actor text, request_id text, member_seq bigint,
      data jsonb NOT NULL, occurred_at timestamptz NOT NULL)`.execute(trx);
  await sql`CREATE INDEX ON ${table('identity_activity_log')} (occurred_at)`.execute(trx);
  await sql`
    CREATE TABLE ${table('identity_member_groups')} (
      group_seq bigint PRIMARY KEY, name text NOT NULL,
      created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL)`.execute(trx);
  await sql`
    CREATE TABLE ${table('identity_roles')} (
      role_id text PRIMARY KEY, name text NOT NULL, permissions jsonb NOT NULL,
      defined_at timestamptz NOT NULL, changed_at timestamptz NOT NULL)`.execute(trx);
  await sql`
    CREATE TABLE ${table('identity_settings')} (
      key text PRIMARY KEY, value jsonb NOT NULL, changed_at timestamptz NOT NULL)`.execute(trx);
}

function dataOf<Event extends IdentityEvent>(event: RecordedEvent): Event['data'] {
  return event.data as Event['data'];
}

type MemberData<Type extends MemberEvent['type']> = Extract<MemberEvent, { type: Type }>['data'];

/** An UPDATE of one member row; `set` is a SQL fragment of assignments. */
function updateMember(set: (event: RecordedEvent) => ReturnType<typeof sql>): Apply {
  return async (trx, event, table) => {
    const { memberSeq } = dataOf<MemberEvent>(event);
    const result = await sql`UPDATE ${table('identity_members')} SET ${set(event)}
      WHERE member_seq = ${memberSeq}`.execute(trx);
    if (result.numAffectedRows !== 1n) throw new Error(`no member ${memberSeq} for ${event.type}`);
  };
}

const memberAppliers: Record<MemberEvent['type'], Apply> = {
  async MemberRegistered(trx, event, table) {
    const data = dataOf<Extract<MemberEvent, { type: 'MemberRegistered' }>>(event);
    await sql`INSERT INTO ${table('identity_members')} (member_seq, registered_at, inviter_seq)
      VALUES (${data.memberSeq}, ${data.registeredAt}, ${data.inviterSeq})`.execute(trx);
  },
  EmailVerificationRequested: async () => {},
  PasswordResetRequested: async () => {},
  PasswordChanged: async () => {},
  EmailVerified: updateMember(() => sql`is_email_verified = true`),
  MemberWithdrawn: updateMember(
    (event) =>
      sql`is_alive = false, withdrawn_at = ${(event.data as MemberData<'MemberWithdrawn'>).withdrawnAt}`,
  ),
  MemberDenied: updateMember(() => sql`is_denied = true`),
  MemberAllowed: updateMember(() => sql`is_denied = false`),
  SecurityLevelSet: updateMember(
    (event) =>
      sql`security_level = ${(event.data as MemberData<'SecurityLevelSet'>).securityLevel}`,
  ),
  SecurityLevelLockChanged: updateMember(
    (event) =>
      sql`is_security_level_locked = ${(event.data as MemberData<'SecurityLevelLockChanged'>).isLocked}`,
  ),
  StatisticsExclusionChanged: updateMember(
    (event) =>
      sql`is_statistics_excluded = ${(event.data as MemberData<'StatisticsExclusionChanged'>).isExcluded}`,
  ),
  MemberGroupsChanged: updateMember(
    (event) =>
      sql`group_seqs = ${(event.data as MemberData<'MemberGroupsChanged'>).groupSeqs}::bigint[]`,
  ),
  AdministratorFlagChanged: updateMember(
    (event) => sql`is_admin = ${(event.data as MemberData<'AdministratorFlagChanged'>).isAdmin}`,
  ),
  MemberRolesChanged: updateMember(
    (event) => sql`role_ids = ${(event.data as MemberData<'MemberRolesChanged'>).roleIds}::text[]`,
  ),
  async OtpRegistered(trx, event, table) {
    const data = dataOf<Extract<MemberEvent, { type: 'OtpRegistered' }>>(event);
    await sql`INSERT INTO ${table('identity_otps')} (otp_id, member_seq, status, registered_at)
      VALUES (${data.otpId}, ${data.memberSeq}, 'registered', ${data.registeredAt})`.execute(trx);
  },
  async OtpActivated(trx, event, table) {
    const data = dataOf<Extract<MemberEvent, { type: 'OtpActivated' }>>(event);
    await sql`UPDATE ${table('identity_otps')} SET status = 'active', activated_at = ${data.activatedAt}
      WHERE otp_id = ${data.otpId}`.execute(trx);
    await recountActiveOtps(trx, table, data.memberSeq);
  },
  async OtpDeactivated(trx, event, table) {
    const data = dataOf<Extract<MemberEvent, { type: 'OtpDeactivated' }>>(event);
    await sql`UPDATE ${table('identity_otps')} SET status = 'deactivated',
      deactivated_at = ${data.deactivatedAt} WHERE otp_id = ${data.otpId}`.execute(trx);
    await recountActiveOtps(trx, table, data.memberSeq);
  },
};

async function recountActiveOtps(
  trx: Trx,
  table: (name: string) => ReturnType<typeof sql.table>,
  memberSeq: number,
): Promise<void> {
  await sql`UPDATE ${table('identity_members')} SET otp_active_count =
    (SELECT count(*) FROM ${table('identity_otps')} WHERE member_seq = ${memberSeq} AND status = 'active')
    WHERE member_seq = ${memberSeq}`.execute(trx);
}

const otherAppliers: Record<Exclude<IdentityEvent['type'], MemberEvent['type']>, Apply> = {
  async LoginAttempted(trx, event, table) {
    const data = dataOf<LoginAttempted>(event);
    await sql`INSERT INTO ${table('identity_login_log')}
      (attempt_id, member_seq, result, session_id, attempted_at, request_id)
      VALUES (${data.attemptId}, ${data.memberSeq}, ${data.result}, ${data.sessionId},
              ${data.attemptedAt}, ${event.metadata.requestId ?? null})`.execute(trx);
    if (data.result === 'succeeded' && data.memberSeq !== null) {
      await sql`UPDATE ${table('identity_members')} SET last_login_at = ${data.attemptedAt}
        WHERE member_seq = ${data.memberSeq}`.execute(trx);
    }
  },
  async MemberGroupCreated(trx, event, table) {
    const data = dataOf<Extract<MemberGroupEvent, { type: 'MemberGroupCreated' }>>(event);
    await sql`INSERT INTO ${table('identity_member_groups')} (group_seq, name, created_at, updated_at)
      VALUES (${data.groupSeq}, ${data.name}, ${data.createdAt}, ${data.createdAt})`.execute(trx);
  },
  async MemberGroupRenamed(trx, event, table) {
    const data = dataOf<Extract<MemberGroupEvent, { type: 'MemberGroupRenamed' }>>(event);
    await sql`UPDATE ${table('identity_member_groups')} SET name = ${data.name},
      updated_at = ${data.renamedAt} WHERE group_seq = ${data.groupSeq}`.execute(trx);
  },
  async RoleDefined(trx, event, table) {
    const data = dataOf<Extract<RoleEvent, { type: 'RoleDefined' }>>(event);
    await sql`INSERT INTO ${table('identity_roles')} (role_id, name, permissions, defined_at, changed_at)
      VALUES (${data.roleId}, ${data.name}, ${JSON.stringify(data.permissions)}::jsonb,
              ${data.definedAt}, ${data.definedAt})`.execute(trx);
  },
  async RoleChanged(trx, event, table) {
    const data = dataOf<Extract<RoleEvent, { type: 'RoleChanged' }>>(event);
    await sql`UPDATE ${table('identity_roles')} SET name = ${data.name},
      permissions = ${JSON.stringify(data.permissions)}::jsonb, changed_at = ${data.changedAt}
      WHERE role_id = ${data.roleId}`.execute(trx);
  },
  async SettingChanged(trx, event, table) {
    const data = dataOf<SettingsEvent>(event);
    await sql`INSERT INTO ${table('identity_settings')} (key, value, changed_at)
      VALUES (${data.key}, ${JSON.stringify(data.value)}::jsonb, ${data.changedAt})
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, changed_at = EXCLUDED.changed_at`.execute(
      trx,
    );
  },
};

const appliers: Record<IdentityEvent['type'], Apply> = { ...memberAppliers, ...otherAppliers };

async function logActivity(
  trx: Trx,
  event: RecordedEvent,
  table: (name: string) => ReturnType<typeof sql.table>,
): Promise<void> {
  const data = event.data as { memberSeq?: unknown };
  const memberSeq = typeof data.memberSeq === 'number' ? data.memberSeq : null;
  await sql`INSERT INTO ${table('identity_activity_log')}
    (event_id, position, stream_name, event_type, actor, request_id, member_seq, data, occurred_at)
    VALUES (${event.id}, ${event.position ?? ''}, ${event.streamName}, ${event.type},
            ${event.metadata.actor ?? null}, ${event.metadata.requestId ?? null}, ${memberSeq},
            ${JSON.stringify(event.data)}::jsonb, ${event.recordedAt})`.execute(trx);
}

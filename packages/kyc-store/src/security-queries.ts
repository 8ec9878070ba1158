import {
  defaultSecurityCatalog,
  type KycMemberState,
  type KycType,
  mayCreateAccount,
  type RestrictionPolicy,
  type RestrictionTarget,
  reachedSecurityLevel,
  type SecurityCatalog,
  type SecurityCondition,
  type SecurityLevelDefinition,
  satisfiedConditions,
  securityConditions,
  securityLevelBase,
  withdrawLimitsAt,
} from '@ledger/kyc';
import { type KycDb, kycDb } from './tables.ts';

type AnyDb = Parameters<typeof kycDb>[0];

/** A decimal string as Postgres `numeric` prints it, without trailing zeros ("1.50" → "1.5"). */
function plainDecimal(value: string): string {
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/0+$/, '');
  return trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
}

/**
 * The security catalog in force, from the `kyc` projection: the default levels overridden by the
 * levels an administrator set, and every restriction policy.
 */
export async function readSecurityCatalog(db: AnyDb): Promise<SecurityCatalog> {
  const kdb = kycDb(db);
  const [levelRows, policyRows] = await Promise.all([
    kdb.selectFrom('security_levels').selectAll().execute(),
    kdb.selectFrom('security_restriction_policies').selectAll().execute(),
  ]);
  const levels = defaultSecurityCatalog().levels.map((level): SecurityLevelDefinition => {
    const row = levelRows.find((candidate) => candidate.security_level === level.securityLevel);
    if (row === undefined) return level;
    return {
      securityLevel: level.securityLevel,
      title: row.title,
      conditions:
        row.conditions === null
          ? null
          : securityConditions.filter((condition) => row.conditions?.includes(condition)),
    };
  });
  const policies = policyRows
    .map(
      (row): RestrictionPolicy => ({
        securityLevel: row.security_level,
        target: row.target as RestrictionTarget,
        assetCode: row.asset_code === '' ? null : row.asset_code,
        amount: row.amount === null ? null : plainDecimal(row.amount),
      }),
    )
    .sort(
      (left, right) =>
        left.securityLevel - right.securityLevel ||
        left.target.localeCompare(right.target) ||
        (left.assetCode ?? '').localeCompare(right.assetCode ?? ''),
    );
  return { levels, policies };
}

/** A member's security level and lock from identity's read model (undefined: no such member). */
export async function readMemberSecurityLevel(
  db: AnyDb,
  memberSeq: number,
): Promise<
  | {
      securityLevel: number;
      isLocked: boolean;
      isEmailVerified: boolean;
      activeOtpCount: number;
      isAlive: boolean;
    }
  | undefined
> {
  const row = await kycDb(db)
    .selectFrom('identity_members')
    .select([
      'security_level',
      'is_security_level_locked',
      'is_email_verified',
      'otp_active_count',
      'is_alive',
    ])
    .where('member_seq', '=', memberSeq)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    securityLevel: row.security_level,
    isLocked: row.is_security_level_locked,
    isEmailVerified: row.is_email_verified,
    activeOtpCount: row.otp_active_count,
    isAlive: row.is_alive,
  };
}

/**
 * A read of a projection's view that answers `fallback` while the projection was never registered
 * in this database (42P01: its view does not exist yet, e.g. a service started before the
 * projector): no policies means no restriction.
 */
async function unlessUnprojected<Value>(
  read: () => Promise<Value>,
  fallback: Value,
): Promise<Value> {
  try {
    return await read();
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === '42P01') return fallback;
    throw error;
  }
}

async function policiesAt(db: KycDb, securityLevel: number, assetCode: string) {
  const rows = await unlessUnprojected(() => policyRowsAt(db, securityLevel, assetCode), []);
  return rows.map(
    (row): RestrictionPolicy => ({
      securityLevel: row.security_level,
      target: row.target as RestrictionTarget,
      assetCode: row.asset_code === '' ? null : row.asset_code,
      amount: row.amount === null ? null : plainDecimal(row.amount),
    }),
  );
}

function policyRowsAt(db: KycDb, securityLevel: number, assetCode: string) {
  return db
    .selectFrom('security_restriction_policies')
    .selectAll()
    .where('security_level', '=', securityLevel)
    .where('asset_code', 'in', [assetCode, ''])
    .execute();
}

export type WithdrawLimits = {
  /** The member's security level the limits come from. */
  securityLevel: number;
  /** The most one withdrawal may request, as a decimal string; null: unlimited. */
  oneTime: string | null;
  /** The most one service-time-zone day of withdrawals may request; null: unlimited. */
  daily: string | null;
};

/**
 * A member's withdraw limits of one asset: the restriction policies
 * WITHDRAW_ONE_TIME_AMOUNT and WITHDRAW_DAILY_AMOUNT of the member's security level, as decimal
 * strings (null: no policy, unlimited). Undefined when the member is unknown to the read model.
 * @example const limits = await withdrawLimitsFor(db, 12, 'BTC'); // { securityLevel: 3, oneTime: '0.5', daily: '2' }
 */
export async function withdrawLimitsFor(
  db: AnyDb,
  memberSeq: number,
  assetCode: string,
): Promise<WithdrawLimits | undefined> {
  const member = await readMemberSecurityLevel(db, memberSeq);
  if (member === undefined) return undefined;
  const policies = await policiesAt(kycDb(db), member.securityLevel, assetCode);
  return {
    securityLevel: member.securityLevel,
    ...withdrawLimitsAt({ policies }, member.securityLevel, assetCode),
  };
}

/**
 * Whether the member's security level allows opening an account of `assetCode` (the restriction
 * policy CREATE_ACCOUNT, for that asset or for every asset). A member the read model does not
 * know yet (just registered) is at the base level.
 */
export async function mayMemberCreateAccount(
  db: AnyDb,
  memberSeq: number,
  assetCode: string,
): Promise<{ allowed: boolean; securityLevel: number }> {
  const member = await unlessUnprojected(() => readMemberSecurityLevel(db, memberSeq), undefined);
  // Not projected yet: a member who just registered, at the level every member starts at.
  const securityLevel = member?.securityLevel ?? securityLevelBase;
  const policies = await policiesAt(kycDb(db), securityLevel, assetCode);
  return { allowed: mayCreateAccount({ policies }, securityLevel, assetCode), securityLevel };
}

export type { SecurityCondition };

export type MemberSecurityView = {
  securityLevel: number;
  isLocked: boolean;
  /** The level the member's conditions reach now (what an unlocked level follows). */
  reachedLevel: number;
  satisfied: SecurityCondition[];
  catalog: SecurityCatalog;
};

/**
 * What the member's security-level view shows: the level and lock, which conditions are met now
 * (from identity's and KYC's read models), and the whole catalog (what each level needs and what
 * it restricts). Undefined when the member is unknown to the read model.
 */
export async function readMemberSecurityView(
  db: AnyDb,
  memberSeq: number,
  now: Date,
): Promise<MemberSecurityView | undefined> {
  const member = await readMemberSecurityLevel(db, memberSeq);
  if (member === undefined) return undefined;
  const kdb = kycDb(db);
  const [certifications, realnames, addresses, catalog] = await Promise.all([
    kdb.selectFrom('kyc_certifications').selectAll().where('member_seq', '=', memberSeq).execute(),
    kdb.selectFrom('kyc_realnames').selectAll().where('member_seq', '=', memberSeq).execute(),
    kdb
      .selectFrom('kyc_withdraw_address_certifications')
      .selectAll()
      .where('member_seq', '=', memberSeq)
      .execute(),
    readSecurityCatalog(db),
  ]);
  const state: KycMemberState = {
    memberSeq,
    certifications: Object.fromEntries(
      certifications.map((row) => [
        Number(row.certification_seq),
        {
          status: row.status,
          kycType: row.kyc_type as KycType,
          isValid: row.is_valid,
          expiresAt: row.expires_at?.toISOString() ?? null,
          isExpired: row.is_expired,
        },
      ]),
    ),
    realnames: Object.fromEntries(
      realnames.map((row) => [
        Number(row.realname_seq),
        {
          status: row.status,
          authority: row.authority,
          isValid: row.is_valid,
          expiresAt: row.expires_at?.toISOString() ?? null,
          isExpired: row.is_expired,
        },
      ]),
    ),
    withdrawAddresses: Object.fromEntries(
      addresses.map((row) => [
        Number(row.certification_seq),
        { status: row.status, assetCode: row.asset_code, isValid: row.is_valid },
      ]),
    ),
  };
  const satisfied = satisfiedConditions(
    { isEmailVerified: member.isEmailVerified, activeOtpCount: member.activeOtpCount },
    state,
    now.toISOString(),
  );
  return {
    securityLevel: member.securityLevel,
    isLocked: member.isLocked,
    reachedLevel: reachedSecurityLevel(catalog, satisfied),
    satisfied: securityConditions.filter((condition) => satisfied.has(condition)),
    catalog,
  };
}

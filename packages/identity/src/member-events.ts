import type { MemberSeq, Timestamp } from './identity-types.ts';

/**
 * The member stream's events (`member-<seq>`), documented in docs/events.md. None carries personal
 * data in clear (user id, email, name live in the personal-data table keyed by the member's seq) or
 * a secret (password hashes and OTP seeds live in their own tables, referenced by id).
 */
type MemberEventOf<Type extends string, Data> = {
  type: Type;
  data: Data & { memberSeq: MemberSeq };
};

export type VerificationPurpose = 'registration' | 'email_change';

export type MemberRegistered = MemberEventOf<
  'MemberRegistered',
  {
    /** The credential row holding the password hash. */
    credentialId: string;
    consents: string[];
    inviterSeq: MemberSeq | null;
    registeredAt: Timestamp;
  }
>;

export type EmailVerificationRequested = MemberEventOf<
  'EmailVerificationRequested',
  {
    verificationId: string;
    purpose: VerificationPurpose;
    requestedAt: Timestamp;
    expiresAt: Timestamp;
  }
>;

export type EmailVerified = MemberEventOf<
  'EmailVerified',
  { verificationId: string; purpose: VerificationPurpose; verifiedAt: Timestamp }
>;

export type PasswordResetRequested = MemberEventOf<
  'PasswordResetRequested',
  { verificationId: string; requestedAt: Timestamp; expiresAt: Timestamp }
>;

export type PasswordChanged = MemberEventOf<
  'PasswordChanged',
  {
    credentialId: string;
    reason: 'change' | 'reset';
    verificationId: string | null;
    changedAt: Timestamp;
  }
>;

export type MemberWithdrawn = MemberEventOf<'MemberWithdrawn', { withdrawnAt: Timestamp }>;

export type MemberDenied = MemberEventOf<'MemberDenied', { deniedAt: Timestamp }>;

export type MemberAllowed = MemberEventOf<'MemberAllowed', { allowedAt: Timestamp }>;

export type SecurityLevelSet = MemberEventOf<
  'SecurityLevelSet',
  { securityLevel: number; securityLevelPrevious: number; setAt: Timestamp }
>;

export type SecurityLevelLockChanged = MemberEventOf<
  'SecurityLevelLockChanged',
  { isLocked: boolean; changedAt: Timestamp }
>;

export type StatisticsExclusionChanged = MemberEventOf<
  'StatisticsExclusionChanged',
  { isExcluded: boolean; changedAt: Timestamp }
>;

export type MemberGroupsChanged = MemberEventOf<
  'MemberGroupsChanged',
  { groupSeqs: number[]; changedAt: Timestamp }
>;

export type AdministratorFlagChanged = MemberEventOf<
  'AdministratorFlagChanged',
  { isAdmin: boolean; changedAt: Timestamp }
>;

export type MemberRolesChanged = MemberEventOf<
  'MemberRolesChanged',
  { roleIds: string[]; changedAt: Timestamp }
>;

export type OtpRegistered = MemberEventOf<
  'OtpRegistered',
  { otpId: string; registeredAt: Timestamp }
>;

export type OtpActivated = MemberEventOf<'OtpActivated', { otpId: string; activatedAt: Timestamp }>;

export type OtpDeactivated = MemberEventOf<
  'OtpDeactivated',
  { otpId: string; deactivatedAt: Timestamp }
>;

export type MemberEvent =
  | MemberRegistered
  | EmailVerificationRequested
  | EmailVerified
  | PasswordResetRequested
  | PasswordChanged
  | MemberWithdrawn
  | MemberDenied
  | MemberAllowed
  | SecurityLevelSet
  | SecurityLevelLockChanged
  | StatisticsExclusionChanged
  | MemberGroupsChanged
  | AdministratorFlagChanged
  | MemberRolesChanged
  | OtpRegistered
  | OtpActivated
  | OtpDeactivated;

export type MemberEventType = MemberEvent['type'];

export const memberEventTypes: readonly MemberEventType[] = [
  'MemberRegistered',
  'EmailVerificationRequested',
  'EmailVerified',
  'PasswordResetRequested',
  'PasswordChanged',
  'MemberWithdrawn',
  'MemberDenied',
  'MemberAllowed',
  'SecurityLevelSet',
  'SecurityLevelLockChanged',
  'StatisticsExclusionChanged',
  'MemberGroupsChanged',
  'AdministratorFlagChanged',
  'MemberRolesChanged',
  'OtpRegistered',
  'OtpActivated',
  'OtpDeactivated',
];

export function isMemberEvent(event: { type: string }): event is MemberEvent {
  return (memberEventTypes as readonly string[]).includes(event.type);
}

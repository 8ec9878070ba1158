import type { MemberSeq, Timestamp } from './identity-types.ts';
import type { VerificationPurpose } from './member-events.ts';

/**
 * Commands on one member. Time (`now`) and new ids come in the command, never from inside
 * `decide`; secrets (password hashes, OTP seeds, codes) are checked by the caller and never
 * reach the domain.
 */
type CommandOf<Type extends string, Fields> = { type: Type; now: Timestamp } & Fields;

/** What the caller knows about the named inviter (recommender), read from its stream. */
export type Inviter = { memberSeq: MemberSeq; isAlive: boolean; groupSeqs: readonly number[] };

export type RegisterMember = CommandOf<
  'RegisterMember',
  {
    memberSeq: MemberSeq;
    credentialId: string;
    consents: readonly string[];
    inviter: Inviter | null;
  }
>;
export type RequestEmailVerification = CommandOf<
  'RequestEmailVerification',
  { verificationId: string; purpose: VerificationPurpose }
>;
export type ConfirmEmailVerification = CommandOf<
  'ConfirmEmailVerification',
  { verificationId: string }
>;
export type RequestPasswordReset = CommandOf<'RequestPasswordReset', { verificationId: string }>;
export type ResetPassword = CommandOf<
  'ResetPassword',
  { verificationId: string; credentialId: string }
>;
export type ChangePassword = CommandOf<'ChangePassword', { credentialId: string }>;
export type WithdrawMember = CommandOf<'WithdrawMember', Record<never, never>>;
export type SetDenied = CommandOf<'SetDenied', { isDenied: boolean }>;
export type SetSecurityLevel = CommandOf<
  'SetSecurityLevel',
  { securityLevel: number; source: 'admin' | 'automatic' }
>;
export type SetSecurityLevelLock = CommandOf<'SetSecurityLevelLock', { isLocked: boolean }>;
export type SetStatisticsExclusion = CommandOf<'SetStatisticsExclusion', { isExcluded: boolean }>;
export type SetMemberGroups = CommandOf<'SetMemberGroups', { groupSeqs: readonly number[] }>;
export type SetAdministratorFlag = CommandOf<'SetAdministratorFlag', { isAdmin: boolean }>;
export type SetMemberRoles = CommandOf<'SetMemberRoles', { roleIds: readonly string[] }>;
export type RegisterOtp = CommandOf<'RegisterOtp', { otpId: string }>;
export type ActivateOtp = CommandOf<'ActivateOtp', { otpId: string }>;
export type DeactivateOtp = CommandOf<'DeactivateOtp', { otpId: string }>;

export type MemberCommand =
  | RegisterMember
  | RequestEmailVerification
  | ConfirmEmailVerification
  | RequestPasswordReset
  | ResetPassword
  | ChangePassword
  | WithdrawMember
  | SetDenied
  | SetSecurityLevel
  | SetSecurityLevelLock
  | SetStatisticsExclusion
  | SetMemberGroups
  | SetAdministratorFlag
  | SetMemberRoles
  | RegisterOtp
  | ActivateOtp
  | DeactivateOtp;

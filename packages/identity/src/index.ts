export type { Decision } from '@ledger/decider';
export {
  type AccessPolicy,
  type AccessVerdict,
  evaluateAccess,
  isBrokerageOwner,
  type Principal,
} from './access-control.ts';
export {
  addSeconds,
  emailVerificationLifetimeSeconds,
  isAfter,
  type MemberSeq,
  memberStream,
  type Timestamp,
} from './identity-types.ts';
export {
  type LoginAttempted,
  type LoginResult,
  loginAttemptStream,
  loginResults,
} from './login-attempt.ts';
export type * from './member-commands.ts';
export { decideMember, type MemberDecision } from './member-decider.ts';
export * from './member-events.ts';
export { evolveMember, memberStateFrom } from './member-evolve.ts';
export {
  decideMemberGroup,
  evolveMemberGroup,
  initialMemberGroupState,
  type MemberGroupCommand,
  type MemberGroupEvent,
  type MemberGroupRejection,
  type MemberGroupState,
  memberGroupStream,
} from './member-group-decider.ts';
export type { MemberRejection, MemberRejectionType } from './member-rejections.ts';
export {
  activeOtpIds,
  initialMemberState,
  liveOtpIds,
  type MemberState,
  type OtpStatus,
  securityLevelMax,
  securityLevelMin,
} from './member-state.ts';
export * from './oauth2-client-decider.ts';
export {
  isOtpRequired,
  isStepAcceptable,
  otpPastToleranceSeconds,
  otpPeriodSeconds,
} from './otp-registration.ts';
export {
  type PasswordProblem,
  passwordLengthMax,
  passwordLengthMin,
  passwordProblem,
} from './password-policy.ts';
export {
  decideRole,
  evolveRole,
  initialRoleState,
  type RoleCommand,
  type RoleEvent,
  type RoleRejection,
  type RoleState,
  roleStream,
} from './role-decider.ts';
export { decideRefresh, type RefreshDecision, type RefreshFamily } from './session-rules.ts';
export type { SettingIssue, SettingIssueCode } from './setting-checks.ts';
export * from './settings-catalogue.ts';
export {
  type ChangeSecretSetting,
  type ChangeSetting,
  changeSecretSetting,
  changeSetting,
  evolveSettings,
  type SettingChanged,
  type SettingsEvent,
  type SettingsRejection,
  settingsFrom,
  settingsStream,
} from './settings-decider.ts';

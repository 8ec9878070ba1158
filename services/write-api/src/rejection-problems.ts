import { ProblemError, type ProblemInit } from '@ledger/http';
import type {
  MemberGroupRejection,
  MemberRejection,
  RoleRejection,
  SettingsRejection,
} from '@ledger/identity';

type ProblemOf<Rejection extends { type: string }> = {
  [Type in Rejection['type']]: (rejection: Extract<Rejection, { type: Type }>) => ProblemInit;
};

/** Every member rejection as a problem; the map's type makes it exhaustive (style §2.6). */
const memberProblems: ProblemOf<MemberRejection> = {
  SignUpDisabled: () => ({ status: 403, code: 'sign_up_disabled', title: 'Sign-up is disabled' }),
  MemberAlreadyRegistered: () => ({ status: 409, code: 'conflict', title: 'Already registered' }),
  RequiredConsentMissing: (rejection) => ({
    status: 422,
    code: 'consent_missing',
    title: 'A required consent is missing',
    detail: rejection.missing.join(', '),
  }),
  UnknownConsent: (rejection) => ({
    status: 422,
    code: 'consent_unknown',
    title: 'Unknown consent',
    detail: rejection.unknown.join(', '),
  }),
  InviterNotEligible: () => ({
    status: 422,
    code: 'recommender_not_eligible',
    title: 'Recommender not eligible',
  }),
  MemberNotFound: () => ({ status: 404, code: 'member_not_found', title: 'No such member' }),
  MemberWithdrawn: () => ({ status: 409, code: 'member_withdrawn', title: 'Member withdrawn' }),
  MemberIsDenied: () => ({ status: 403, code: 'member_denied', title: 'The member is denied' }),
  EmailAlreadyVerified: () => ({
    status: 409,
    code: 'email_already_verified',
    title: 'Email already verified',
  }),
  VerificationNotFound: () => invalidCode,
  VerificationExpired: () => invalidCode,
  AdministratorCannotWithdraw: () => ({
    status: 409,
    code: 'administrator_cannot_withdraw',
    title: 'An administrator cannot withdraw',
  }),
  InvalidSecurityLevel: () => ({
    status: 422,
    code: 'security_level_invalid',
    title: 'Security level out of range',
  }),
  SecurityLevelLocked: () => ({
    status: 409,
    code: 'security_level_locked',
    title: 'Security level is locked',
  }),
  OtpLimitReached: (rejection) => ({
    status: 409,
    code: 'otp_limit_reached',
    title: 'Maximum number of OTPs reached',
    detail: `At most ${rejection.maximumCount}.`,
  }),
  OtpNotFound: () => ({ status: 404, code: 'otp_not_found', title: 'No such OTP' }),
  OtpAlreadyActive: () => ({ status: 409, code: 'otp_already_active', title: 'Already active' }),
  OtpCancelNotAllowed: () => ({
    status: 403,
    code: 'otp_cancel_not_allowed',
    title: 'OTP cannot be cancelled',
  }),
};

const invalidCode: ProblemInit = {
  status: 422,
  code: 'verification_code_invalid',
  title: 'Invalid or expired code',
};

export function memberProblem(rejection: MemberRejection): ProblemError {
  const toProblem = memberProblems[rejection.type] as (rejection: MemberRejection) => ProblemInit;
  return new ProblemError(toProblem(rejection));
}

export function memberGroupProblem(rejection: MemberGroupRejection): ProblemError {
  switch (rejection.type) {
    case 'MemberGroupAlreadyExists':
      return new ProblemError({ status: 409, code: 'conflict', title: 'Group exists' });
    case 'MemberGroupNotFound':
      return new ProblemError({
        status: 404,
        code: 'member_group_not_found',
        title: 'No such group',
      });
    case 'InvalidMemberGroupName':
      return new ProblemError({
        status: 422,
        code: 'member_group_name_invalid',
        title: 'Bad name',
      });
  }
}

export function roleProblem(rejection: RoleRejection): ProblemError {
  switch (rejection.type) {
    case 'RoleAlreadyExists':
      return new ProblemError({ status: 409, code: 'conflict', title: 'Role exists' });
    case 'RoleNotFound':
      return new ProblemError({ status: 404, code: 'role_not_found', title: 'No such role' });
    case 'InvalidRoleName':
      return new ProblemError({ status: 422, code: 'role_name_invalid', title: 'Bad role name' });
    case 'PermissionNotGrantable':
      return new ProblemError({
        status: 422,
        code: 'permission_not_grantable',
        title: 'Only administrator routes can be granted',
        detail: rejection.permissions.map((p) => `${p.method} ${p.path}`).join(', '),
      });
  }
}

export function settingsProblem(rejection: SettingsRejection): ProblemError {
  switch (rejection.type) {
    case 'UnknownSetting':
      return new ProblemError({ status: 404, code: 'setting_unknown', title: 'No such setting' });
    case 'InvalidSettingValue':
      return new ProblemError({ status: 422, code: 'setting_value_invalid', title: 'Bad value' });
    case 'SettingUnchanged':
      return new ProblemError({ status: 409, code: 'conflict', title: 'Setting unchanged' });
  }
}

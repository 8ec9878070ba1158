import type { FieldMessageCase } from '@ledger/contracts';
import { type FieldError, ProblemError, type ProblemInit } from '@ledger/http';
import type {
  MemberGroupRejection,
  MemberRejection,
  RoleRejection,
  SettingIssue,
  SettingsRejection,
} from '@ledger/identity';

type ProblemOf<Rejection extends { type: string }> = {
  [Type in Rejection['type']]: (rejection: Extract<Rejection, { type: Type }>) => ProblemInit;
};

/** Every member rejection as a problem; the map's type makes it exhaustive (style §2.6). */
const memberProblems: ProblemOf<MemberRejection> = {
  SignUpDisabled: () => ({ status: 403, code: 'sign_up_disabled' }),
  MemberAlreadyRegistered: () => ({
    status: 409,
    code: 'conflict',
    message: 'conflict.already_registered',
  }),
  RequiredConsentMissing: (rejection) => ({
    status: 422,
    code: 'consent_missing',
    params: { consents: rejection.missing },
  }),
  UnknownConsent: (rejection) => ({
    status: 422,
    code: 'consent_unknown',
    params: { consents: rejection.unknown },
  }),
  InviterNotEligible: () => ({
    status: 422,
    code: 'recommender_not_eligible',
  }),
  MemberNotFound: () => ({ status: 404, code: 'member_not_found' }),
  MemberWithdrawn: () => ({ status: 409, code: 'member_withdrawn' }),
  MemberIsDenied: () => ({ status: 403, code: 'member_denied' }),
  EmailAlreadyVerified: () => ({
    status: 409,
    code: 'email_already_verified',
  }),
  VerificationNotFound: () => invalidCode,
  VerificationExpired: () => invalidCode,
  AdministratorCannotWithdraw: () => ({
    status: 409,
    code: 'administrator_cannot_withdraw',
  }),
  InvalidSecurityLevel: () => ({
    status: 422,
    code: 'security_level_invalid',
  }),
  SecurityLevelLocked: () => ({
    status: 409,
    code: 'security_level_locked',
  }),
  OtpLimitReached: (rejection) => ({
    status: 409,
    code: 'otp_limit_reached',
    params: { otpCountMax: rejection.maximumCount },
  }),
  OtpNotFound: () => ({ status: 404, code: 'otp_not_found' }),
  OtpAlreadyActive: () => ({ status: 409, code: 'otp_already_active' }),
  OtpCancelNotAllowed: () => ({
    status: 403,
    code: 'otp_cancel_not_allowed',
  }),
};

const invalidCode: ProblemInit = {
  status: 422,
  code: 'verification_code_invalid',
};

export function memberProblem(rejection: MemberRejection): ProblemError {
  const toProblem = memberProblems[rejection.type] as (rejection: MemberRejection) => ProblemInit;
  return new ProblemError(toProblem(rejection));
}

export function memberGroupProblem(rejection: MemberGroupRejection): ProblemError {
  switch (rejection.type) {
    case 'MemberGroupAlreadyExists':
      return new ProblemError({ status: 409, code: 'conflict', message: 'conflict.group_exists' });
    case 'MemberGroupNotFound':
      return new ProblemError({
        status: 404,
        code: 'member_group_not_found',
      });
    case 'InvalidMemberGroupName':
      return new ProblemError({
        status: 422,
        code: 'member_group_name_invalid',
      });
  }
}

export function roleProblem(rejection: RoleRejection): ProblemError {
  switch (rejection.type) {
    case 'RoleAlreadyExists':
      return new ProblemError({ status: 409, code: 'conflict', message: 'conflict.role_exists' });
    case 'RoleNotFound':
      return new ProblemError({ status: 404, code: 'role_not_found' });
    case 'InvalidRoleName':
      return new ProblemError({ status: 422, code: 'role_name_invalid' });
    case 'PermissionNotGrantable':
      return new ProblemError({
        status: 422,
        code: 'permission_not_grantable',
        params: { permissions: rejection.permissions.map((p) => `${p.method} ${p.path}`) },
      });
  }
}

export function settingsProblem(rejection: SettingsRejection): ProblemError {
  switch (rejection.type) {
    case 'UnknownSetting':
      return new ProblemError({ status: 404, code: 'setting_unknown' });
    case 'InvalidSettingValue':
      return new ProblemError({
        status: 422,
        code: 'setting_value_invalid',
        params: { key: rejection.key },
        errors: [settingFieldError(rejection.issue)],
      });
    case 'SecretSettingWriteOnly':
      return new ProblemError({ status: 409, code: 'setting_secret_write_only' });
    case 'SettingUnchanged':
      return new ProblemError({
        status: 409,
        code: 'conflict',
        message: 'conflict.setting_unchanged',
      });
  }
}

/**
 * A setting's refusal as the field error of the request's `value` (`value.2` is its third item),
 * said in the caller's locale by the field catalog: a bound names its number, a text or list
 * bound its characters or items.
 */
function settingFieldError(issue: SettingIssue): FieldError {
  const [code = issue.code] = issue.code.split('.');
  const params = {
    ...(issue.minimum === undefined ? {} : { minimum: issue.minimum }),
    ...(issue.maximum === undefined ? {} : { maximum: issue.maximum }),
  };
  return {
    path: ['value', ...issue.path].join('.'),
    code,
    message: issue.code,
    params,
    ...(code === issue.code ? {} : { messageCase: issue.code as FieldMessageCase }),
  };
}

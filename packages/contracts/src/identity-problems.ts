/**
 * Stable failure codes of identity and access, in addition to the common ones in
 * problem.ts. A code is a contract with clients; never rename one.
 */
export const identityProblemCodes = [
  /** 401: unknown identifier or wrong password (never says which). */
  'invalid_credentials',
  /** 401 at login, 422 elsewhere: the one-time password is wrong, reused or too old. */
  'otp_invalid',
  /** 403: this action needs `otp_token` (the member has an active OTP and settings ask for it). */
  'otp_token_required',
  /** 403: administrator routes need a session opened with a one-time password. */
  'otp_session_required',
  /** 403: an administrator denied this member. */
  'member_denied',
  /** 404: no such member (or not visible to the caller). */
  'member_not_found',
  /** 409: the member has withdrawn. */
  'member_withdrawn',
  /** 403: sign-up is disabled in the settings. */
  'sign_up_disabled',
  /** 409: the identifier is taken. */
  'user_id_taken',
  'email_taken',
  /** 422: a consent the settings require is missing, or one they do not know was sent. */
  'consent_missing',
  'consent_unknown',
  /** 422: the recommender does not exist or is not in an allowed group. */
  'recommender_not_eligible',
  /** 422: too short, too long, too common, or containing the user id. */
  'password_too_weak',
  /** 403: the current password given for a sensitive change is wrong. */
  'current_password_incorrect',
  /** 422: the emailed code is wrong, used, expired, or its attempts are spent. */
  'verification_code_invalid',
  /** 409: the email is already verified. */
  'email_already_verified',
  /** 409: an administrator cannot withdraw (remove the flag first). */
  'administrator_cannot_withdraw',
  /** 422 / 409: security level out of range, or locked against automatic changes. */
  'security_level_invalid',
  'security_level_locked',
  /** OTP registrations. */
  'otp_limit_reached',
  'otp_not_found',
  'otp_already_active',
  'otp_cancel_not_allowed',
  /** 401: the refresh cookie is missing, malformed, expired or revoked. */
  'refresh_token_invalid',
  /** 401: a rotated refresh token was used again; the whole session was revoked. */
  'refresh_token_reused',
  /** 403: the refresh call lacks the custom header (X-Requested-With: XMLHttpRequest). */
  'refresh_header_missing',
  /** Member groups, roles and settings (administration). */
  'member_group_not_found',
  'member_group_name_invalid',
  'role_not_found',
  'role_name_invalid',
  'permission_not_grantable',
  'setting_unknown',
  'setting_value_invalid',
  /** 409: a secret setting is written only through PUT /admin/setting-secret/{key}. */
  'setting_secret_write_only',
  /** 503: `?after=<position>` was not reached by the read models in time; retry. */
  'read_model_behind',
  /** 409: the aggregate changed concurrently too often; retry. */
  'write_conflict',
  /** 409: an administrator tried to deny itself or drop its own administrator flag. */
  'self_administration_refused',
  /** OAuth2 clients (administration). */
  'oauth2_client_not_found',
  'oauth2_client_revoked',
  'oauth2_client_invalid',
] as const;

export type IdentityProblemCode = (typeof identityProblemCodes)[number];

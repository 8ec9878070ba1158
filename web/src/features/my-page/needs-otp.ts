import { toApiFailure } from '../../lib/api-failure.ts';

/**
 * Whether a sensitive form shows the one-time-password field: when the member has an active OTP
 * (settings decide which actions then need it), or when the server said this one does.
 */
export function needsOtpField(hasActiveOtp: boolean, error: unknown): boolean {
  if (hasActiveOtp) return true;
  return error !== null && error !== undefined && toApiFailure(error).code === 'otp_token_required';
}

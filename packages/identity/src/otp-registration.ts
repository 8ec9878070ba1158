import { accepted, rejected } from '@ledger/decider';
import type { ActivateOtp, DeactivateOtp, RegisterOtp } from './member-commands.ts';
import type { MemberDecision } from './member-decider.ts';
import { refuseUnlessAllowed } from './member-guards.ts';
import { activeOtpIds, liveOtpIds, type MemberState, seqOf } from './member-state.ts';
import type { IdentitySettings, OtpRequiredAction } from './settings-catalogue.ts';

/**
 * OTP registrations of a member: registered (secret issued, not yet proven), active (proven with a
 * valid code), deactivated. The seed never reaches the domain; the caller checks codes.
 */
export function decideOtp(
  command: RegisterOtp | ActivateOtp | DeactivateOtp,
  state: MemberState,
  settings: IdentitySettings,
): MemberDecision {
  const refusal = refuseUnlessAllowed(state);
  if (refusal) return rejected(refusal);
  const memberSeq = seqOf(state);
  switch (command.type) {
    case 'RegisterOtp': {
      const maximumCount = settings['otp.maximumCount'];
      if (liveOtpIds(state).length >= maximumCount) {
        return rejected({ type: 'OtpLimitReached', maximumCount });
      }
      const data = { memberSeq, otpId: command.otpId, registeredAt: command.now };
      return accepted([{ type: 'OtpRegistered', data }]);
    }
    case 'ActivateOtp': {
      const status = state.otps[command.otpId];
      if (status === undefined || status === 'deactivated') {
        return rejected({ type: 'OtpNotFound', otpId: command.otpId });
      }
      if (status === 'active') return rejected({ type: 'OtpAlreadyActive', otpId: command.otpId });
      const data = { memberSeq, otpId: command.otpId, activatedAt: command.now };
      return accepted([{ type: 'OtpActivated', data }]);
    }
    case 'DeactivateOtp': {
      const status = state.otps[command.otpId];
      if (status === undefined || status === 'deactivated') {
        return rejected({ type: 'OtpNotFound', otpId: command.otpId });
      }
      // A registration never proven can always be dropped; an active one only where allowed.
      if (status === 'active' && !settings['otp.allowCancel']) {
        return rejected({ type: 'OtpCancelNotAllowed', otpId: command.otpId });
      }
      const data = { memberSeq, otpId: command.otpId, deactivatedAt: command.now };
      return accepted([{ type: 'OtpDeactivated', data }]);
    }
  }
}

/** Whether `action` needs a valid one-time password from this member now. */
export function isOtpRequired(
  action: OtpRequiredAction,
  state: MemberState,
  settings: IdentitySettings,
): boolean {
  return activeOtpIds(state).length > 0 && settings['otp.requiredActions'].includes(action);
}

/** TOTP step length (RFC 6238 default) and the accepted drift: one step, past only. */
export const otpPeriodSeconds = 30;
export const otpPastToleranceSeconds = 30;

/**
 * A code is accepted at most once: its time step must be after the last accepted step of the same
 * registration (RFC 6238 §5.2). The caller stores the step with a compare-and-set.
 */
export function isStepAcceptable(step: number, lastAcceptedStep: number | null): boolean {
  return lastAcceptedStep === null || step > lastAcceptedStep;
}

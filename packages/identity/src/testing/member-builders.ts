import type { MemberEvent } from '../member-events.ts';

/** Fixed, readable member events for tests. */
export const memberSeq = 7;
export const t0 = '2025-01-15T03:00:00.000Z';
export const t1 = '2025-01-15T03:01:00.000Z';
export const t6 = '2025-01-15T03:06:00.000Z';

export function registered(
  overrides: Partial<Extract<MemberEvent, { type: 'MemberRegistered' }>['data']> = {},
): MemberEvent {
  return {
    type: 'MemberRegistered',
    data: {
      memberSeq,
      credentialId: 'credential-1',
      consents: ['terms_of_service', 'privacy_policy'],
      inviterSeq: null,
      registeredAt: t0,
      ...overrides,
    },
  };
}

export function verificationRequested(
  verificationId = 'v1',
  purpose: 'registration' | 'email_change' = 'registration',
): MemberEvent {
  return {
    type: 'EmailVerificationRequested',
    data: {
      memberSeq,
      verificationId,
      purpose,
      requestedAt: t0,
      expiresAt: '2025-01-15T03:05:00.000Z',
    },
  };
}

export function otpRegistered(otpId = 'otp-1'): MemberEvent {
  return { type: 'OtpRegistered', data: { memberSeq, otpId, registeredAt: t0 } };
}

export function otpActivated(otpId = 'otp-1'): MemberEvent {
  return { type: 'OtpActivated', data: { memberSeq, otpId, activatedAt: t0 } };
}

export function denied(): MemberEvent {
  return { type: 'MemberDenied', data: { memberSeq, deniedAt: t0 } };
}

export function withdrawn(): MemberEvent {
  return { type: 'MemberWithdrawn', data: { memberSeq, withdrawnAt: t0 } };
}

export function administrator(): MemberEvent {
  return { type: 'AdministratorFlagChanged', data: { memberSeq, isAdmin: true, changedAt: t0 } };
}

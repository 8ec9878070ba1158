import type { MemberSeq, Timestamp } from './identity-types.ts';
import type { VerificationPurpose } from './member-events.ts';

export type OtpStatus = 'registered' | 'active' | 'deactivated';

export type PendingVerification = {
  verificationId: string;
  purpose: VerificationPurpose | 'password_reset';
  expiresAt: Timestamp;
};

/** What the decider needs to know about one member, folded from its stream. */
export type MemberState = {
  status: 'unregistered' | 'active' | 'withdrawn';
  memberSeq: MemberSeq | undefined;
  credentialId: string | undefined;
  registeredAt: Timestamp | undefined;
  inviterSeq: MemberSeq | null;
  isEmailVerified: boolean;
  isDenied: boolean;
  isAdmin: boolean;
  securityLevel: number;
  isSecurityLevelLocked: boolean;
  isStatisticsExcluded: boolean;
  groupSeqs: number[];
  roleIds: string[];
  /** The open email verification or password reset; a new request replaces it. */
  pendingVerification: PendingVerification | undefined;
  otps: Record<string, OtpStatus>;
};

export const securityLevelMin = 0;
export const securityLevelMax = 10;
export const securityLevelInitial = 1;

export function initialMemberState(): MemberState {
  return {
    status: 'unregistered',
    memberSeq: undefined,
    credentialId: undefined,
    registeredAt: undefined,
    inviterSeq: null,
    isEmailVerified: false,
    isDenied: false,
    isAdmin: false,
    securityLevel: securityLevelInitial,
    isSecurityLevelLocked: false,
    isStatisticsExcluded: false,
    groupSeqs: [],
    roleIds: [],
    pendingVerification: undefined,
    otps: {},
  };
}

/** OTP registrations that are not deactivated (pending or active). */
export function liveOtpIds(state: MemberState): string[] {
  return Object.entries(state.otps)
    .filter(([, status]) => status !== 'deactivated')
    .map(([otpId]) => otpId);
}

export function activeOtpIds(state: MemberState): string[] {
  return Object.entries(state.otps)
    .filter(([, status]) => status === 'active')
    .map(([otpId]) => otpId);
}

/** The seq of a registered member (an unregistered state here is a programmer error). */
export function seqOf(state: MemberState): number {
  if (state.memberSeq === undefined) throw new Error('the member is not registered');
  return state.memberSeq;
}

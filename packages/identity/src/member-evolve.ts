import { assert } from '@ledger/decider';
import type { MemberEvent } from './member-events.ts';
import { initialMemberState, type MemberState } from './member-state.ts';

/**
 * Applies one member event to the state, returning the next state (the input is not changed).
 * An event that contradicts the state is a programmer error: it asserts.
 */
export function evolveMember(state: MemberState, event: MemberEvent): MemberState {
  if (event.type === 'MemberRegistered') {
    assert(state.status === 'unregistered', 'a member registers once');
    return {
      ...state,
      status: 'active',
      memberSeq: event.data.memberSeq,
      credentialId: event.data.credentialId,
      registeredAt: event.data.registeredAt,
      inviterSeq: event.data.inviterSeq,
    };
  }
  assert(state.status !== 'unregistered', 'events after registration only');
  assert(state.memberSeq === event.data.memberSeq, 'an event of another member');
  return evolveRegistered(state, event);
}

function evolveRegistered(state: MemberState, event: MemberEvent): MemberState {
  switch (event.type) {
    case 'MemberRegistered':
      throw new Error('handled by evolveMember');
    case 'EmailVerificationRequested':
      return {
        ...state,
        pendingVerification: {
          verificationId: event.data.verificationId,
          purpose: event.data.purpose,
          expiresAt: event.data.expiresAt,
        },
      };
    case 'PasswordResetRequested':
      return {
        ...state,
        pendingVerification: {
          verificationId: event.data.verificationId,
          purpose: 'password_reset',
          expiresAt: event.data.expiresAt,
        },
      };
    case 'EmailVerified':
      return { ...state, isEmailVerified: true, pendingVerification: undefined };
    case 'PasswordChanged':
      return {
        ...state,
        credentialId: event.data.credentialId,
        pendingVerification: event.data.reason === 'reset' ? undefined : state.pendingVerification,
      };
    case 'MemberWithdrawn':
      return { ...state, status: 'withdrawn', pendingVerification: undefined };
    default:
      return evolveAdministration(state, event);
  }
}

function evolveAdministration(state: MemberState, event: MemberEvent): MemberState {
  switch (event.type) {
    case 'MemberDenied':
      return { ...state, isDenied: true };
    case 'MemberAllowed':
      return { ...state, isDenied: false };
    case 'SecurityLevelSet':
      return { ...state, securityLevel: event.data.securityLevel };
    case 'SecurityLevelLockChanged':
      return { ...state, isSecurityLevelLocked: event.data.isLocked };
    case 'StatisticsExclusionChanged':
      return { ...state, isStatisticsExcluded: event.data.isExcluded };
    case 'MemberGroupsChanged':
      return { ...state, groupSeqs: [...event.data.groupSeqs] };
    case 'AdministratorFlagChanged':
      return { ...state, isAdmin: event.data.isAdmin };
    case 'MemberRolesChanged':
      return { ...state, roleIds: [...event.data.roleIds] };
    default:
      return evolveOtp(state, event);
  }
}

function evolveOtp(state: MemberState, event: MemberEvent): MemberState {
  switch (event.type) {
    case 'OtpRegistered':
      assert(state.otps[event.data.otpId] === undefined, 'an OTP id is registered once');
      return { ...state, otps: { ...state.otps, [event.data.otpId]: 'registered' } };
    case 'OtpActivated':
      assert(state.otps[event.data.otpId] === 'registered', 'only a registered OTP activates');
      return { ...state, otps: { ...state.otps, [event.data.otpId]: 'active' } };
    case 'OtpDeactivated':
      assert(state.otps[event.data.otpId] !== undefined, 'only a known OTP deactivates');
      return { ...state, otps: { ...state.otps, [event.data.otpId]: 'deactivated' } };
    default:
      throw new Error(`unexpected member event ${event.type}`);
  }
}

/** The state after every event of a member stream. */
export function memberStateFrom(events: readonly MemberEvent[]): MemberState {
  return events.reduce(evolveMember, initialMemberState());
}

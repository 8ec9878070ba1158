import { accepted, type Decision, rejected } from '@ledger/decider';
import { addSeconds, emailVerificationLifetimeSeconds, isAfter } from './identity-types.ts';
import { decideAdministration } from './member-administration.ts';
import type {
  ChangePassword,
  ConfirmEmailVerification,
  MemberCommand,
  RegisterMember,
  RequestEmailVerification,
  RequestPasswordReset,
  ResetPassword,
  WithdrawMember,
} from './member-commands.ts';
import type { MemberEvent } from './member-events.ts';
import { refuseUnlessActive, refuseUnlessAllowed } from './member-guards.ts';
import type { MemberRejection } from './member-rejections.ts';
import { type MemberState, seqOf } from './member-state.ts';
import { decideOtp } from './otp-registration.ts';
import type { IdentitySettings } from './settings-catalogue.ts';

export type MemberDecision = Decision<MemberEvent, MemberRejection>;

/** Decides one member command against the member's state and the current settings. Pure. */
export function decideMember(
  command: MemberCommand,
  state: MemberState,
  settings: IdentitySettings,
): MemberDecision {
  switch (command.type) {
    case 'RegisterMember':
      return registerMember(command, state, settings);
    case 'RequestEmailVerification':
      return requestEmailVerification(command, state);
    case 'ConfirmEmailVerification':
      return confirmEmailVerification(command, state);
    case 'RequestPasswordReset':
      return requestPasswordReset(command, state);
    case 'ResetPassword':
      return resetPassword(command, state);
    case 'ChangePassword':
      return changePassword(command, state);
    case 'WithdrawMember':
      return withdrawMember(command, state);
    case 'RegisterOtp':
    case 'ActivateOtp':
    case 'DeactivateOtp':
      return decideOtp(command, state, settings);
    default:
      return decideAdministration(command, state);
  }
}

function registerMember(
  command: RegisterMember,
  state: MemberState,
  settings: IdentitySettings,
): MemberDecision {
  if (!settings['member.signUpEnabled']) return rejected({ type: 'SignUpDisabled' });
  if (state.status !== 'unregistered') return rejected({ type: 'MemberAlreadyRegistered' });
  const required = settings['member.requiredConsents'];
  const missing = required.filter((consent) => !command.consents.includes(consent));
  if (missing.length > 0) return rejected({ type: 'RequiredConsentMissing', missing });
  const unknown = command.consents.filter((consent) => !required.includes(consent));
  if (unknown.length > 0) return rejected({ type: 'UnknownConsent', unknown });
  if (command.inviter !== null && !isEligibleInviter(command.inviter, settings)) {
    return rejected({ type: 'InviterNotEligible' });
  }
  return accepted([
    {
      type: 'MemberRegistered',
      data: {
        memberSeq: command.memberSeq,
        credentialId: command.credentialId,
        consents: [...command.consents],
        inviterSeq: command.inviter?.memberSeq ?? null,
        registeredAt: command.now,
      },
    },
  ]);
}

function isEligibleInviter(inviter: RegisterMember['inviter'] & {}, settings: IdentitySettings) {
  const allowed = settings['member.recommenderAllowedGroups'];
  if (!inviter.isAlive) return false;
  return allowed.length === 0 || inviter.groupSeqs.some((group) => allowed.includes(group));
}

function requestEmailVerification(
  command: RequestEmailVerification,
  state: MemberState,
): MemberDecision {
  const refusal = refuseUnlessAllowed(state);
  if (refusal) return rejected(refusal);
  if (command.purpose === 'registration' && state.isEmailVerified) {
    return rejected({ type: 'EmailAlreadyVerified' });
  }
  return accepted([
    {
      type: 'EmailVerificationRequested',
      data: {
        memberSeq: seqOf(state),
        verificationId: command.verificationId,
        purpose: command.purpose,
        requestedAt: command.now,
        expiresAt: addSeconds(command.now, emailVerificationLifetimeSeconds),
      },
    },
  ]);
}

/** The open verification named by the command, if it is still valid at `now`. */
function pendingOf(
  state: MemberState,
  verificationId: string,
  now: string,
  purposes: readonly string[],
): MemberRejection | NonNullable<MemberState['pendingVerification']> {
  const pending = state.pendingVerification;
  if (pending === undefined || pending.verificationId !== verificationId) {
    return { type: 'VerificationNotFound' };
  }
  if (!purposes.includes(pending.purpose)) return { type: 'VerificationNotFound' };
  if (isAfter(now, pending.expiresAt)) return { type: 'VerificationExpired' };
  return pending;
}

function confirmEmailVerification(
  command: ConfirmEmailVerification,
  state: MemberState,
): MemberDecision {
  const refusal = refuseUnlessAllowed(state);
  if (refusal) return rejected(refusal);
  const pending = pendingOf(state, command.verificationId, command.now, [
    'registration',
    'email_change',
  ]);
  if ('type' in pending) return rejected(pending);
  const purpose = pending.purpose === 'email_change' ? 'email_change' : 'registration';
  return accepted([
    {
      type: 'EmailVerified',
      data: {
        memberSeq: seqOf(state),
        verificationId: command.verificationId,
        purpose,
        verifiedAt: command.now,
      },
    },
  ]);
}

function requestPasswordReset(command: RequestPasswordReset, state: MemberState): MemberDecision {
  const refusal = refuseUnlessActive(state);
  if (refusal) return rejected(refusal);
  return accepted([
    {
      type: 'PasswordResetRequested',
      data: {
        memberSeq: seqOf(state),
        verificationId: command.verificationId,
        requestedAt: command.now,
        expiresAt: addSeconds(command.now, emailVerificationLifetimeSeconds),
      },
    },
  ]);
}

function resetPassword(command: ResetPassword, state: MemberState): MemberDecision {
  const refusal = refuseUnlessActive(state);
  if (refusal) return rejected(refusal);
  const pending = pendingOf(state, command.verificationId, command.now, ['password_reset']);
  if ('type' in pending) return rejected(pending);
  return accepted([
    {
      type: 'PasswordChanged',
      data: {
        memberSeq: seqOf(state),
        credentialId: command.credentialId,
        reason: 'reset',
        verificationId: command.verificationId,
        changedAt: command.now,
      },
    },
  ]);
}

function changePassword(command: ChangePassword, state: MemberState): MemberDecision {
  const refusal = refuseUnlessAllowed(state);
  if (refusal) return rejected(refusal);
  return accepted([
    {
      type: 'PasswordChanged',
      data: {
        memberSeq: seqOf(state),
        credentialId: command.credentialId,
        reason: 'change',
        verificationId: null,
        changedAt: command.now,
      },
    },
  ]);
}

function withdrawMember(command: WithdrawMember, state: MemberState): MemberDecision {
  const refusal = refuseUnlessActive(state);
  if (refusal) return rejected(refusal);
  if (state.isAdmin) return rejected({ type: 'AdministratorCannotWithdraw' });
  return accepted([
    {
      type: 'MemberWithdrawn',
      data: { memberSeq: seqOf(state), withdrawnAt: command.now },
    },
  ]);
}

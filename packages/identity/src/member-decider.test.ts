// Proves the member decider: registration follows the settings (sign-up, consents, recommender
// groups), email verification and password reset codes expire after 5 minutes, denied and withdrawn
// members cannot act, administration is idempotent, and every refusal is a named rejection.
import { describe, it } from 'vitest';
import {
  administrator,
  denied,
  expectEvolveAsserts,
  givenMember,
  memberSeq,
  otpActivated,
  registered,
  t0,
  t1,
  t6,
  verificationRequested,
  withdrawn,
} from './testing/index.ts';

const register = {
  type: 'RegisterMember',
  memberSeq,
  credentialId: 'credential-1',
  consents: ['terms_of_service', 'privacy_policy'],
  inviter: null,
  now: t0,
} as const;

describe('RegisterMember', () => {
  it('registers with the required consents', () => {
    givenMember([]).when(register).then([registered()]);
  });

  it('refuses when sign-up is disabled', () => {
    givenMember([], { 'member.signUpEnabled': false }).when(register).thenRejects('SignUpDisabled');
  });

  it('names the missing and the unknown consents', () => {
    givenMember([])
      .when({ ...register, consents: ['terms_of_service'] })
      .thenRejects('RequiredConsentMissing', { missing: ['privacy_policy'] });
    givenMember([])
      .when({ ...register, consents: [...register.consents, 'marketing'] })
      .thenRejects('UnknownConsent', { unknown: ['marketing'] });
  });

  it('refuses a second registration of the same seq', () => {
    givenMember([registered()]).when(register).thenRejects('MemberAlreadyRegistered');
  });

  it('accepts a recommender from an allowed group and refuses others', () => {
    const settings = { 'member.recommenderAllowedGroups': [3] };
    const inviter = { memberSeq: 2, isAlive: true, groupSeqs: [3] };
    givenMember([], settings)
      .when({ ...register, inviter })
      .then([registered({ inviterSeq: 2 })]);
    givenMember([], settings)
      .when({ ...register, inviter: { ...inviter, groupSeqs: [4] } })
      .thenRejects('InviterNotEligible');
    givenMember([])
      .when({ ...register, inviter: { ...inviter, isAlive: false } })
      .thenRejects('InviterNotEligible');
  });
});

describe('email verification', () => {
  const confirm = { type: 'ConfirmEmailVerification', verificationId: 'v1', now: t1 } as const;

  it('requests a code valid for 5 minutes', () => {
    givenMember([registered()])
      .when({
        type: 'RequestEmailVerification',
        verificationId: 'v1',
        purpose: 'registration',
        now: t0,
      })
      .then([verificationRequested()]);
  });

  it('confirms within 5 minutes, not after, and not a replaced or unknown verification', () => {
    givenMember([registered(), verificationRequested()])
      .when(confirm)
      .then([
        {
          type: 'EmailVerified',
          data: { memberSeq, verificationId: 'v1', purpose: 'registration', verifiedAt: t1 },
        },
      ]);
    givenMember([registered(), verificationRequested()])
      .when({ ...confirm, now: t6 })
      .thenRejects('VerificationExpired');
    givenMember([registered(), verificationRequested(), verificationRequested('v2')])
      .when(confirm)
      .thenRejects('VerificationNotFound');
  });

  it('refuses a second registration verification once verified', () => {
    const verified = {
      type: 'EmailVerified',
      data: { memberSeq, verificationId: 'v1', purpose: 'registration', verifiedAt: t1 },
    } as const;
    givenMember([registered(), verificationRequested(), verified])
      .when({
        type: 'RequestEmailVerification',
        verificationId: 'v2',
        purpose: 'registration',
        now: t1,
      })
      .thenRejects('EmailAlreadyVerified');
  });
});

describe('passwords', () => {
  it('changes the password of an allowed member, not of a denied one', () => {
    givenMember([registered()])
      .when({ type: 'ChangePassword', credentialId: 'credential-2', now: t1 })
      .then([
        {
          type: 'PasswordChanged',
          data: {
            memberSeq,
            credentialId: 'credential-2',
            reason: 'change',
            verificationId: null,
            changedAt: t1,
          },
        },
      ]);
    givenMember([registered(), denied()])
      .when({ type: 'ChangePassword', credentialId: 'credential-2', now: t1 })
      .thenRejects('MemberIsDenied');
  });

  it('resets only with the open reset verification, within 5 minutes', () => {
    const requested = {
      type: 'PasswordResetRequested',
      data: {
        memberSeq,
        verificationId: 'r1',
        requestedAt: t0,
        expiresAt: '2025-01-15T03:05:00.000Z',
      },
    } as const;
    const reset = {
      type: 'ResetPassword',
      verificationId: 'r1',
      credentialId: 'c2',
      now: t1,
    } as const;
    givenMember([registered(), requested])
      .when(reset)
      .then([
        {
          type: 'PasswordChanged',
          data: {
            memberSeq,
            credentialId: 'c2',
            reason: 'reset',
            verificationId: 'r1',
            changedAt: t1,
          },
        },
      ]);
    givenMember([registered(), requested])
      .when({ ...reset, now: t6 })
      .thenRejects('VerificationExpired');
    // An email verification cannot be used as a password reset.
    givenMember([registered(), verificationRequested('r1')])
      .when(reset)
      .thenRejects('VerificationNotFound');
  });
});

describe('withdrawal', () => {
  it('withdraws once; a withdrawn member can do nothing more', () => {
    givenMember([registered()])
      .when({ type: 'WithdrawMember', now: t1 })
      .then([{ type: 'MemberWithdrawn', data: { memberSeq, withdrawnAt: t1 } }]);
    givenMember([registered(), withdrawn()])
      .when({ type: 'WithdrawMember', now: t1 })
      .thenRejects('MemberWithdrawn');
    givenMember([registered(), withdrawn()])
      .when({ type: 'RegisterOtp', otpId: 'o', now: t1 })
      .thenRejects('MemberWithdrawn');
  });

  it('refuses to withdraw an administrator', () => {
    givenMember([registered(), administrator()])
      .when({ type: 'WithdrawMember', now: t1 })
      .thenRejects('AdministratorCannotWithdraw');
  });
});

describe('administration', () => {
  it('denies and allows; repeating a flag changes nothing', () => {
    givenMember([registered()])
      .when({ type: 'SetDenied', isDenied: true, now: t1 })
      .then([{ type: 'MemberDenied', data: { memberSeq, deniedAt: t1 } }]);
    givenMember([registered(), denied()])
      .when({ type: 'SetDenied', isDenied: true, now: t1 })
      .then([]);
    givenMember([registered(), denied()])
      .when({ type: 'SetDenied', isDenied: false, now: t1 })
      .then([{ type: 'MemberAllowed', data: { memberSeq, allowedAt: t1 } }]);
  });

  it('sets a security level in range; automatic changes respect the lock, admins do not', () => {
    const lock = {
      type: 'SecurityLevelLockChanged',
      data: { memberSeq, isLocked: true, changedAt: t0 },
    } as const;
    givenMember([registered()])
      .when({ type: 'SetSecurityLevel', securityLevel: 11, source: 'admin', now: t1 })
      .thenRejects('InvalidSecurityLevel');
    givenMember([registered(), lock])
      .when({ type: 'SetSecurityLevel', securityLevel: 3, source: 'automatic', now: t1 })
      .thenRejects('SecurityLevelLocked');
    givenMember([registered(), lock])
      .when({ type: 'SetSecurityLevel', securityLevel: 3, source: 'admin', now: t1 })
      .then([
        {
          type: 'SecurityLevelSet',
          data: { memberSeq, securityLevel: 3, securityLevelPrevious: 1, setAt: t1 },
        },
      ]);
  });

  it('grants groups and roles as sorted sets', () => {
    givenMember([registered()])
      .when({ type: 'SetMemberGroups', groupSeqs: [3, 1, 3], now: t1 })
      .then([
        { type: 'MemberGroupsChanged', data: { memberSeq, groupSeqs: [1, 3], changedAt: t1 } },
      ]);
    givenMember([registered()]).when({ type: 'SetMemberRoles', roleIds: [], now: t1 }).then([]);
  });

  it('refuses administration of an unknown member', () => {
    givenMember([])
      .when({ type: 'SetStatisticsExclusion', isExcluded: true, now: t1 })
      .thenRejects('MemberNotFound');
  });
});

describe('OTP registrations', () => {
  it('registers up to the maximum count, counting pending and active ones', () => {
    givenMember([registered()])
      .when({ type: 'RegisterOtp', otpId: 'otp-1', now: t0 })
      .then([{ type: 'OtpRegistered', data: { memberSeq, otpId: 'otp-1', registeredAt: t0 } }]);
    givenMember([
      registered(),
      { type: 'OtpRegistered', data: { memberSeq, otpId: 'otp-1', registeredAt: t0 } },
    ])
      .when({ type: 'RegisterOtp', otpId: 'otp-2', now: t0 })
      .thenRejects('OtpLimitReached', { maximumCount: 1 });
  });

  const registeredOtp = {
    type: 'OtpRegistered',
    data: { memberSeq, otpId: 'otp-1', registeredAt: t0 },
  } as const;

  it('activates a registered OTP once', () => {
    givenMember([registered(), registeredOtp])
      .when({ type: 'ActivateOtp', otpId: 'otp-1', now: t1 })
      .then([{ type: 'OtpActivated', data: { memberSeq, otpId: 'otp-1', activatedAt: t1 } }]);
    givenMember([registered(), registeredOtp, otpActivated()])
      .when({ type: 'ActivateOtp', otpId: 'otp-1', now: t1 })
      .thenRejects('OtpAlreadyActive');
    givenMember([registered()])
      .when({ type: 'ActivateOtp', otpId: 'otp-9', now: t1 })
      .thenRejects('OtpNotFound');
  });

  it('deactivates an active OTP only where settings allow; a pending one always', () => {
    const deactivate = { type: 'DeactivateOtp', otpId: 'otp-1', now: t1 } as const;
    givenMember([registered(), registeredOtp, otpActivated()], { 'otp.allowCancel': false })
      .when(deactivate)
      .thenRejects('OtpCancelNotAllowed');
    givenMember([registered(), registeredOtp], { 'otp.allowCancel': false })
      .when(deactivate)
      .then([{ type: 'OtpDeactivated', data: { memberSeq, otpId: 'otp-1', deactivatedAt: t1 } }]);
  });
});

describe('evolve', () => {
  it('asserts on events that contradict the stream', () => {
    expectEvolveAsserts([registered(), registered()]);
    expectEvolveAsserts([otpActivated()]);
    expectEvolveAsserts([registered(), otpActivated()]);
  });
});

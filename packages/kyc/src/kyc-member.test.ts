// Proves the KYC decider given/when/then: certification requests are one at a time and reviewed
// once (approval sets validity and expiry from the KYC validity seconds), real-name
// authentication closes earlier ones and fails on a mismatch, withdraw-address certification is
// reviewed once, and validity changes and expiries are idempotent.
import { deciderSpecification } from '@ledger/decider/testing';
import { describe, it } from 'vitest';
import {
  decideKycMember,
  evolveKycMember,
  initialKycMemberState,
  type KycMemberEvent,
} from './kyc-member.ts';

const memberSeq = 7;
const t0 = '2026-01-01T00:00:00.000Z';
const t1 = '2026-01-01T01:00:00.000Z';
const tLate = '2027-06-01T00:00:00.000Z';

const { given } = deciderSpecification({
  initialState: initialKycMemberState,
  evolve: evolveKycMember,
  decide: decideKycMember,
});

const requested: KycMemberEvent = {
  type: 'KycCertificationRequested',
  data: {
    memberSeq,
    certificationSeq: 1,
    kycType: 'individual',
    documentCount: 2,
    requestedAt: t0,
  },
};
const approved: KycMemberEvent = {
  type: 'KycCertificationApproved',
  data: {
    memberSeq,
    certificationSeq: 1,
    isValid: true,
    expiresAt: '2026-01-02T01:00:00.000Z',
    reviewedAt: t1,
  },
};

describe('KYC certification', () => {
  it('records a request with its document count', () => {
    given([])
      .when({
        type: 'RequestKycCertification',
        memberSeq,
        certificationSeq: 1,
        kycType: 'individual',
        documentCount: 2,
        now: t0,
      })
      .then([requested]);
  });

  it('refuses a second request while one is pending', () => {
    given([requested])
      .when({
        type: 'RequestKycCertification',
        memberSeq,
        certificationSeq: 2,
        kycType: 'individual',
        documentCount: 1,
        now: t1,
      })
      .thenRejects('KycCertificationPending');
  });

  it('approves with a valid flag and an expiry from the validity seconds', () => {
    given([requested])
      .when({
        type: 'ApproveKycCertification',
        certificationSeq: 1,
        isValid: true,
        validitySeconds: 86_400,
        now: t1,
      })
      .then([approved]);
  });

  it('reviews once: a second approval or a denial after it is refused', () => {
    given([requested, approved])
      .when({ type: 'DenyKycCertification', certificationSeq: 1, now: t1 })
      .thenRejects('KycCertificationAlreadyReviewed');
    given([requested])
      .when({
        type: 'ApproveKycCertification',
        certificationSeq: 9,
        isValid: true,
        validitySeconds: 1,
        now: t1,
      })
      .thenRejects('KycCertificationNotFound');
  });

  it('denies a pending request', () => {
    given([requested])
      .when({ type: 'DenyKycCertification', certificationSeq: 1, now: t1 })
      .then([
        {
          type: 'KycCertificationDenied',
          data: { memberSeq, certificationSeq: 1, reviewedAt: t1 },
        },
      ]);
  });

  it('changes validity once; the same value again changes nothing', () => {
    given([requested, approved])
      .when({ type: 'SetKycCertificationValidity', certificationSeq: 1, isValid: true, now: t1 })
      .then([]);
    given([requested, approved])
      .when({ type: 'SetKycCertificationValidity', certificationSeq: 1, isValid: false, now: t1 })
      .then([
        {
          type: 'KycCertificationValidityChanged',
          data: { memberSeq, certificationSeq: 1, isValid: false, changedAt: t1 },
        },
      ]);
  });

  it('expires only after the expiry, and only once', () => {
    given([requested, approved])
      .when({ type: 'ExpireKycCertification', certificationSeq: 1, now: t1 })
      .then([]);
    const expired: KycMemberEvent = {
      type: 'KycCertificationExpired',
      data: { memberSeq, certificationSeq: 1, expiredAt: tLate },
    };
    given([requested, approved])
      .when({ type: 'ExpireKycCertification', certificationSeq: 1, now: tLate })
      .then([expired]);
    given([requested, approved, expired])
      .when({ type: 'ExpireKycCertification', certificationSeq: 1, now: tLate })
      .then([]);
  });
});

const started = (realnameSeq: number): KycMemberEvent => ({
  type: 'RealnameAuthenticationStarted',
  data: { memberSeq, realnameSeq, authority: 'simulated', startedAt: t0 },
});
const authenticated = (realnameSeq: number): KycMemberEvent => ({
  type: 'RealnameAuthenticated',
  data: {
    memberSeq,
    realnameSeq,
    isValid: true,
    expiresAt: '2026-01-01T01:01:40.000Z',
    authenticatedAt: t1,
  },
});

describe('real-name authentication', () => {
  it('authenticates a started one, closing the earlier authentication', () => {
    given([started(1), authenticated(1), started(2)])
      .when({
        type: 'CompleteRealnameAuthentication',
        realnameSeq: 2,
        outcome: 'matched',
        validitySeconds: 100,
        now: t1,
      })
      .then([
        { type: 'RealnameAuthenticationClosed', data: { memberSeq, realnameSeq: 1, closedAt: t1 } },
        authenticated(2),
      ]);
  });

  it('records a mismatch as a failure ("You cannot authenticate yourself")', () => {
    given([started(1)])
      .when({
        type: 'CompleteRealnameAuthentication',
        realnameSeq: 1,
        outcome: 'mismatch',
        validitySeconds: 100,
        now: t1,
      })
      .then([
        {
          type: 'RealnameAuthenticationFailed',
          data: { memberSeq, realnameSeq: 1, reason: 'mismatch', failedAt: t1 },
        },
      ]);
  });

  it('completes once', () => {
    given([started(1), authenticated(1)])
      .when({
        type: 'CompleteRealnameAuthentication',
        realnameSeq: 1,
        outcome: 'matched',
        validitySeconds: 100,
        now: t1,
      })
      .thenRejects('RealnameAuthenticationFinished');
    given([])
      .when({
        type: 'CompleteRealnameAuthentication',
        realnameSeq: 1,
        outcome: 'matched',
        validitySeconds: 100,
        now: t1,
      })
      .thenRejects('RealnameAuthenticationNotFound');
  });
});

const addressRequested: KycMemberEvent = {
  type: 'WithdrawAddressCertificationRequested',
  data: { memberSeq, certificationSeq: 3, assetCode: 'BTC', bankCode: null, requestedAt: t0 },
};

describe('withdraw-address certification', () => {
  it('is requested, then approved once with its valid flag', () => {
    given([])
      .when({
        type: 'RequestWithdrawAddressCertification',
        memberSeq,
        certificationSeq: 3,
        assetCode: 'BTC',
        bankCode: null,
        now: t0,
      })
      .then([addressRequested]);
    const approval: KycMemberEvent = {
      type: 'WithdrawAddressCertificationApproved',
      data: { memberSeq, certificationSeq: 3, isValid: true, reviewedAt: t1 },
    };
    given([addressRequested])
      .when({
        type: 'ApproveWithdrawAddressCertification',
        certificationSeq: 3,
        isValid: true,
        now: t1,
      })
      .then([approval]);
    given([addressRequested, approval])
      .when({ type: 'DenyWithdrawAddressCertification', certificationSeq: 3, now: t1 })
      .thenRejects('WithdrawAddressCertificationAlreadyReviewed');
  });

  it('changes the validity of an approved one only', () => {
    given([addressRequested])
      .when({ type: 'SetWithdrawAddressValidity', certificationSeq: 3, isValid: false, now: t1 })
      .thenRejects('WithdrawAddressCertificationNotApproved');
  });
});

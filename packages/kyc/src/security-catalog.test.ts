// Proves the security catalog given/when/then and the level computation: levels and restriction
// policies are validated (0 and the base level are special, amounts are decimal strings, amounts
// are per asset), repeated changes add nothing, and a member's facts reach the highest level whose
// conditions all hold (expired or invalid KYC does not count).
import { stateFrom } from '@ledger/decider';
import { deciderSpecification } from '@ledger/decider/testing';
import { describe, expect, it } from 'vitest';
import type { KycMemberEvent } from './kyc-member.ts';
import { kycMemberStateFrom } from './kyc-member.ts';
import {
  decideSecurityCatalog,
  defaultSecurityCatalog,
  evolveSecurityCatalog,
  mayCreateAccount,
  type SecurityCatalogCommand,
  type SecurityCatalogEvent,
  withdrawLimitsAt,
} from './security-catalog.ts';
import { automaticSecurityLevel, satisfiedConditions } from './security-conditions.ts';

const now = '2026-03-01T00:00:00.000Z';

const securityCatalogDecider = {
  initialState: defaultSecurityCatalog,
  evolve: evolveSecurityCatalog,
  decide: decideSecurityCatalog,
};
const { given } = deciderSpecification(securityCatalogDecider);

const dailyBtc: SecurityCatalogEvent = {
  type: 'RestrictionPolicySet',
  data: {
    securityLevel: 2,
    target: 'WITHDRAW_DAILY_AMOUNT',
    assetCode: 'BTC',
    amount: '0.5',
    setAt: now,
  },
};

describe('security catalog decisions', () => {
  it('sets a level’s conditions in catalog order, and the same again adds nothing', () => {
    const command: SecurityCatalogCommand = {
      type: 'SetSecurityLevelConditions',
      securityLevel: 7,
      title: 'VIP',
      conditions: ['OTP_REGISTER', 'MAIL_VERIFICATION'],
      now,
    };
    const event: SecurityCatalogEvent = {
      type: 'SecurityLevelConditionsSet',
      data: {
        securityLevel: 7,
        title: 'VIP',
        conditions: ['MAIL_VERIFICATION', 'OTP_REGISTER'],
        setAt: now,
      },
    };
    given([]).when(command).then([event]);
    given([event]).when(command).then([]);
  });

  it('refuses conditions on level 0 and on the base level, unknown conditions and level 11', () => {
    const base = { type: 'SetSecurityLevelConditions', title: 'x', now } as const;
    given([])
      .when({ ...base, securityLevel: 0, conditions: [] })
      .thenRejects('InvalidSecurityLevel');
    given([])
      .when({ ...base, securityLevel: 1, conditions: ['MAIL_VERIFICATION'] })
      .thenRejects('BaseLevelHasConditions');
    given([])
      .when({ ...base, securityLevel: 11, conditions: null })
      .thenRejects('InvalidSecurityLevel');
    given([])
      .when({ ...base, securityLevel: 3, conditions: ['PHONE' as 'OTP_REGISTER'] })
      .thenRejects('UnknownCondition');
  });

  it('sets a per-asset amount as a decimal string, refusing a number-like or missing asset', () => {
    const set = {
      type: 'SetRestrictionPolicy',
      securityLevel: 2,
      target: 'WITHDRAW_DAILY_AMOUNT',
      now,
    } as const;
    given([])
      .when({ ...set, assetCode: 'BTC', amount: '0.5' })
      .then([dailyBtc]);
    given([dailyBtc])
      .when({ ...set, assetCode: 'BTC', amount: '0.5' })
      .then([]);
    given([])
      .when({ ...set, assetCode: null, amount: '1' })
      .thenRejects('AssetRequired');
    given([])
      .when({ ...set, assetCode: 'BTC', amount: '1e3' })
      .thenRejects('InvalidRestrictionAmount');
    given([])
      .when({ ...set, assetCode: 'BTC', amount: '-1' })
      .thenRejects('InvalidRestrictionAmount');
    given([])
      .when({
        type: 'SetRestrictionPolicy',
        securityLevel: 0,
        target: 'CREATE_ACCOUNT',
        assetCode: null,
        amount: '1',
        now,
      })
      .thenRejects('InvalidRestrictionAmount');
  });

  it('removes a policy once', () => {
    const remove = {
      type: 'RemoveRestrictionPolicy',
      securityLevel: 2,
      target: 'WITHDRAW_DAILY_AMOUNT',
      assetCode: 'BTC',
      now,
    } as const;
    given([dailyBtc])
      .when(remove)
      .then([
        {
          type: 'RestrictionPolicyRemoved',
          data: {
            securityLevel: 2,
            target: 'WITHDRAW_DAILY_AMOUNT',
            assetCode: 'BTC',
            removedAt: now,
          },
        },
      ]);
    given([]).when(remove).then([]);
  });
});

describe('limits and account creation', () => {
  it('answers per level and asset; no policy is unlimited', () => {
    const catalog = stateFrom(securityCatalogDecider, [dailyBtc]);
    expect(withdrawLimitsAt(catalog, 2, 'BTC')).toEqual({ oneTime: null, daily: '0.5' });
    expect(withdrawLimitsAt(catalog, 3, 'BTC')).toEqual({ oneTime: null, daily: null });
    expect(withdrawLimitsAt(catalog, 2, 'KRW')).toEqual({ oneTime: null, daily: null });
  });

  it('restricts account creation for all assets or for one', () => {
    const catalog = stateFrom(securityCatalogDecider, [
      {
        type: 'RestrictionPolicySet',
        data: {
          securityLevel: 0,
          target: 'CREATE_ACCOUNT',
          assetCode: null,
          amount: null,
          setAt: now,
        },
      },
      {
        type: 'RestrictionPolicySet',
        data: {
          securityLevel: 1,
          target: 'CREATE_ACCOUNT',
          assetCode: 'BTC',
          amount: null,
          setAt: now,
        },
      },
    ]);
    expect(mayCreateAccount(catalog, 0, 'KRW')).toBe(false);
    expect(mayCreateAccount(catalog, 1, 'BTC')).toBe(false);
    expect(mayCreateAccount(catalog, 1, 'KRW')).toBe(true);
    expect(mayCreateAccount(catalog, 2, 'BTC')).toBe(true);
  });
});

describe('the automatic level', () => {
  const certified: KycMemberEvent[] = [
    {
      type: 'KycCertificationRequested',
      data: {
        memberSeq: 1,
        certificationSeq: 1,
        kycType: 'individual',
        documentCount: 1,
        requestedAt: now,
      },
    },
    {
      type: 'KycCertificationApproved',
      data: {
        memberSeq: 1,
        certificationSeq: 1,
        isValid: true,
        expiresAt: '2026-04-01T00:00:00.000Z',
        reviewedAt: now,
      },
    },
  ];
  const catalog = defaultSecurityCatalog();

  it('is the base level with nothing, 2 with a verified email, 3 with KYC as well', () => {
    const nothing = kycMemberStateFrom([]);
    expect(
      automaticSecurityLevel(catalog, { isEmailVerified: false, activeOtpCount: 0 }, nothing, now),
    ).toBe(1);
    expect(
      automaticSecurityLevel(catalog, { isEmailVerified: true, activeOtpCount: 0 }, nothing, now),
    ).toBe(2);
    const kyc = kycMemberStateFrom(certified);
    expect(
      automaticSecurityLevel(catalog, { isEmailVerified: true, activeOtpCount: 0 }, kyc, now),
    ).toBe(3);
  });

  it('drops KYC once it expired or was made invalid', () => {
    const kyc = kycMemberStateFrom(certified);
    expect(
      satisfiedConditions(
        { isEmailVerified: true, activeOtpCount: 1 },
        kyc,
        '2026-05-01T00:00:00.000Z',
      ).has('KYC_CERTIFICATION'),
    ).toBe(false);
    const invalid = kycMemberStateFrom([
      ...certified,
      {
        type: 'KycCertificationValidityChanged',
        data: { memberSeq: 1, certificationSeq: 1, isValid: false, changedAt: now },
      },
    ]);
    expect(
      satisfiedConditions({ isEmailVerified: true, activeOtpCount: 1 }, invalid, now).has(
        'KYC_CERTIFICATION',
      ),
    ).toBe(false);
  });

  it('skips levels without conditions (administrators set those by hand)', () => {
    const kyc = kycMemberStateFrom(certified);
    const everything = { isEmailVerified: true, activeOtpCount: 1 };
    expect(automaticSecurityLevel(catalog, everything, kyc, now)).toBe(3);
  });
});

import type { KycMemberState } from './kyc-member.ts';
import { hasPassed, type Timestamp } from './kyc-types.ts';
import {
  reachedSecurityLevel,
  type SecurityCatalog,
  type SecurityCondition,
} from './security-catalog.ts';

/** What identity's member stream says that counts for the security level. */
export type MemberSecurityFacts = { isEmailVerified: boolean; activeOtpCount: number };

/**
 * The conditions a member satisfies now: a verified email, an active OTP, an approved, valid and
 * unexpired KYC certification, a valid and unexpired real-name authentication (not closed), and
 * an approved, valid withdraw-address certification.
 */
export function satisfiedConditions(
  member: MemberSecurityFacts,
  kyc: KycMemberState,
  now: Timestamp,
): Set<SecurityCondition> {
  const satisfied = new Set<SecurityCondition>();
  if (member.isEmailVerified) satisfied.add('MAIL_VERIFICATION');
  if (member.activeOtpCount > 0) satisfied.add('OTP_REGISTER');
  const live = (facts: { isValid: boolean; isExpired: boolean; expiresAt: Timestamp | null }) =>
    facts.isValid &&
    !facts.isExpired &&
    (facts.expiresAt === null || !hasPassed(facts.expiresAt, now));
  if (
    Object.values(kyc.certifications).some((facts) => facts.status === 'approved' && live(facts))
  ) {
    satisfied.add('KYC_CERTIFICATION');
  }
  if (
    Object.values(kyc.realnames).some((facts) => facts.status === 'authenticated' && live(facts))
  ) {
    satisfied.add('KYC_REALNAME');
  }
  if (
    Object.values(kyc.withdrawAddresses).some(
      (facts) => facts.status === 'approved' && facts.isValid,
    )
  ) {
    satisfied.add('KYC_ASSET_WITHDRAW_ADDRESS_CERTIFICATION');
  }
  return satisfied;
}

/**
 * The level the member's facts reach under the catalog: what the automatic level change sets
 * (identity's decider refuses it when the member's level is locked, and changes nothing when the
 * level is already that).
 */
export function automaticSecurityLevel(
  catalog: SecurityCatalog,
  member: MemberSecurityFacts,
  kyc: KycMemberState,
  now: Timestamp,
): number {
  return reachedSecurityLevel(catalog, satisfiedConditions(member, kyc, now));
}

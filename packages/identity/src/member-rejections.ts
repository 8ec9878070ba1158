/**
 * Why a member command was refused, one type per reason (style §2.4). The HTTP edge maps each to a
 * problem code in one exhaustive switch.
 */
export type MemberRejection =
  | { type: 'SignUpDisabled' }
  | { type: 'MemberAlreadyRegistered' }
  | { type: 'RequiredConsentMissing'; missing: string[] }
  | { type: 'UnknownConsent'; unknown: string[] }
  | { type: 'InviterNotEligible' }
  | { type: 'MemberNotFound' }
  | { type: 'MemberWithdrawn' }
  | { type: 'MemberIsDenied' }
  | { type: 'EmailAlreadyVerified' }
  | { type: 'VerificationNotFound' }
  | { type: 'VerificationExpired' }
  | { type: 'AdministratorCannotWithdraw' }
  | { type: 'InvalidSecurityLevel'; securityLevel: number }
  | { type: 'SecurityLevelLocked' }
  | { type: 'OtpLimitReached'; maximumCount: number }
  | { type: 'OtpNotFound'; otpId: string }
  | { type: 'OtpAlreadyActive'; otpId: string }
  | { type: 'OtpCancelNotAllowed'; otpId: string };

export type MemberRejectionType = MemberRejection['type'];

export type MemberRejectionOf<Type extends MemberRejectionType> = Extract<
  MemberRejection,
  { type: Type }
>;

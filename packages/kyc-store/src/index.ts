export {
  createSimulatedIdentityProvider,
  type IdentityProvider,
  type IdentityProviderAnswer,
  simulatedProviderPath,
} from './identity-provider.ts';
export {
  type CertificationDocument,
  eraseKycPersonalData,
  insertCertificationDocuments,
  insertRealnamePersonalData,
  insertWithdrawAddressPersonalData,
  isCiTakenByAnother,
  nextKycSeq,
  type RealnameIdentity,
} from './kyc-personal-data-store.ts';
export { kycProjection, kycProjectionName, kycReadModelTables } from './kyc-projection.ts';
export {
  type CertifiedWithdrawAddress,
  findDueExpiries,
  getWithdrawAddressCertification,
  type KycCertificationRow,
  type ListWindow,
  listKycCertifications,
  listRealnames,
  listWithdrawAddressCertifications,
  ownerOfKycObject,
  type RealnameRow,
  type WithdrawAddressCertificationRow,
} from './kyc-queries.ts';
export {
  type MemberSecurityView,
  mayMemberCreateAccount,
  readMemberSecurityLevel,
  readMemberSecurityView,
  readSecurityCatalog,
  type WithdrawLimits,
  withdrawLimitsFor,
} from './security-queries.ts';
export { type KycDb, type KycTables, kycDb } from './tables.ts';

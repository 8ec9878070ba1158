export { brokerageProjection, brokerageProjectionName } from './brokerage-projection.ts';
export { insertCredential, readPasswordHash, rehashCredential } from './credential-store.ts';
export {
  identityProjection,
  identityProjectionName,
  identityReadModelTables,
} from './identity-projection.ts';
export { isKnownLoginSource, rememberLoginSource } from './login-source-store.ts';
export { insertOutboxMail, listOutboxMails, type OutboxMail } from './mail-outbox-store.ts';
export {
  dropClientSecretsExcept,
  hashClientSecret,
  insertClientSecret,
  listOAuth2Clients,
  type OAuth2ClientListFilter,
  type OAuth2ClientRow,
  oauth2ClientProjection,
  oauth2ClientProjectionName,
} from './oauth2-client-store.ts';
export { acceptOtpStep, insertOtpSecret, readOtpSecret } from './otp-secret-store.ts';
export {
  erasePersonalData,
  findMemberSeq,
  normalizeIdentifier,
  type PersonalData,
  type ReserveOutcome,
  readPersonalData,
  releasePersonalData,
  replaceEmail,
  reservePersonalData,
} from './personal-data-store.ts';
export {
  hitRateLimit,
  purgeRateLimits,
  type RateLimitOutcome,
  type RateLimitRule,
  refundRateLimit,
  resetRateLimit,
} from './rate-limiter.ts';
export { purgeRequestMetadata, recordRequestMetadata } from './request-metadata-store.ts';
export {
  insertSession,
  readLiveSession,
  revokeMemberSessions,
  revokeSession,
  rotateSession,
  type StoredSession,
  withLockedSession,
} from './session-store.ts';
export * from './tables.ts';
export {
  consumeVerification,
  insertVerificationCode,
  type OpenVerification,
  spendVerificationAttempt,
  type VerificationPurpose,
  verificationAttemptsMax,
} from './verification-code-store.ts';

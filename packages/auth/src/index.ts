export {
  type AccessClaims,
  type AccessTokenIssuer,
  type AccessTokenVerifier,
  accessTokenAlgorithm,
  accessTokenAudience,
  accessTokenIssuer,
  accessTokenType,
  createAccessTokenIssuer,
  createAccessTokenVerifier,
  keyIdOf,
} from './access-tokens.ts';
export {
  type AccessDecision,
  type AuthorizationOptions,
  type AuthorizationVariables,
  type Authorizer,
  authorization,
  createAuthorizer,
  optionalPrincipalOf,
  principalOf,
} from './authorization.ts';
export {
  type ClientAddressResolver,
  type ClientAddressSource,
  clientAddressResolver,
  loginSourceHash,
} from './client-address.ts';
export {
  deriveIdentitySecrets,
  generateKeyMaterial,
  type IdentitySecrets,
  importSigningKey,
  importVerificationKey,
  type TokenKeys,
} from './key-material.ts';
export {
  matchOtpCode,
  newOtpSeed,
  openOtpSeed,
  otpAuthUri,
  otpIssuer,
  sealOtpSeed,
} from './otp-codes.ts';
export {
  hashPassword,
  needsRehash,
  type PhcParameters,
  parsePhc,
  passwordHashParameters,
  verifyDecoy,
  verifyPassword,
} from './password-hasher.ts';
export { loadPrincipal } from './principal-loader.ts';
export {
  isAuthenticRefreshToken,
  makeRefreshToken,
  newFamilySecret,
  type ParsedRefreshToken,
  parseRefreshToken,
  refreshCookieName,
  refreshCookiePath,
  refreshRequestHeader,
} from './refresh-tokens.ts';
export {
  createSessionChecker,
  type LiveSession,
  type SessionChecker,
} from './session-checks.ts';
export {
  hashVerificationCode,
  newVerificationCode,
  verificationCodeMatches,
} from './verification-codes.ts';

export * from './kyc-member.ts';
export {
  addSeconds,
  hasPassed,
  isDecimalAmount,
  type MemberSeq,
  type Timestamp,
} from './kyc-types.ts';
export * from './security-catalog.ts';
export * from './security-conditions.ts';

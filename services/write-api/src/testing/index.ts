export { createAppendFault } from './append-fault.ts';
export {
  createIdentityWriteTestKit,
  type IdentityWriteTestKit,
  otherCode,
  refreshCookieFrom,
  type TestMember,
  testClientAddressHeader,
  totpAt,
} from './identity-write-test-kit.ts';

import { type RouteEntry, route, v1 } from './route-entry.ts';

const kycCertificationId = { parameter: 'seq', kind: 'kyc_certification' } as const;
const addressCertificationId = {
  parameter: 'seq',
  kind: 'kyc_withdraw_address_certification',
} as const;

/** KYC, real-name authentication, withdraw-address certification, security levels. */
export const kycAndSecurityRoutes: RouteEntry[] = [
  route('GET', `${v1}/security-level`, 'query', 'member', 'The caller’s security level'),
  route('GET', `${v1}/kyc/certification`, 'query', 'member', 'The caller’s KYC requests'),
  route('POST', `${v1}/kyc/certification`, 'write', 'member', 'Request KYC certification'),
  route('GET', `${v1}/kyc/realname`, 'query', 'member', 'The caller’s real-name history'),
  route('POST', `${v1}/kyc/realname`, 'write', 'member', 'Start real-name authentication'),
  route('POST', `${v1}/kyc/realname/complete`, 'write', 'member', 'Hand in the answer'),
  route('GET', `${v1}/kyc/withdraw-address-certification`, 'query', 'member', 'The caller’s'),
  route('POST', `${v1}/kyc/withdraw-address-certification`, 'write', 'member', 'Request one'),
  route('GET', `${v1}/admin/security/catalog`, 'query', 'admin', 'Security catalog'),
  route('PUT', `${v1}/admin/security/level/:seq`, 'write', 'admin', 'Set a level', {
    id: { parameter: 'seq', kind: 'security_level' },
  }),
  route('PUT', `${v1}/admin/security/restriction-policy`, 'write', 'admin', 'Set a policy'),
  route('GET', `${v1}/admin/kyc-certification`, 'query', 'admin', 'KYC certifications'),
  route('PUT', `${v1}/admin/kyc-certification/:seq/review`, 'write', 'admin', 'CDD review', {
    id: kycCertificationId,
  }),
  route('PUT', `${v1}/admin/kyc-certification/:seq/validity`, 'write', 'admin', 'Validity', {
    id: kycCertificationId,
  }),
  route('GET', `${v1}/admin/kyc-realname`, 'query', 'admin', 'Real-name authentications'),
  route(
    'GET',
    `${v1}/admin/kyc-asset-withdraw-address-certification`,
    'query',
    'admin',
    'Withdraw-address certifications',
  ),
  route(
    'PUT',
    `${v1}/admin/kyc-asset-withdraw-address-certification/:seq/review`,
    'write',
    'admin',
    'Review an address',
    { id: addressCertificationId },
  ),
  route(
    'PUT',
    `${v1}/admin/kyc-asset-withdraw-address-certification/:seq/validity`,
    'write',
    'admin',
    'Address validity',
    { id: addressCertificationId },
  ),
];

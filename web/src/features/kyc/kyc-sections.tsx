import { Stack } from '@mantine/core';
import { KycCertificationSection } from './kyc-certification-section.tsx';
import { RealnameSection } from './realname-section.tsx';
import { SecurityLevelSection } from './security-level-section.tsx';
import { WithdrawAddressSection } from './withdraw-address-section.tsx';

/** My page's KYC part: security levels, KYC certification, self-authentication, addresses. */
export function KycMyPageSections() {
  return (
    <Stack gap="lg" id="kyc">
      <SecurityLevelSection />
      <KycCertificationSection />
      <RealnameSection />
      <WithdrawAddressSection />
    </Stack>
  );
}

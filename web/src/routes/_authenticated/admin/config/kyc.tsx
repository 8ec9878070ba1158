import { createFileRoute } from '@tanstack/react-router';
import { kycSettingsQuery } from '../../../../features/admin-kyc/admin-kyc-api.ts';
import { ConfigKycPage } from '../../../../features/admin-kyc/config-kyc-page.tsx';

/** SPEC §2 admin config/kyc. */
export const Route = createFileRoute('/_authenticated/admin/config/kyc')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(kycSettingsQuery());
  },
  component: ConfigKycPage,
});

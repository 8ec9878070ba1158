import { createFileRoute } from '@tanstack/react-router';
import { ConfigKycPage } from '../../../../features/admin-kyc/config-kyc-page.tsx';

export const Route = createFileRoute('/_authenticated/admin/config/kyc')({
  component: ConfigKycPage,
});

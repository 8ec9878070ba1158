import { createFileRoute } from '@tanstack/react-router';
import { configSettingsQuery } from '../../../../features/admin-config/admin-config-api.ts';
import { ConfigOtpPage } from '../../../../features/admin-config/config-otp-page.tsx';

/** SPEC §2 admin config/otp. */
export const Route = createFileRoute('/_authenticated/admin/config/otp')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(configSettingsQuery());
  },
  component: ConfigOtpPage,
});

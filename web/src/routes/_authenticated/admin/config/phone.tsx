import { createFileRoute } from '@tanstack/react-router';
import { configSettingsQuery } from '../../../../features/admin-config/admin-config-api.ts';
import { ConfigPhonePage } from '../../../../features/admin-config/config-phone-page.tsx';

/** SPEC §2 admin config/phone. */
export const Route = createFileRoute('/_authenticated/admin/config/phone')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(configSettingsQuery());
  },
  component: ConfigPhonePage,
});

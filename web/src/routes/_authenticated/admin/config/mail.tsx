import { createFileRoute } from '@tanstack/react-router';
import { configSettingsQuery } from '../../../../features/admin-config/admin-config-api.ts';
import { ConfigMailPage } from '../../../../features/admin-config/config-mail-page.tsx';

/** SPEC §2 admin config/mail. */
export const Route = createFileRoute('/_authenticated/admin/config/mail')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(configSettingsQuery());
  },
  component: ConfigMailPage,
});

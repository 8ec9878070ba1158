import { createFileRoute } from '@tanstack/react-router';
import { configSettingsQuery } from '../../../../features/admin-config/admin-config-api.ts';
import { ConfigCsPage } from '../../../../features/admin-config/config-cs-page.tsx';

/** SPEC §2 admin config/cs. */
export const Route = createFileRoute('/_authenticated/admin/config/cs')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(configSettingsQuery());
  },
  component: ConfigCsPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { configSettingsQuery } from '../../../../features/admin-config/admin-config-api.ts';
import { ConfigMemberPage } from '../../../../features/admin-config/config-member-page.tsx';

/** SPEC §2 admin config/member. */
export const Route = createFileRoute('/_authenticated/admin/config/member')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(configSettingsQuery());
  },
  component: ConfigMemberPage,
});

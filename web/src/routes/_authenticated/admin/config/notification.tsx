import { createFileRoute } from '@tanstack/react-router';
import { configSettingsQuery } from '../../../../features/admin-config/admin-config-api.ts';
import { ConfigNotificationPage } from '../../../../features/admin-config/config-notification-page.tsx';

/** SPEC §2 admin config/notification. */
export const Route = createFileRoute('/_authenticated/admin/config/notification')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(configSettingsQuery());
  },
  component: ConfigNotificationPage,
});

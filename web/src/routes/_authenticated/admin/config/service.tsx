import { createFileRoute } from '@tanstack/react-router';
import { ledgerSettingsQuery } from '../../../../features/admin-ledger/admin-ledger-api.ts';
import { ConfigServicePage } from '../../../../features/admin-ledger/config-service-page.tsx';

/** SPEC §2 admin config/service. */
export const Route = createFileRoute('/_authenticated/admin/config/service')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(ledgerSettingsQuery());
  },
  component: ConfigServicePage,
});

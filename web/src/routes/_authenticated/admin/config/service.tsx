import { createFileRoute } from '@tanstack/react-router';
import { ConfigServicePage } from '../../../../features/admin-ledger/config-service-page.tsx';

export const Route = createFileRoute('/_authenticated/admin/config/service')({
  component: ConfigServicePage,
});

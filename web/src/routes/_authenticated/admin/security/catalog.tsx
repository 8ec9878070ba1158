import { createFileRoute } from '@tanstack/react-router';
import { SecurityCatalogPage } from '../../../../features/admin-kyc/security-catalog-page.tsx';

export const Route = createFileRoute('/_authenticated/admin/security/catalog')({
  component: SecurityCatalogPage,
});

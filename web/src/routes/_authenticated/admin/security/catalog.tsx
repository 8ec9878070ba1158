import { createFileRoute } from '@tanstack/react-router';
import { securityCatalogQuery } from '../../../../features/admin-kyc/admin-kyc-api.ts';
import { SecurityCatalogPage } from '../../../../features/admin-kyc/security-catalog-page.tsx';

/** SPEC §2 admin security/catalog. */
export const Route = createFileRoute('/_authenticated/admin/security/catalog')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(securityCatalogQuery());
  },
  component: SecurityCatalogPage,
});

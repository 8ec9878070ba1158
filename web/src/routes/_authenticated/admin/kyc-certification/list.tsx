import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { KycCertificationSearchSchema } from '../../../../features/admin-kyc/admin-kyc-api.ts';
import { KycCertificationListPage } from '../../../../features/admin-kyc/kyc-certification-list-page.tsx';
import { listDefaults } from '../../../../ui-kit/list/filter-schemas.ts';

export const Route = createFileRoute('/_authenticated/admin/kyc-certification/list')({
  validateSearch: KycCertificationSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(KycCertificationSearchSchema))] },
  component: function KycListRoute() {
    const navigate = Route.useNavigate();
    return (
      <KycCertificationListPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});

import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RealnameSearchSchema } from '../../../../features/admin-kyc/admin-kyc-api.ts';
import { RealnameListPage } from '../../../../features/admin-kyc/realname-list-page.tsx';
import { listDefaults } from '../../../../ui-kit/list/filter-schemas.ts';

export const Route = createFileRoute('/_authenticated/admin/kyc-realname/list')({
  validateSearch: RealnameSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(RealnameSearchSchema))] },
  component: function KycListRoute() {
    const navigate = Route.useNavigate();
    return (
      <RealnameListPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});

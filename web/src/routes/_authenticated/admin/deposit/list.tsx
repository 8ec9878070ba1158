import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { AdminDepositSearchSchema } from '../../../../features/admin-assets/admin-assets-search.ts';
import { DepositListPage } from '../../../../features/admin-assets/deposit-list-page.tsx';
import { listDefaults } from '../../../../ui-kit/list/filter-schemas.ts';

/** SPEC §2 admin deposit/list: chain deposits (suspense attribution, return) and deposit requests. */
export const Route = createFileRoute('/_authenticated/admin/deposit/list')({
  validateSearch: AdminDepositSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(AdminDepositSearchSchema))] },
  component: function DepositListRoute() {
    const navigate = Route.useNavigate();
    return (
      <DepositListPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});

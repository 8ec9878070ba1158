import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { AccountListPage } from '../../../../features/admin-ledger/account-list-page.tsx';
import { AdminAccountListSearchSchema } from '../../../../features/admin-ledger/admin-ledger-search.ts';
import { listDefaults } from '../../../../ui-kit/list/filter-schemas.ts';

export const Route = createFileRoute('/_authenticated/admin/account/list')({
  validateSearch: AdminAccountListSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(AdminAccountListSearchSchema))] },
  component: function AccountListRoute() {
    const navigate = Route.useNavigate();
    return (
      <AccountListPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});

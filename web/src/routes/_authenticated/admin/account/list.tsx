import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { AccountListPage } from '../../../../features/admin-ledger/account-list-page.tsx';
import { adminAccountListQuery } from '../../../../features/admin-ledger/admin-ledger-api.ts';
import { AdminAccountListSearchSchema } from '../../../../features/admin-ledger/admin-ledger-search.ts';
import { listDefaults } from '../../../../features/admin-members/admin-list-search.ts';

export const Route = createFileRoute('/_authenticated/admin/account/list')({
  validateSearch: AdminAccountListSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(AdminAccountListSearchSchema))] },
  loaderDeps: ({ search }) => search,
  // Not awaited: a new page or filter keeps the rows shown until the next ones arrive.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(adminAccountListQuery(deps));
  },
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

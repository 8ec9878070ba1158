import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { TransferListSearchSchema } from '../../../../features/admin-withdrawals/admin-withdraw-search.ts';
import { AccountTransferListPage } from '../../../../features/admin-withdrawals/transfer-list-pages.tsx';
import { listDefaults } from '../../../../ui-kit/list/filter-schemas.ts';

/** SPEC §2 admin account-transfer/list. */
export const Route = createFileRoute('/_authenticated/admin/account-transfer/list')({
  validateSearch: TransferListSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(TransferListSearchSchema))] },
  component: function AccountTransferListRoute() {
    const navigate = Route.useNavigate();
    return (
      <AccountTransferListPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});

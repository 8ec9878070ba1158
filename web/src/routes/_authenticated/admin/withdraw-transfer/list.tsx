import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { TransferListSearchSchema } from '../../../../features/admin-withdrawals/admin-withdraw-search.ts';
import { WithdrawTransferListPage } from '../../../../features/admin-withdrawals/transfer-list-pages.tsx';
import { listDefaults } from '../../../../ui-kit/list/filter-schemas.ts';

/** SPEC §2 admin withdraw-transfer/list. */
export const Route = createFileRoute('/_authenticated/admin/withdraw-transfer/list')({
  validateSearch: TransferListSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(TransferListSearchSchema))] },
  component: function WithdrawTransferListRoute() {
    const navigate = Route.useNavigate();
    return (
      <WithdrawTransferListPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});

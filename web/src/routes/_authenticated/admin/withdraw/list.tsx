import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { AdminWithdrawListSearchSchema } from '../../../../features/admin-withdrawals/admin-withdraw-search.ts';
import { WithdrawListPage } from '../../../../features/admin-withdrawals/withdraw-list-page.tsx';
import { listDefaults } from '../../../../ui-kit/list/filter-schemas.ts';

/** SPEC §2 admin withdraw/list. */
export const Route = createFileRoute('/_authenticated/admin/withdraw/list')({
  validateSearch: AdminWithdrawListSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(AdminWithdrawListSearchSchema))] },
  component: function WithdrawListRoute() {
    const navigate = Route.useNavigate();
    return (
      <WithdrawListPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});

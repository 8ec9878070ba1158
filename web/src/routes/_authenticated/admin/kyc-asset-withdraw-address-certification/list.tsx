import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { WithdrawAddressSearchSchema } from '../../../../features/admin-kyc/admin-kyc-api.ts';
import { WithdrawAddressListPage } from '../../../../features/admin-kyc/withdraw-address-list-page.tsx';
import { listDefaults } from '../../../../ui-kit/list/filter-schemas.ts';

export const Route = createFileRoute(
  '/_authenticated/admin/kyc-asset-withdraw-address-certification/list',
)({
  validateSearch: WithdrawAddressSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(WithdrawAddressSearchSchema))] },
  component: function KycListRoute() {
    const navigate = Route.useNavigate();
    return (
      <WithdrawAddressListPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});

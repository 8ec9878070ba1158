import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { WithdrawPage } from '../../../../features/withdraw/withdraw-page.tsx';
import { WithdrawHistorySearchSchema } from '../../../../features/withdraw/withdraw-search.ts';
import { listDefaults } from '../../../../ui-kit/list/filter-schemas.ts';

/** SPEC §2 member screen Wallet: withdrawal application, request history with inquiry and cancel. */
export const Route = createFileRoute('/_authenticated/_member/wallet/withdraw')({
  validateSearch: WithdrawHistorySearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(WithdrawHistorySearchSchema))] },
  component: function WithdrawRoute() {
    const navigate = Route.useNavigate();
    return (
      <WithdrawPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});

import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { DepositPage } from '../../../../features/deposit/deposit-page.tsx';
import { DepositHistorySearchSchema } from '../../../../features/deposit/deposit-search.ts';
import { depositAssetsQuery } from '../../../../lib/queries/asset-queries.ts';
import { listDefaults } from '../../../../ui-kit/list/filter-schemas.ts';

/** SPEC §2 member screen Wallet: deposit (address with QR code, memo ID, copy, minimum amount). */
export const Route = createFileRoute('/_authenticated/_member/wallet/deposit')({
  validateSearch: DepositHistorySearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(DepositHistorySearchSchema))] },
  // Search-independent prefetch only: a loader keyed on the search would make every filter change
  // a new route match, which the router replaces with its loading screen on a slow navigation.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(depositAssetsQuery());
  },
  component: function DepositRoute() {
    const navigate = Route.useNavigate();
    return (
      <DepositPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});

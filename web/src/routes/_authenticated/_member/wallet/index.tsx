import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { WalletPage } from '../../../../features/wallet/wallet-page.tsx';
import { walletAssetsQuery } from '../../../../lib/queries/wallet-api.ts';
import { WalletSearchSchema } from '../../../../lib/queries/wallet-search.ts';
import { listDefaults } from '../../../../ui-kit/list/filter-schemas.ts';

/** SPEC §2 member screen Wallet: assets, accounts, account creation and modification, transfers. */
export const Route = createFileRoute('/_authenticated/_member/wallet/')({
  validateSearch: WalletSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(WalletSearchSchema))] },
  // Search-independent prefetch only: a loader keyed on the search would make every filter change
  // a new route match, which the router replaces with its loading screen on a slow navigation.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(walletAssetsQuery());
  },
  component: function WalletRoute() {
    const navigate = Route.useNavigate();
    return (
      <WalletPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});

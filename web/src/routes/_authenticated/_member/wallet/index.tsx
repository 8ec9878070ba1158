import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { listDefaults } from '../../../../features/admin-members/admin-list-search.ts';
import { walletAssetsQuery } from '../../../../features/wallet/wallet-api.ts';
import { WalletPage } from '../../../../features/wallet/wallet-page.tsx';
import { WalletSearchSchema } from '../../../../features/wallet/wallet-search.ts';

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

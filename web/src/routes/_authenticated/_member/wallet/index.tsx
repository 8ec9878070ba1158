import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { listDefaults } from '../../../../features/admin-members/admin-list-search.ts';
import { walletAccountsQuery, walletAssetsQuery } from '../../../../features/wallet/wallet-api.ts';
import { WalletPage } from '../../../../features/wallet/wallet-page.tsx';
import { WalletSearchSchema } from '../../../../features/wallet/wallet-search.ts';

/** SPEC §2 member screen Wallet: assets, accounts, account creation and modification, transfers. */
export const Route = createFileRoute('/_authenticated/_member/wallet/')({
  validateSearch: WalletSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(WalletSearchSchema))] },
  loaderDeps: ({ search }) => search,
  // Not awaited: a new page or filter keeps the rows shown until the next ones arrive.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(walletAssetsQuery());
    void context.queryClient.prefetchQuery(walletAccountsQuery(deps));
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

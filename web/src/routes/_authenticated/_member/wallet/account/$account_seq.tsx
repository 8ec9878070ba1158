import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { AccountPage } from '../../../../../features/wallet/account-page.tsx';
import { parseAccountSeq } from '../../../../../lib/path-params.ts';
import { BalanceLogSearchSchema } from '../../../../../lib/queries/wallet-search.ts';
import { listDefaults } from '../../../../../ui-kit/list/filter-schemas.ts';

/** One wallet account and its balance history (SPEC §2 Wallet). */
export const Route = createFileRoute('/_authenticated/_member/wallet/account/$account_seq')({
  validateSearch: BalanceLogSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(BalanceLogSearchSchema))] },
  beforeLoad: ({ params }) => {
    if (parseAccountSeq(params.account_seq) === undefined) {
      throw redirect({ to: '/404', search: { resource: 'account' }, replace: true });
    }
  },
  component: function WalletAccountRoute() {
    const navigate = Route.useNavigate();
    const seq = parseAccountSeq(Route.useParams().account_seq);
    if (seq === undefined) return null;
    return (
      <AccountPage
        seq={seq}
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});

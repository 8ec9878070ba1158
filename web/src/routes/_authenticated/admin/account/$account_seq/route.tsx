import { createFileRoute, Outlet, useLocation } from '@tanstack/react-router';
import {
  AccountDetailFrame,
  accountTabOf,
  loadAccountOrNotFound,
} from '../../../../../features/admin-ledger/account-detail-frame.tsx';
import { parseAccountSeq } from '../../../../../lib/path-params.ts';

export const Route = createFileRoute('/_authenticated/admin/account/$account_seq')({
  loader: ({ context, params }) => loadAccountOrNotFound(context.queryClient, params.account_seq),
  component: function AccountDetailRoute() {
    const seq = parseAccountSeq(Route.useParams().account_seq);
    const tab = accountTabOf(useLocation().pathname);
    if (seq === undefined) return null;
    return (
      <AccountDetailFrame seq={seq} tab={tab}>
        <Outlet />
      </AccountDetailFrame>
    );
  },
});

import { createFileRoute } from '@tanstack/react-router';
import { AccountViewTab } from '../../../../../features/admin-ledger/account-view-tab.tsx';
import { parseAccountSeq } from '../../../../../lib/path-params.ts';

export const Route = createFileRoute('/_authenticated/admin/account/$account_seq/view')({
  component: function AccountViewRoute() {
    const seq = parseAccountSeq(Route.useParams().account_seq);
    return seq === undefined ? null : <AccountViewTab seq={seq} />;
  },
});

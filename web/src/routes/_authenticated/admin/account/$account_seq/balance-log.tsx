import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { AdminBalanceLogSearchSchema } from '../../../../../features/admin-ledger/admin-ledger-search.ts';
import { BalanceLogTab } from '../../../../../features/admin-ledger/balance-log-tab.tsx';
import { parseAccountSeq } from '../../../../../lib/path-params.ts';
import { listDefaults } from '../../../../../ui-kit/list/filter-schemas.ts';

export const Route = createFileRoute('/_authenticated/admin/account/$account_seq/balance-log')({
  validateSearch: AdminBalanceLogSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(AdminBalanceLogSearchSchema))] },
  component: function AccountBalanceLogRoute() {
    const navigate = Route.useNavigate();
    const seq = parseAccountSeq(Route.useParams().account_seq);
    const search = Route.useSearch();
    if (seq === undefined) return null;
    return (
      <BalanceLogTab
        seq={seq}
        search={search}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});

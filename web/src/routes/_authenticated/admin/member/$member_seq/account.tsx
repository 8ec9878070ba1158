import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { MemberAccountSearchSchema } from '../../../../../features/admin-ledger/admin-ledger-search.ts';
import { MemberAccountsTab } from '../../../../../features/admin-ledger/member-accounts-tab.tsx';
import { parseMemberSeq } from '../../../../../features/admin-members/member-detail-frame.tsx';
import { listDefaults } from '../../../../../ui-kit/list/filter-schemas.ts';

export const Route = createFileRoute('/_authenticated/admin/member/$member_seq/account')({
  validateSearch: MemberAccountSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(MemberAccountSearchSchema))] },
  component: function MemberAccountTabRoute() {
    const navigate = Route.useNavigate();
    const search = Route.useSearch();
    const seq = parseMemberSeq(Route.useParams().member_seq);
    if (seq === undefined) return null;
    return (
      <MemberAccountsTab
        memberSeq={seq}
        search={search}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});

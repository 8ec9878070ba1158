import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { MemberLoginlogSearchSchema } from '../../../../../features/admin-members/admin-list-search.ts';
import { parseMemberSeq } from '../../../../../features/admin-members/member-detail-frame.tsx';
import { MemberLoginlogTab } from '../../../../../features/admin-members/member-list-tabs.tsx';
import { listDefaults } from '../../../../../ui-kit/list/filter-schemas.ts';

export const Route = createFileRoute('/_authenticated/admin/member/$member_seq/loginlog')({
  validateSearch: MemberLoginlogSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(MemberLoginlogSearchSchema))] },
  component: function MemberLoginlogTabRoute() {
    const navigate = Route.useNavigate();
    const search = Route.useSearch();
    const seq = parseMemberSeq(Route.useParams().member_seq);
    if (seq === undefined) return null;
    return (
      <MemberLoginlogTab
        seq={seq}
        search={search}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});

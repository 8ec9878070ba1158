import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { MemberTabSearchSchema } from '../../../../../features/admin-members/admin-list-search.ts';
import { parseMemberSeq } from '../../../../../features/admin-members/member-detail-frame.tsx';
import { MemberOauth2ClientTab } from '../../../../../features/admin-members/member-list-tabs.tsx';
import { listDefaults } from '../../../../../ui-kit/list/filter-schemas.ts';

export const Route = createFileRoute('/_authenticated/admin/member/$member_seq/oauth2-client')({
  validateSearch: MemberTabSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(MemberTabSearchSchema))] },
  component: function MemberOauth2ClientTabRoute() {
    const navigate = Route.useNavigate();
    const search = Route.useSearch();
    const seq = parseMemberSeq(Route.useParams().member_seq);
    if (seq === undefined) return null;
    return (
      <MemberOauth2ClientTab
        seq={seq}
        search={search}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});

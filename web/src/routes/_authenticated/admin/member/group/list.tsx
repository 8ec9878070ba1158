import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { MemberGroupListSearchSchema } from '../../../../../features/admin-members/admin-list-search.ts';
import { MemberGroupListPage } from '../../../../../features/admin-members/member-group-list-page.tsx';
import { listDefaults } from '../../../../../ui-kit/list/filter-schemas.ts';

export const Route = createFileRoute('/_authenticated/admin/member/group/list')({
  validateSearch: MemberGroupListSearchSchema,
  search: { middlewares: [stripSearchParams(listDefaults(MemberGroupListSearchSchema))] },
  component: function MemberGroupListRoute() {
    const navigate = Route.useNavigate();
    return (
      <MemberGroupListPage
        search={Route.useSearch()}
        onSearchChange={(update) => void navigate({ search: update })}
      />
    );
  },
});
